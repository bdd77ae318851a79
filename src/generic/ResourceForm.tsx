/** The generic create/edit form: the declaration's sections, one input per field, and its toolbar. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar, useCanAccess } from 'react-admin';
import type { Resource } from '../resources/define';
import { FieldInput } from './FieldInput';
import { createDefaults, formSections } from './field-rules';
import { DeleteRecordButton } from './DeleteRecordButton';
import { useInFlight } from './useInFlight';
import { useProfile } from '../hooks/useProfile';

interface Props {
  resource: Resource;
  mode: 'create' | 'edit';
  onSubmit(values: Record<string, unknown>): Promise<Record<string, string> | undefined>;
  notice?: ReactNode;
  /** Singletons such as the company's configuration are never deleted from their form. */
  allowDelete?: boolean;
  /** Extra content at the top of a section, by section label (e.g. the UWI helper of locations). */
  sectionExtras?: Record<string, ReactNode>;
  /** A section shown first (the location form starts with its UWI). */
  leadSection?: string;
}

function FormToolbar({ resource, mode, allowDelete }: { resource: Resource; mode: 'create' | 'edit'; allowDelete: boolean }) {
  const { inFlight } = useInFlight();
  const { canAccess: canDelete } = useCanAccess({ resource: resource.name, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton disabled={inFlight} />
      {mode === 'edit' && allowDelete && canDelete && <DeleteRecordButton resource={resource} />}
    </Toolbar>
  );
}

export function ResourceForm({ resource, mode, onSubmit, notice, allowDelete = true, sectionExtras, leadSection }: Props) {
  const { permissions: profile } = useProfile();
  const all = formSections(resource, profile ?? null);
  const sections = leadSection ? [...all.filter((s) => s.label === leadSection), ...all.filter((s) => s.label !== leadSection)] : all;
  return (
    <SimpleForm
      onSubmit={onSubmit}
      toolbar={<FormToolbar resource={resource} mode={mode} allowDelete={allowDelete} />}
      defaultValues={mode === 'create' ? createDefaults(resource) : undefined}
      // After a conflict reload, the fresh record becomes the baseline but typed values stay.
      resetOptions={{ keepDirtyValues: true }}
      sx={{ maxWidth: 720 }}
    >
      {notice}
      {sections.map((s) => (
        <Box key={s.label} sx={{ width: '100%', mb: 1 }}>
          {sections.length > 1 && <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>{s.label}</Typography>}
          {sectionExtras?.[s.label]}
          {s.fields.map((name) => <FieldInput key={name} resource={resource} name={name} mode={mode} />)}
        </Box>
      ))}
    </SimpleForm>
  );
}
