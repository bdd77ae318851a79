/**
 * The invoice's own figures at the top of its form (docs/terminal.md, Invoice screens):
 * what the server set and no one edits (number, customer, contract, totals, who approved, where
 * it was sent), so the page that edits the dates and PO number still shows the whole invoice.
 */
import { Box, Typography } from '@mui/material';
import { Labeled, useRecordContext } from 'react-admin';
import { fieldLabel } from '../../../resources/define';
import { ticketInvoice } from '../../../resources/terminal/ticket-invoice';
import { FieldValue } from '../../../generic/FieldValue';
import { isEditable } from '../../../lib/lifecycle';

const SHOWN = ['code', 'customer', 'service_contract', 'ticket_count', 'currency', 'subtotal', 'tax_total', 'total',
  'sent_for_approval_by', 'approved_by', 'sent_for_payment_at', 'invoice_methods', 'jobutrax_reference', 'jobutrax_message', 'exported_at'] as const;

/** Shown here too once the form no longer edits them (a locked invoice). */
const SET = ['invoice_date', 'due_date', 'po_number'] as const;

export function InvoiceSummary() {
  const record = useRecordContext();
  if (!record) return null;
  const names = isEditable(ticketInvoice, record) ? SHOWN : [...SHOWN.slice(0, 1), ...SET, ...SHOWN.slice(1)];
  const shown = names.filter((n) => record[n] !== null && record[n] !== undefined && !(Array.isArray(record[n]) && !record[n].length));
  return (
    <Box data-testid="invoice-summary" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}>
      {shown.map((n) => (
        <Labeled key={n} label={fieldLabel(ticketInvoice, n)}>
          {n === 'total' ? <Typography variant="h6" component="span"><FieldValue name={n} field={ticketInvoice.fields[n]} /></Typography> : <FieldValue name={n} field={ticketInvoice.fields[n]} />}
        </Labeled>
      ))}
    </Box>
  );
}
