/** The input for one declared field, chosen by its kind (see field-rules.ts for the validators). */
import { AutocompleteInput, BooleanInput, DateInput, SelectInput, TextInput } from 'react-admin';
import type { Resource } from '../resources/define';
import { fieldLabel } from '../resources/define';
import { NumericTextInput } from './inputs/NumericTextInput';
import { JsonInput } from './inputs/JsonInput';
import { RefInput } from './inputs/RefInput';
import { TagsInput } from './inputs/TagsInput';
import { FileUploadInput } from './inputs/FileUploadInput';
import { ZonedDateTimeInput } from './inputs/ZonedDateTimeInput';
import { rulesFor, takesMinus } from './field-rules';

export function FieldInput({ resource, name, mode }: { resource: Resource; name: string; mode: 'create' | 'edit' }) {
  const f = resource.fields[name];
  const common = { source: name, label: fieldLabel(resource, name), validate: rulesFor(name, f, mode), helperText: f.help ?? false };
  const helper = f.help;
  switch (f.kind) {
    case 'text':
      // A text picked from a list (a resource's API name): typed to narrow it down, on a phone too.
      if (f.suggest) return <AutocompleteInput {...common} choices={f.suggest().map(([id, label]) => ({ id, name: label }))} />;
      // A field stored upper-case shows the stored form while typing (react-admin's own parse turns '' into null).
      return <TextInput {...common} type={f.format === 'email' ? 'email' : 'text'} parse={f.upper ? (v: string) => (v === '' ? null : v.toUpperCase()) : undefined} />;
    case 'longtext':
      return <TextInput {...common} multiline minRows={3} />;
    case 'integer':
      if (f.flag) return <BooleanInput {...common} format={(v: unknown) => Number(v) === 1} parse={(on: boolean) => (on ? 1 : 0)} />;
      return <NumericTextInput {...common} integer />;
    case 'decimal':
      return <NumericTextInput {...common} signed={takesMinus(name, f)} unit={f.unit} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      // Typed in the record's zone (a ticket's site), stored in UTC (docs/shell.md, Forms).
      return <ZonedDateTimeInput {...common} declaration={resource} />;
    case 'choice':
      return <SelectInput {...common} choices={f.choices.map(([id, label]) => ({ id, name: label }))} emptyText={f.required ? undefined : '—'} />;
    case 'ref':
      return <RefInput source={name} label={common.label} validate={common.validate} helperText={helper} reference={f.to} />;
    case 'refs':
      return <RefInput source={name} label={common.label} validate={common.validate} helperText={helper} reference={f.to} multiple />;
    case 'tags':
      return <TagsInput source={name} label={common.label} validate={common.validate} helperText={helper} choices={f.choices} />;
    case 'json':
      return <JsonInput source={name} label={common.label} validate={common.validate} helperText={helper} />;
    case 'file':
      return <FileUploadInput source={name} label={common.label} validate={common.validate} helperText={helper} accept={f.accept} maxBytes={f.maxBytes} />;
    case 'password':
      return <TextInput {...common} type="password" autoComplete="new-password" parse={(v: string) => (v === '' ? undefined : v)}
        helperText={mode === 'edit' ? (f.secret ? 'Write-only: leave blank to keep the one stored.' : 'Leave blank to keep the current password.') : (helper ?? false)} />;
  }
}
