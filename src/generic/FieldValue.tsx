/** Read-only display of one declared field of the current record (show page). */
import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Field } from '../resources/fields';
import { formatDecimal, formatMeasure, formatQuantity } from '../lib/format';
import { valueAt } from '../resources/additional-values';
import { formatInZone, rowTimeZone } from '../lib/time-zone';
import { useCompanyTimeZone } from '../hooks/useCompanyTimeZone';
import { useZoneRules } from '../hooks/useZoneRules';
import { FileLink } from './inputs/FileLink';
import { StatusChip } from './StatusChip';
import { RefValue } from './RefValue';
import { chipStatus } from './chip-color';

const empty = <Typography variant="body2" color="text.disabled">—</Typography>;

export function FieldValue({ name, field }: { name: string; field: Field }) {
  const record = useRecordContext();
  // Times in the record's own zone (a ticket's site), else the company's (docs/architecture.md, Time zones).
  const companyZone = useCompanyTimeZone();
  const zone = rowTimeZone(record, companyZone);
  // The server's rules for the zone, so the time reads as on the PDF (src/hooks/useZoneRules.ts).
  useZoneRules(field.kind === 'datetime' ? [zone] : []);
  const v = record ? valueAt(record, name) : undefined;
  if (field.kind === 'ref') return v == null ? empty : <RefValue name={name} field={field} />;
  if (field.kind === 'refs') return Array.isArray(v) && v.length ? <RefValue name={name} field={field} /> : empty;
  if (field.kind === 'choice' && field.chip) return <StatusChip value={v} status={chipStatus(field.chip, v)} label={field.choices.find(([id]) => id === v)?.[1]} />;
  if (v === null || v === undefined || v === '') return empty;
  if (field.kind === 'file') return <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><FileLink id={String(v)} /></Stack>;
  switch (field.kind) {
    case 'boolean': return <Typography variant="body2">{v ? 'Yes' : 'No'}</Typography>;
    case 'decimal': return <Typography variant="body2">{field.asWritten ? formatDecimal(v) : formatMeasure(v, field)}</Typography>;
    case 'integer': if (field.flag) return <Typography variant="body2">{Number(v) === 1 ? 'Yes' : 'No'}</Typography>;
      return <Typography variant="body2">{field.identifier ? String(v) : formatQuantity(v as number, 0)}</Typography>;
    case 'choice': return <Typography variant="body2">{field.choices.find(([id]) => id === v)?.[1] ?? String(v)}</Typography>;
    case 'datetime': return <Typography variant="body2">{formatInZone(v, zone)}</Typography>;
    case 'tags': return <Stack direction="row" spacing={0.5}>{(v as string[]).map((t) => <Chip key={t} size="small" label={t} />)}</Stack>;
    case 'json': return <Typography component="pre" variant="body2" sx={{ fontFamily: 'monospace', m: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(v, null, 2)}</Typography>;
    case 'password': return <Typography variant="body2">••••••••</Typography>;
    default: return <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{String(v)}</Typography>;
  }
}
