/**
 * `config/codeGenerators/` (docs/rail.md §11.12): the shared table of the company's code
 * generators. A row opens its form in a dialog at `config/codeGenerators/{id}/`, with the next
 * number previewed and the placeholders of its type. Add offers only the types without a
 * generator: it makes one with the type's defaults (`get_or_create/`, which numbers the same way as
 * having none) and opens its form.
 */
import { useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Menu, MenuItem, type Theme, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { EditBase, ResourceContextProvider, Title, useCanAccess, useDataProvider, useEditContext, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ResourceTable } from '../../../table/ResourceTable';
import { ResourceForm } from '../../../generic/ResourceForm';
import { useSubmit } from '../../../generic/useSubmit';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import type { PageProps } from '../../../routes/define-route';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { CODE_TYPES, type GeneratorType, codeGenerator } from '../../../resources/rail/code-generator';
import type { Resource } from '../../../resources/define';
import { useNumbering } from './numbering-api';
import { type InsertRef, NumberingPlaceholders, NumberingPreview } from './NumberingHelp';

const LIST = buildPath(ROUTES.configCodeGenerators.path);
const typeLabel = (type: unknown) => CODE_TYPES.find(([t]) => t === type)?.[1] ?? String(type);
/** The dialog's form: the declaration's without the type, which a generator keeps (its title names it). */
const FORM: Resource = { ...codeGenerator, form: { sections: [{ label: codeGenerator.label, fields: codeGenerator.form.sections.flatMap((s) => s.fields).filter((f) => f !== 'code_type') }] } };

function GeneratorForm({ onDone }: { onDone(): void }) {
  const { record } = useEditContext();
  const type = record?.code_type as GeneratorType | undefined;
  const { state, columns } = useNumbering(codeGenerator.name, type);
  const insertRef: InsertRef = useRef(null);
  const { submit } = useSubmit(FORM, 'edit', record, { onSaved: onDone });
  if (!record || !type || state.isPending || columns.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (state.error || columns.error) return <Alert severity="error">{(state.error ?? columns.error)!.message}</Alert>;
  return (
    <ResourceForm resource={FORM} mode="edit" onSubmit={submit} allowDelete={false}
      sectionExtras={{
        [codeGenerator.label]: (
          <>
            <NumberingPreview type={type} state={state.data} columns={columns.data} insertRef={insertRef} />
            <NumberingPlaceholders columns={columns.data} insertRef={insertRef} canEdit />
          </>
        ),
      }} />
  );
}

function GeneratorTitle({ onClose }: { onClose(): void }) {
  const { record } = useEditContext();
  return (
    <DialogTitle sx={{ pr: 6 }}>
      {record ? typeLabel(record.code_type) : codeGenerator.label}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
    </DialogTitle>
  );
}

function GeneratorDialog({ id, onClose }: { id: number; onClose(): void }) {
  // On a phone the form takes the screen, its Save bar at the foot as on every form there.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="body" fullScreen={phone}>
      <EditBase resource={codeGenerator.name} id={id} mutationMode="pessimistic">
        <GeneratorTitle onClose={onClose} />
        <DialogContent sx={{ px: 0 }}>
          <GeneratorForm onDone={onClose} />
        </DialogContent>
      </EditBase>
    </Dialog>
  );
}

/** Add: the types the company has no generator of yet, read when the menu opens (a row deleted a moment ago counts). */
function AddGenerator({ onMade }: { onMade(id: number): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [missing, setMissing] = useState<(typeof CODE_TYPES)[number][] | null>(null);
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const openMenu = async (target: HTMLElement) => {
    setAnchor(target);
    setMissing(null);
    const { data } = await dp.getList(codeGenerator.name, { pagination: { page: 1, perPage: CODE_TYPES.length }, sort: { field: 'code_type', order: 'ASC' }, filter: {} });
    setMissing(CODE_TYPES.filter(([t]) => !data.some((g) => g.code_type === t)));
  };
  const add = async (type: GeneratorType) => {
    setAnchor(null);
    try {
      const made = await dp.callAction(codeGenerator.name, { action: 'get_or_create', method: 'GET', query: { code_type: type } }) as { id: number };
      await queryClient.invalidateQueries({ queryKey: [codeGenerator.name] });
      onMade(made.id);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={(e) => void openMenu(e.currentTarget)}>Add</Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {missing === null && <MenuItem disabled>Reading…</MenuItem>}
        {missing?.length === 0 && <MenuItem disabled>Every type has its generator</MenuItem>}
        {missing?.map(([type, label]) => <MenuItem key={type} onClick={() => void add(type)}>{label}</MenuItem>)}
      </Menu>
    </>
  );
}

export default function CodeGeneratorsPage({ params }: PageProps) {
  const navigate = useNavigate();
  const open = (id: unknown) => navigate(buildPath(ROUTES.configCodeGenerator.path, { generatorId: Number(id) }));
  const { canAccess: canAdd } = useCanAccess({ resource: codeGenerator.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: codeGenerator.name, action: 'edit' });
  const id = typeof params.generatorId === 'number' ? params.generatorId : undefined;
  return (
    <ResourceContextProvider value={codeGenerator.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Code generators" />
        <ResourceTable resource={codeGenerator.name} title="Code generators" onRowClick={canEdit ? (row) => open(row.id) : undefined}
          toolbar={canAdd ? <AddGenerator onMade={open} /> : null} />
      </Box>
      {id !== undefined && <GeneratorDialog id={id} onClose={() => navigate(LIST)} />}
    </ResourceContextProvider>
  );
}
