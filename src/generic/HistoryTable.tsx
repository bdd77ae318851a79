/**
 * An audit trail as people read it (the ticket history, the rail history): when in the record's
 * zone, who, what was done, and each changed field as "Consignee: Gulf Coast Refining LLC → Great
 * Lakes Propane Co.", references by their record's label and choices by their label. A table on a
 * wide screen; a card per change on a phone.
 */
import { type ReactNode, useState } from 'react';
import { Alert, Box, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, type Theme, Typography, useMediaQuery } from '@mui/material';
import { RefLabel } from './RefLabel';
import { fieldLabel, type Resource } from '../resources/define';
import { formatInZone } from '../lib/time-zone';
import { useZoneRules } from '../hooks/useZoneRules';

export interface HistoryEntry {
  at: string;
  user: string | null;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  /** Per changed reference the labels before and after, as the server sends them (null: not visible, or no longer there). */
  _labels?: Record<string, [unknown, unknown]>;
}

const plain = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A changed value: references by their record's label, choices by their label, times in the zone. */
function Value({ r, field, value, label, zone }: { r: Resource; field: string; value: unknown; label: unknown; zone: string }) {
  const f = r.fields[field];
  if (f?.kind === 'ref' && value) return <RefLabel reference={f.to} id={value} label={label as string | null | undefined} />;
  if (f?.kind === 'refs' && Array.isArray(label)) return <>{label.length ? label.map((l) => l ?? 'not visible').join(', ') : '—'}</>;
  if (f?.kind === 'datetime' && typeof value === 'string') return <>{formatInZone(value, zone)}</>;
  if (f?.kind === 'choice') return <>{f.choices.find(([id]) => id === value)?.[1] ?? plain(value)}</>;
  return <>{plain(value)}</>;
}

/** A create or a large edit names many fields: the first few show, the rest on request. */
const SHOWN = 5;

function Changes<T extends HistoryEntry>({ row, resourceOf, zone }: { row: T; resourceOf(row: T): Resource; zone: string }) {
  const r = resourceOf(row);
  const [all, setAll] = useState(false);
  // Stored as JSON the changes lose their order: they read in the declaration's, as the form does.
  const order = Object.keys(r.fields);
  const entries = Object.entries(row.changes ?? {}).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const shown = all || entries.length <= SHOWN + 1 ? entries : entries.slice(0, SHOWN);
  return (
    <>
      {shown.map(([field, [from, to]]) => (
        <Typography key={field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <b>{fieldLabel(r, field)}</b>: <Value r={r} field={field} value={from} label={row._labels?.[field]?.[0]} zone={zone} /> → <Value r={r} field={field} value={to} label={row._labels?.[field]?.[1]} zone={zone} />
        </Typography>
      ))}
      {shown.length < entries.length && (
        <Link component="button" type="button" variant="body2" onClick={() => setAll(true)}>Show all {entries.length} changes</Link>
      )}
    </>
  );
}

interface Props<T extends HistoryEntry> {
  rows: T[] | undefined;
  isPending: boolean;
  error: unknown;
  zone: string;
  /** The declaration a row's fields are labelled by. */
  resourceOf(row: T): Resource;
  /** What was done, as a person says it (default: the stored action). */
  describe?(row: T): ReactNode;
  testId?: string;
  empty?: string;
}

export function HistoryTable<T extends HistoryEntry>({ rows, isPending, error, zone, resourceOf, describe = (row) => row.action, testId, empty = 'No history.' }: Props<T>) {
  useZoneRules([zone]);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending) return <Box sx={{ p: 2 }}><CircularProgress size={20} /></Box>;
  if (!rows?.length) return <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid={testId}>{empty}</Typography>;
  if (phone) {
    return (
      <Stack spacing={1} data-testid={testId} sx={{ p: 0.5 }}>
        {rows.map((h, i) => (
          <Paper key={i} variant="outlined" sx={{ p: 1 }}>
            <Typography variant="caption" color="text.secondary">{formatInZone(h.at, zone)} · {h.user ?? '—'}</Typography>
            <Typography variant="subtitle2">{describe(h)}</Typography>
            <Changes row={h} resourceOf={resourceOf} zone={zone} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" data-testid={testId}>
      <Table size="small">
        <TableHead><TableRow><TableCell>When</TableCell><TableCell>Who</TableCell><TableCell>Action</TableCell><TableCell>Changes</TableCell></TableRow></TableHead>
        <TableBody>
          {rows.map((h, i) => (
            <TableRow key={i} sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(h.at, zone)}</TableCell>
              <TableCell>{h.user ?? '—'}</TableCell>
              <TableCell>{describe(h)}</TableCell>
              <TableCell><Changes row={h} resourceOf={resourceOf} zone={zone} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
