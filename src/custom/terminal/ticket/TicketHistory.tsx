/**
 * The ticket's API history (`{id}/history/`), shown only with can_view_ticket_api_history. Its
 * times, when a change was made and the times changed, are written in the ticket's site's zone, as
 * everywhere else (docs/terminal.md, Site time).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type Identifier, useDataProvider } from 'react-admin';
import { RefLabel } from '../../../generic/RefLabel';
import { getResource } from '../../../resources/index';
import { TB_TICKET } from '../../../resources/terminal/common';
import { fieldLabel } from '../../../resources/define';
import type { AppDataProvider } from '../../../dataProvider';
import { ticketApi } from './ticket-api';
import { formatInZone } from '../../../lib/time-zone';
import { useZoneRules } from '../../../hooks/useZoneRules';

const plain = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A changed value: references by their record's label, choices by their label. */
function Value({ field, value, zone }: { field: string; value: unknown; zone: string }) {
  const f = getResource(TB_TICKET).fields[field];
  if (f?.kind === 'ref' && value) {
    return <RefLabel reference={f.to} id={value} />;
  }
  if (f?.kind === 'datetime' && typeof value === 'string') return <>{formatInZone(value, zone)}</>;
  if (f?.kind === 'choice') return <>{f.choices.find(([id]) => id === value)?.[1] ?? plain(value)}</>;
  return <>{plain(value)}</>;
}

export function TicketHistory({ ticketId, zone }: { ticketId: Identifier; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  useZoneRules([zone]);
  const { data, error, isPending } = useQuery({ queryKey: ['terminalboss/v3/ticket', 'history', ticketId], queryFn: () => ticketApi(dp).history(ticketId) });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <Paper variant="outlined" data-testid="ticket-history">
      <Table size="small">
        <TableHead><TableRow><TableCell>When</TableCell><TableCell>Who</TableCell><TableCell>Action</TableCell><TableCell>Changes</TableCell></TableRow></TableHead>
        <TableBody>
          {(data ?? []).map((h, i) => (
            <TableRow key={i} sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(h.at, zone)}</TableCell>
              <TableCell>{h.user ?? '—'}</TableCell>
              <TableCell>{h.action}</TableCell>
              <TableCell>
                {Object.entries(h.changes ?? {}).map(([field, [from, to]]) => (
                  <Typography key={field} variant="body2"><b>{fieldLabel(getResource(TB_TICKET), field)}</b>: <Value field={field} value={from} zone={zone} /> → <Value field={field} value={to} zone={zone} /></Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
          {!isPending && !data?.length && <TableRow><TableCell colSpan={4}><Typography variant="body2" color="text.secondary">No history.</Typography></TableCell></TableRow>}
        </TableBody>
      </Table>
    </Paper>
  );
}
