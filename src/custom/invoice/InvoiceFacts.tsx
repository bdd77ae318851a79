/**
 * An issued, paid or void invoice's own facts (docs/invoicing.md, Screens), read only: the party
 * billed with the address it was issued to, its dates and terms, who issued it and when, the day
 * it was paid or why it is void, its comments. A draft shows its form instead.
 */
import { Box, Paper, Typography } from '@mui/material';
import { Labeled, RecordContextProvider } from 'react-admin';
import { fieldLabel } from '../../resources/define';
import { invoice } from '../../resources/invoice/invoice';
import { FieldValue } from '../../generic/FieldValue';
import { addressLines } from '../../lib/address';

const FACTS = ['invoice_date', 'due_date', 'payment_terms_days', 'currency', 'po_number', 'issued_by', 'issued_at', 'paid_date', 'void_reason', 'comments'] as const;

interface Party { name?: string; address?: string | null; city?: string | null; province?: string | null; postal_code?: string | null; country?: string | null; tax_number?: string | null }

const addressOf = (p: Party): string[] => [...addressLines(p as Record<string, unknown>), ...(p.tax_number ? [`Tax number ${p.tax_number}`] : [])];

export function InvoiceFacts({ inv }: { inv: Record<string, unknown> }) {
  const issuedTo = (inv.document as { party?: Party } | null)?.party;
  const shown = FACTS.filter((n) => inv[n] !== null && inv[n] !== undefined && inv[n] !== '');
  return (
    <RecordContextProvider value={inv}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="invoice-facts">
        <Box sx={{ mb: 2 }}>
          <Labeled label={fieldLabel(invoice, 'party')}>
            <Box>
              <FieldValue name="party" field={invoice.fields.party} />
              {issuedTo && addressOf(issuedTo).map((line) => <Typography key={line} variant="body2" color="text.secondary">{line}</Typography>)}
            </Box>
          </Labeled>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          {shown.map((n) => (
            <Box key={n} sx={n === 'comments' || n === 'void_reason' ? { gridColumn: '1 / -1' } : undefined}>
              <Labeled label={fieldLabel(invoice, n)}><FieldValue name={n} field={invoice.fields[n]} /></Labeled>
            </Box>
          ))}
        </Box>
      </Paper>
    </RecordContextProvider>
  );
}
