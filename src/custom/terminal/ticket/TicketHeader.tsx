/** The ticket's header: code, status chip, type, site, dates and times, parties, and the product card. */
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { RefLabel } from '../../../generic/RefLabel';
import { sentLabel } from '../../../lib/ref-labels';
import { getResource } from '../../../resources/index';
import { TB_TICKET } from '../../../resources/terminal/common';
import { fieldLabel } from '../../../resources/define';
import { StatusChip } from '../../../generic/StatusChip';
import { ProductCardById } from '../product/ProductCard';
import { statusLabel } from './ticket-moves';
import { formatInZone, rowTimeZone } from '../../../lib/time-zone';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { useZoneRules } from '../../../hooks/useZoneRules';

const PARTIES = ['shipper', 'consignee', 'producer', 'carrier', 'source_location', 'destination_location', 'vehicle', 'trailer', 'driver'];

/** A time at the ticket's site, as the PDF prints it: `2026-11-22 21:19 MST` (docs/terminal.md, Site time). */
const when = (v: unknown, zone: string) => (v ? formatInZone(v, zone) : '—');

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body2" component="div">{children}</Typography>
    </Box>
  );
}

export function TicketHeader({ ticket, actions }: { ticket: RaRecord; actions?: React.ReactNode }) {
  const r = getResource(TB_TICKET);
  const type = r.fields.ticket_type;
  const typeLabel = type.kind === 'choice' ? type.choices.find(([id]) => id === ticket.ticket_type)?.[1] : undefined;
  const zone = rowTimeZone(ticket, useCompanyTimeZone());
  // The server's rules for the site's zone: the header reads as the printed ticket (src/hooks/useZoneRules.ts).
  useZoneRules([zone]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h5" component="h2" data-testid="ticket-code">Ticket {String(ticket.code ?? '')}</Typography>
            <StatusChip value={ticket.status} label={statusLabel(ticket.status)} />
            <Typography variant="body2" color="text.secondary">{typeLabel ?? String(ticket.ticket_type ?? '')}</Typography>
          </Stack>
          {actions && <Box sx={{ mt: 1.5 }}>{actions}</Box>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 1.5, mt: 2 }}>
            <Item label="Site"><RefLabel reference="terminalboss/v3/site" id={ticket.created_by_server} label={sentLabel(ticket, 'created_by_server')} /></Item>
            <Item label="Ticket date">{String(ticket.ticket_date ?? '—')}</Item>
            <Item label="Start">{when(ticket.start_time, zone)}</Item>
            <Item label="End">{when(ticket.end_time, zone)}</Item>
            {PARTIES.map((p) => {
              const f = r.fields[p];
              return (
                <Item key={p} label={fieldLabel(r, p)}>
                  {f.kind === 'ref' ? <RefLabel reference={f.to} id={ticket[p]} label={sentLabel(ticket, p)} /> : '—'}
                </Item>
              );
            })}
            <Item label="BOL number">{String(ticket.bol_number ?? '—')}</Item>
            <Item label="PO number">{String(ticket.po_number ?? '—')}</Item>
            <Item label="Seal numbers">{String(ticket.seal_numbers ?? '—')}</Item>
            <Item label="Customs invoice">{String(ticket.customs_invoice ?? '—')}</Item>
          </Box>
          {ticket.status === 'void' && ticket.void_reason ? <Typography variant="body2" color="error" sx={{ mt: 1 }}>Voided: {String(ticket.void_reason)}</Typography> : null}
          {ticket.limit_warning && ticket.status !== 'void' ? <Alert severity="warning" sx={{ mt: 1 }} data-testid="limit-warning">{String(ticket.limit_warning)}</Alert> : null}
        </Box>
        <Box sx={{ width: { md: 300 }, flexShrink: 0 }}>
          <ProductCardById id={ticket.product as string | null} />
        </Box>
      </Stack>
    </Paper>
  );
}
