/**
 * `partner/v3ticket/` and `partner/ticketview/` (docs/partners.md, Partner tickets): the terminal
 * tickets shared with the company (completed or void, naming it as shipper, consignee or carrier),
 * or, for the terminal, the tickets it shares. A row opens the ticket's bill of lading; selected
 * tickets print as a zip or one PDF, and mail to the company's contacts.
 */
import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { type Identifier, Title } from 'react-admin';
import { hasPermissions } from '../../authProvider/permissions';
import { useProfile } from '../../hooks/useProfile';
import { EMAIL_PARTNER_TICKETS, partnerTicket } from '../../resources/partner/ticket';
import { ResourceTable } from '../../table/ResourceTable';
import { useTicketPrinting } from '../terminal/ticket/useTicketPrinting';
import { useBusyAction } from '../../hooks/useBusyAction';

const FILTER_BAR = ['ticket_date', 'status'] as const;

export default function PartnerTicketsPage() {
  const { permissions } = useProfile();
  const mayEmail = hasPermissions(permissions, { [`${partnerTicket.perms.app}.${partnerTicket.perms.model}`]: [EMAIL_PARTNER_TICKETS] });
  const [selected, setSelected] = useState<Identifier[]>([]);
  const printing = useTicketPrinting(partnerTicket.name, selected, mayEmail);
  const { run } = useBusyAction();
  const n = selected.length;
  const toolbar = n > 0 ? (
    <>
      <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{n} selected</Typography>
      {printing.buttons}
    </>
  ) : null;
  return (
    <Box>
      <Title title="Tickets" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Terminal tickets that name your company as shipper, consignee or carrier, once the terminal has completed them. Open a ticket for its bill of lading.
      </Typography>
      {printing.progress}
      <ResourceTable resource={partnerTicket.name} table="partner-tickets" filterBar={FILTER_BAR} toolbar={toolbar}
        onSelectionChange={setSelected} onViewInFleet={null} onTrace={null}
        onRowClick={(row) => void run(async () => { await printing.api.print(row.id as Identifier, 'BOL'); })} />
      {printing.dialog}
    </Box>
  );
}
