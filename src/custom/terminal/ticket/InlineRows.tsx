/**
 * The rows of a ticket part (entries, properties) edited in place: add, edit and delete inline,
 * each row saved on its own (PATCH with its version). Values follow the declaration's fields and
 * are written as everywhere else: quantities with their declared places and units, times in the
 * row's zone (the ticket's site) with its abbreviation, and typed there too (docs/shell.md, Forms);
 * 400 messages show as toasts, since a row has no room for them.
 */
import { useState } from 'react';
import { Box, Button, IconButton, InputAdornment, MenuItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { type Identifier, type RaRecord, useCanAccess, useDataProvider, useGetList, useNotify } from 'react-admin';
import { getResource } from '../../../resources/index';
import { fieldLabel } from '../../../resources/define';
import { formatMeasure } from '../../../lib/format';
import { formatInZone, instantOfWallTime, rowTimeZone, wallTimeIn, zoneAbbreviation } from '../../../lib/time-zone';
import { useZoneRulesState } from '../../../hooks/useZoneRules';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { useAskDelete } from '../../../generic/DeleteDialog';

type Draft = Record<string, string>;

interface Props {
  resource: string;
  ticketId: Identifier;
  columns: string[];
  /** The zone of the rows' times: the ticket's (its site's); a row's own `time_zone` wins. */
  zone: string;
  title: string;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

export function InlineRows({ resource, ticketId, columns, zone, title, sort }: Props) {
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
  // Times are read and typed by the server's rules for the zone (docs/architecture.md, Time zones).
  const hasTimes = columns.some((c) => r.fields[c]?.kind === 'datetime');
  const zones = useZoneRulesState(hasTimes ? [zone, ...data.map((row) => row.time_zone)] : []);
  const zoneOf = (row?: RaRecord) => rowTimeZone(row, zone);

  const toDraft = (row?: RaRecord): Draft => Object.fromEntries(columns.map((c) => {
    const v = row?.[c] ?? r.fields[c]?.default;
    if (v === null || v === undefined) return [c, ''];
    return [c, r.fields[c]?.kind === 'datetime' ? wallTimeIn(v, zoneOf(row)) : String(v)];
  }));
  const toValues = (d: Draft, row?: RaRecord) => {
    const before = toDraft(row);
    return Object.fromEntries(columns.map((c) => {
      const f = r.fields[c];
      const v = d[c].trim();
      if (v === '') return [c, null];
      if (f?.kind === 'datetime') return [c, row && v === before[c] ? row[c] : instantOfWallTime(v, zoneOf(row))];
      return [c, f?.kind === 'integer' ? Number(v) : v];
    }));
  };

  const save = (row?: RaRecord) => run(async () => {
    if (row) await dp.update(resource, { id: row.id, data: toValues(draft, row), previousData: row });
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

  const show = (c: string, v: unknown, row: RaRecord) => {
    const f = r.fields[c];
    if (v == null || v === '') return '—';
    // The declared places and unit, as the list, the record page and the PDF write them.
    if (f?.kind === 'decimal') return formatMeasure(v, f);
    if (f?.kind === 'choice') return f.choices.find(([id]) => id === v)?.[1] ?? String(v);
    if (f?.kind === 'datetime') return formatInZone(v, zoneOf(row));
    return String(v);
  };
  const input = (c: string, row?: RaRecord) => {
    const f = r.fields[c];
    const common = { size: 'small' as const, value: draft[c] ?? '', onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [c]: e.target.value }), variant: 'standard' as const, fullWidth: true, slotProps: { htmlInput: { 'aria-label': fieldLabel(r, c), 'data-testid': `inline-${c}` } } };
    if (f?.kind === 'choice') return <TextField select {...common}>{f.choices.map(([id, label]) => <MenuItem key={id} value={id}>{label}</MenuItem>)}</TextField>;
    if (f?.kind === 'datetime') {
      // The site's wall clock, its abbreviation beside it; typed only once the zone's rules are in.
      const at = zoneOf(row);
      return (
        <TextField {...common} type="datetime-local" slotProps={{
          htmlInput: { ...common.slotProps.htmlInput, readOnly: !zones.settled, 'data-zone': zones.settled ? at : undefined },
          input: { endAdornment: <InputAdornment position="end" title={at} data-testid={`zone-inline-${c}`}>{zoneAbbreviation(at, instantOfWallTime(draft[c], at) ?? undefined)}</InputAdornment> },
        }} />
      );
    }
    return <TextField {...common} />;
  };
  const editor = (row?: RaRecord) => (
    <TableRow key={row ? String(row.id) : 'new'}>
      {columns.map((c) => <TableCell key={c}>{input(c, row)}</TableCell>)}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton size="small" aria-label="Save row" disabled={busy} onClick={() => void save(row)}><CheckIcon fontSize="small" /></IconButton>
        <IconButton size="small" aria-label="Cancel" onClick={() => setEditing(null)}><CloseIcon fontSize="small" /></IconButton>
      </TableCell>
    </TableRow>
  );

  return (
    <Paper variant="outlined" data-testid={`inline-${r.name.split('/').pop()}`}>
      <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1.5, display: 'flex', alignItems: 'center' }}>
        {title}
        <span style={{ flex: 1 }} />
        {canAdd && editing === null && <Button size="small" startIcon={<AddIcon />} onClick={() => { setDraft(toDraft()); setEditing('new'); }}>Add</Button>}
      </Typography>
      {/* The columns scroll sideways inside the panel on a phone; the page keeps the screen's width. */}
      <Box sx={{ overflowX: 'auto' }}>
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
                {columns.map((c) => <TableCell key={c} align={['decimal', 'integer'].includes(r.fields[c]?.kind ?? '') ? 'right' : 'left'}>{show(c, row[c], row)}</TableCell>)}
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
      </Box>
    </Paper>
  );
}
