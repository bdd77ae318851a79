/**
 * The rows of a ticket part (entries, properties) edited in place: add, edit and delete inline,
 * each row saved on its own (PATCH with its version). Values follow the declaration's fields;
 * 400 messages show as toasts, since a row has no room for them.
 */
import { useState } from 'react';
import { Button, IconButton, MenuItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { type Identifier, type RaRecord, useCanAccess, useDataProvider, useGetList, useNotify } from 'react-admin';
import { getResource } from '../../../resources/index';
import { fieldLabel } from '../../../resources/define';
import { formatQuantity } from '../../../lib/format';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { useAskDelete } from '../../../generic/DeleteDialog';

type Draft = Record<string, string>;

interface Props {
  resource: string;
  ticketId: Identifier;
  columns: string[];
  /** Quantities' decimals (the company's setting). */
  decimals: number;
  title: string;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

export function InlineRows({ resource, ticketId, columns, decimals, title, sort }: Props) {
  const r = getResource(resource);
  const dp = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const askDelete = useAskDelete();
  const { data = [], isPending, refetch } = useGetList(resource, { filter: { ticket: ticketId }, pagination: { page: 1, perPage: 500 }, sort });
  const { canAccess: canAdd } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const [editing, setEditing] = useState<Identifier | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const { busy, run } = useBusyAction();

  const toDraft = (row?: RaRecord): Draft => Object.fromEntries(columns.map((c) => [c, row?.[c] == null ? String(r.fields[c]?.default ?? '') : String(row[c])]));
  const toValues = (d: Draft) => Object.fromEntries(columns.map((c) => {
    const f = r.fields[c];
    const v = d[c].trim();
    if (v === '') return [c, null];
    return [c, f?.kind === 'integer' ? Number(v) : v];
  }));

  const save = (row?: RaRecord) => run(async () => {
    if (row) await dp.update(resource, { id: row.id, data: toValues(draft), previousData: row });
    else await dp.create(resource, { data: { ...toValues(draft), ticket: ticketId } });
    notify(`${r.label} ${row ? 'saved' : 'added'}`, { type: 'success' });
    setEditing(null);
    await refetch();
  });
  const remove = async (row: RaRecord) => {
    if (!(await askDelete(r, row))) return;
    try {
      await dp.delete(resource, { id: row.id, previousData: row });
      notify(`${r.label} deleted`, { type: 'info' });
      await refetch();
    } catch (e) {
      notifyError(e);
    }
  };

  const show = (c: string, v: unknown) => {
    const f = r.fields[c];
    if (v == null || v === '') return '—';
    if (f?.kind === 'decimal') return `${formatQuantity(v as string, Math.min(decimals, f.places))}${f.unit ? ` ${f.unit}` : ''}`;
    if (f?.kind === 'choice') return f.choices.find(([id]) => id === v)?.[1] ?? String(v);
    if (f?.kind === 'datetime') return new Date(String(v)).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
    return String(v);
  };
  const input = (c: string) => {
    const f = r.fields[c];
    const common = { size: 'small' as const, value: draft[c] ?? '', onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [c]: e.target.value }), variant: 'standard' as const, fullWidth: true, slotProps: { htmlInput: { 'aria-label': fieldLabel(r, c), 'data-testid': `inline-${c}` } } };
    if (f?.kind === 'choice') return <TextField select {...common}>{f.choices.map(([id, label]) => <MenuItem key={id} value={id}>{label}</MenuItem>)}</TextField>;
    return <TextField {...common} type={f?.kind === 'datetime' ? 'datetime-local' : 'text'} />;
  };
  const editor = (row?: RaRecord) => (
    <TableRow key={row ? String(row.id) : 'new'}>
      {columns.map((c) => <TableCell key={c}>{input(c)}</TableCell>)}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton size="small" aria-label="Save row" disabled={busy} onClick={() => void save(row)}><CheckIcon fontSize="small" /></IconButton>
        <IconButton size="small" aria-label="Cancel" onClick={() => setEditing(null)}><CloseIcon fontSize="small" /></IconButton>
      </TableCell>
    </TableRow>
  );

  return (
    <Paper variant="outlined" data-testid={`inline-${r.name.split('/').pop()}`}>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, display: 'flex', alignItems: 'center' }}>
        {title}
        <span style={{ flex: 1 }} />
        {canAdd && editing === null && <Button size="small" startIcon={<AddIcon />} onClick={() => { setDraft(toDraft()); setEditing('new'); }}>Add</Button>}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => <TableCell key={c} align={['decimal', 'integer'].includes(r.fields[c]?.kind ?? '') ? 'right' : 'left'}>{fieldLabel(r, c)}</TableCell>)}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => editing === row.id ? editor(row) : (
            <TableRow key={String(row.id)} hover>
              {columns.map((c) => <TableCell key={c} align={['decimal', 'integer'].includes(r.fields[c]?.kind ?? '') ? 'right' : 'left'}>{show(c, row[c])}</TableCell>)}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 90 }}>
                {canEdit && <IconButton size="small" aria-label="Edit row" disabled={editing !== null} onClick={() => { setDraft(toDraft(row)); setEditing(row.id); }}><EditIcon fontSize="small" /></IconButton>}
                {canDelete && <IconButton size="small" aria-label="Delete row" disabled={editing !== null} onClick={() => void remove(row)}><DeleteIcon fontSize="small" /></IconButton>}
              </TableCell>
            </TableRow>
          ))}
          {editing === 'new' && editor()}
          {!isPending && !data.length && editing !== 'new' && (
            <TableRow><TableCell colSpan={columns.length + 1}><Typography variant="body2" color="text.secondary">None yet.</Typography></TableCell></TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
