/**
 * `invoice/invoice/{targetInvoiceId}/` (docs/invoicing.md, Screens): one invoice or credit note.
 * Its number, state and moves on top; a draft's form (party, currency, date, terms, PO number,
 * comments), the figures of an issued one; the totals with each tax; its lines in the shared
 * table, chosen to remove from a draft or to credit from an issued invoice.
 */
import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Edit, type Identifier, Link as RaLink, RecordContextProvider, ResourceContextProvider, Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import { EditForm } from '../../generic/GenericEdit';
import { RecordHistory } from '../../generic/RecordHistory';
import { StatusChip } from '../../generic/StatusChip';
import { trackInFlight, useInFlight } from '../../generic/useInFlight';
import { useNotifyError } from '../../hooks/useNotifyError';
import { formatDecimal } from '../../lib/format';
import { isEditable } from '../../lib/lifecycle';
import { choiceWord } from '../../resources/fields';
import { INVOICE_STATUSES } from '../../resources/invoice/invoice-status';
import { invoice } from '../../resources/invoice/invoice';
import { ResourceTable } from '../../table/ResourceTable';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { InvoiceFacts } from './InvoiceFacts';
import { TotalRow } from './TotalRow';
import { InvoiceMoves } from './InvoiceMoves';
import { INVOICE_CARS_PATH, invoicePath } from './invoice-paths';

interface Tax { code: string; rate: string; base: string; amount: string }

function Totals({ inv }: { inv: Record<string, unknown> }) {
  const taxes = (inv.taxes as Tax[] | null) ?? [];
  const row = (label: string, value: unknown, strong = false) => <TotalRow key={label} label={label} value={value} strong={strong} />;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: { sm: 280 } }} data-testid="invoice-totals">
      {row('Subtotal', inv.subtotal)}
      {taxes.length ? taxes.map((t) => row(`${t.code} ${formatDecimal(t.rate).replace(/\.?0+$/, '')} % on ${formatDecimal(t.base, 2)}`, t.amount))
        : row(inv.tax_place === 'EXPORT' ? 'Zero-rated export' : inv.tax_place === 'EXEMPT' ? 'Tax exempt' : 'Taxes', '0')}
      {row(`Total ${String(inv.currency ?? '')}`, inv.total, true)}
      <Typography variant="caption" color="text.secondary">{String(inv.car_count ?? 0)} car{inv.car_count === 1 ? '' : 's'} · taxed as {String(inv.tax_place ?? '—')}</Typography>
    </Paper>
  );
}

function Lines({ inv, onSelect, onChanged }: { inv: Record<string, unknown>; onSelect(ids: Identifier[]): void; onChanged(): void }) {
  const [selected, setSelected] = useState<Identifier[]>([]);
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { inFlight } = useInFlight();
  const draft = inv.status === 'draft';
  const remove = () => trackInFlight(async () => {
    try {
      await dp.callAction(invoice.name, { id: inv.id as Identifier, action: 'remove_items', body: { items: selected } });
      await queryClient.invalidateQueries({ queryKey: ['invoice_item'] });
      notify(`${selected.length} line${selected.length === 1 ? '' : 's'} removed`, { type: 'success' });
      onChanged();
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Box sx={{ mt: 2 }} data-testid="invoice-lines">
      <ResourceTable embedded resource="invoice_item" table="invoice-items" title="Lines" permanentFilter={{ invoice: inv.id }} opensRecords={false}
        onSelectionChange={(ids) => { setSelected(ids); onSelect(ids); }}
        toolbar={(
          <>
            {draft && selected.length > 0 && <Button size="small" color="error" variant="outlined" disabled={inFlight} onClick={() => void remove()}>Remove {selected.length} line{selected.length === 1 ? '' : 's'}</Button>}
            {draft && inv.kind === 'invoice' && <Button size="small" component={Link} to={`${INVOICE_CARS_PATH}?invoice=${String(inv.id)}`}>Add cars</Button>}
          </>
        )} />
    </Box>
  );
}

export default function InvoicePage({ params }: PageProps) {
  const id = String(params.targetInvoiceId);
  const { data: inv, refetch, error } = useGetOne(invoice.name, { id });
  const [selected, setSelected] = useState<Identifier[]>([]);
  if (error) return <Alert severity="error" sx={{ m: 2 }}>This invoice cannot be shown: {String((error as Error).message ?? error)}</Alert>;
  if (!inv) return null;
  const credit = inv.kind === 'credit_note';
  const heading = `${credit ? 'Credit note' : 'Invoice'} ${inv.code ? String(inv.code) : `draft ${String(inv.id)}`}`;
  const changed = () => void refetch();
  return (
    <ResourceContextProvider value={invoice.name}>
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1 }} data-testid="invoice-heading">{heading} <StatusChip value={inv.status} label={choiceWord(INVOICE_STATUSES, inv.status)} /></Typography>
          <InvoiceMoves inv={inv} selected={selected} onChanged={changed} />
        </Stack>
        <Title title={heading} />
        {inv.credit_of && <Alert severity="info" sx={{ mb: 2 }}>Credits <RaLink to={invoicePath(inv.credit_of)}>the invoice it corrects</RaLink>.</Alert>}
        {inv.status === 'void' && <Alert severity="warning" sx={{ mb: 2 }}>Void: {String(inv.void_reason ?? '')}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            {isEditable(invoice, inv) ? (
              <Edit resource={invoice.name} id={id} mutationMode="pessimistic" redirect={false} title={heading} actions={false}>
                <EditForm allowDelete={false} onSaved={changed} back={invoicePath(id)} />
              </Edit>
            ) : (
              <InvoiceFacts inv={inv} />
            )}
          </Box>
          <Totals inv={inv} />
        </Stack>
        <Lines inv={inv} onSelect={setSelected} onChanged={changed} />
        <RecordContextProvider value={inv}><RecordHistory resource={invoice} /></RecordContextProvider>
      </Box>
    </ResourceContextProvider>
  );
}
