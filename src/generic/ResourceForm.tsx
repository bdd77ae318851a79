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
import { FormFoldingPanel } from './FoldingPanel';
import { useAdditionalFields } from '../hooks/useAdditionalFields';

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
  /** Each section a folding panel, the first open, and the toolbar under them (a long form on a phone). */
  folding?: boolean;
  /** A second save beside Save (e.g. "Save and load next"): told before each submit which of the two was pressed. */
  saveAndNext?: { label: string; onChoose(next: boolean): void };
}

/** Folded sections keep a form short, so its toolbar stays under them instead of fixed at the foot of a phone's screen, which the page may use. */
const IN_FLOW = { '&.RaToolbar-mobileToolbar': { position: 'static' } };

interface ToolbarProps { resource: Resource; mode: 'create' | 'edit'; allowDelete: boolean; inFlow: boolean; saveAndNext?: Props['saveAndNext'] }

function FormToolbar({ resource, mode, allowDelete, inFlow, saveAndNext }: ToolbarProps) {
  const { inFlight } = useInFlight();
  const { canAccess: canDelete } = useCanAccess({ resource: resource.name, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', ...(inFlow ? IN_FLOW : {}) }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SaveButton disabled={inFlight} onClick={() => saveAndNext?.onChoose(false)} />
        {saveAndNext && <SaveButton disabled={inFlight} variant="outlined" label={saveAndNext.label} onClick={() => saveAndNext.onChoose(true)} />}
      </Box>
      {mode === 'edit' && allowDelete && canDelete && <DeleteRecordButton resource={resource} />}
    </Toolbar>
  );
}

/**
 * After a conflict reload, the fresh record becomes the baseline but typed values stay. One object
 * for every render: the form resets whenever this changes identity, so a new one each render would
 * reset the form on every render, not only when the record changes.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

export function ResourceForm({ resource: declared, mode, onSubmit, notice, allowDelete = true, sectionExtras, leadSection, folding = false, saveAndNext }: Props) {
  const { permissions: profile } = useProfile();
  // The company's own fields are a section of every form (docs/audit.md, Additional fields).
  const { resource } = useAdditionalFields(declared);
  const all = formSections(resource, profile ?? null);
  const sections = leadSection ? [...all.filter((s) => s.label === leadSection), ...all.filter((s) => s.label !== leadSection)] : all;
  return (
    <SimpleForm
      onSubmit={onSubmit}
      toolbar={<FormToolbar resource={resource} mode={mode} allowDelete={allowDelete} inFlow={folding} saveAndNext={saveAndNext} />}
      defaultValues={mode === 'create' ? createDefaults(resource) : undefined}
      resetOptions={KEEP_TYPED}
      // Without a fixed toolbar to keep clear of, a folding form needs no room at its foot.
      sx={{ maxWidth: 720, ...(folding ? { pb: { xs: 2 } } : {}) }}
    >
      {notice}
      {sections.map((s, i) => {
        const inputs = <>{sectionExtras?.[s.label]}{s.fields.map((name) => <FieldInput key={name} resource={resource} name={name} mode={mode} />)}</>;
        if (folding && sections.length > 1) return <FormFoldingPanel key={s.label} label={s.label} fields={s.fields} defaultOpen={i === 0}>{inputs}</FormFoldingPanel>;
        return (
          <Box key={s.label} sx={{ width: '100%', mb: 1 }}>
            {sections.length > 1 && <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mt: 1 }}>{s.label}</Typography>}
            {inputs}
          </Box>
        );
      })}
    </SimpleForm>
  );
}
