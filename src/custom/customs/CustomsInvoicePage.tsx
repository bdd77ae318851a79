/**
 * `customs/invoice/{targetInvoiceId}/` (docs/invoicing.md, Customs screens): one customs invoice.
 * Its number and state with the moves this user may make; a draft's or a returned one's form
 * (date, port of entry, broker, terms, freight, discount, comments), the facts of one sent or
 * closed; the parties as it was made with them; the totals; its cars with tariff code, dangerous
 * goods, quantity and value; the history.
 */
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { Edit, Labeled, RecordContextProvider, ResourceContextProvider, Title, useGetOne } from 'react-admin';
import type { PageProps } from '../../routes/define-route';
import { EditForm } from '../../generic/GenericEdit';
import { FieldValue } from '../../generic/FieldValue';
import { RecordHistory } from '../../generic/RecordHistory';
import { StatusChip } from '../../generic/StatusChip';
import { addressLines } from '../../lib/address';
import { formatDecimal } from '../../lib/format';
import { isEditable } from '../../lib/lifecycle';
import { choiceWord } from '../../resources/fields';
import { fieldLabel } from '../../resources/define';
import { CUSTOMS_ITEM, customsInvoice } from '../../resources/invoice/customs-invoice';
import { CUSTOMS_STATUSES } from '../../resources/invoice/customs-status';
import { ResourceTable } from '../../table/ResourceTable';
import { CustomsMoves } from './CustomsMoves';
import { TotalRow } from '../invoice/TotalRow';
import { customsPath } from './customs-paths';

interface Party { name?: string; address?: string | null; city?: string | null; province?: string | null; postal_code?: string | null; country?: string | null; tax_number?: string | null; email?: string | null }
const PARTIES = [['exporter', 'Exporter'], ['seller', 'Seller'], ['buyer', 'Buyer'], ['consignee', 'Consignee'], ['importer', 'Importer of record'], ['broker', 'Customs broker']] as const;
const FACTS = [
  'invoice_date', 'rail_shipment', 'export_country', 'import_country', 'port_of_entry', 'end_use', 'shipment_method_of_payment_choice', 'TSCA_statement',
  'census_schedule', 'buyer_related', 'sent_at', 'sent_to', 'entry_number', 'comments',
] as const;

function Parties({ inv }: { inv: Record<string, unknown> }) {
  const parties = (inv.parties ?? {}) as Record<string, Party | null>;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="customs-parties">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
        {PARTIES.map(([key, label]) => {
          const p = parties[key];
          return (
            <Box key={key}>
              <Typography variant="caption" color="text.secondary">{label}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{p?.name ?? '—'}</Typography>
              {[...addressLines(p as Record<string, unknown> | null), p?.tax_number ? `Tax number ${p.tax_number}` : null, key === 'broker' ? p?.email : null].filter(Boolean).map((line) => (
                <Typography key={String(line)} variant="body2" color="text.secondary">{line}</Typography>
              ))}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

function Facts({ inv }: { inv: Record<string, unknown> }) {
  const shown = FACTS.filter((n) => inv[n] !== null && inv[n] !== undefined && inv[n] !== '');
  return (
    <RecordContextProvider value={inv}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="customs-facts">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          {shown.map((n) => (
            <Box key={n} sx={n === 'comments' ? { gridColumn: '1 / -1' } : undefined}>
              <Labeled label={fieldLabel(customsInvoice, n)}><FieldValue name={n} field={customsInvoice.fields[n]} /></Labeled>
            </Box>
          ))}
        </Box>
      </Paper>
    </RecordContextProvider>
  );
}

function Totals({ inv }: { inv: Record<string, unknown> }) {
  const row = (label: string, value: unknown, strong = false) => <TotalRow key={label} label={label} value={value} strong={strong} empty="not invoiced" />;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: { sm: 280 }, width: { xs: '100%', md: 'auto' }, boxSizing: 'border-box' }} data-testid="customs-totals">
      {row('Value of goods', inv.goods_value)}
      {row('Discount', inv.discount_amount ?? '0')}
      {row('Freight', inv.cost_of_freight)}
      {row(`Total ${String(inv.currency ?? '')}`, inv.total, true)}
      <Typography variant="caption" color="text.secondary">
        {String(inv.car_count ?? 0)} car{inv.car_count === 1 ? '' : 's'} · {formatDecimal(inv.quantity_total ?? '0', 3)} {String(inv.unit_or_basis_for_measurement ?? '')}
      </Typography>
    </Paper>
  );
}

export default function CustomsInvoicePage({ params }: PageProps) {
  const id = String(params.targetInvoiceId);
  const { data: inv, refetch, error } = useGetOne(customsInvoice.name, { id });
  if (error) return <Alert severity="error" sx={{ m: 2 }}>This customs invoice cannot be shown: {String((error as Error).message ?? error)}</Alert>;
  if (!inv) return null;
  const heading = `Customs invoice ${String(inv.code ?? inv.id)}`;
  const changed = () => void refetch();
  return (
    <ResourceContextProvider value={customsInvoice.name}>
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1 }} data-testid="customs-heading">{heading} <StatusChip value={inv.status} label={choiceWord(CUSTOMS_STATUSES, inv.status)} /></Typography>
          <CustomsMoves inv={inv} onChanged={changed} />
        </Stack>
        <Title title={heading} />
        {inv.status === 'returned' && <Alert severity="warning" sx={{ mb: 2 }}>Returned by the broker: {String(inv.return_reason ?? '')}. Correct it, then send it again.</Alert>}
        {inv.status === 'void' && <Alert severity="warning" sx={{ mb: 2 }}>Void: {String(inv.void_reason ?? '')}</Alert>}
        {inv.status === 'cleared' && <Alert severity="success" sx={{ mb: 2 }}>Cleared under entry {String(inv.entry_number ?? '')}.</Alert>}
        <RecordContextProvider value={inv}>
          <Stack direction="row" sx={{ gap: 0.5, mb: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="body2">Cars of shipment</Typography>
            <FieldValue name="rail_shipment" field={customsInvoice.fields.rail_shipment} />
            <Typography variant="body2">crossing {String(inv.export_country)} to {String(inv.import_country)}.</Typography>
          </Stack>
        </RecordContextProvider>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            {isEditable(customsInvoice, inv) ? (
              <Edit resource={customsInvoice.name} id={id} mutationMode="pessimistic" redirect={false} title={heading} actions={false}>
                <EditForm allowDelete={false} onSaved={changed} back={customsPath(id)} />
              </Edit>
            ) : (
              <Facts inv={inv} />
            )}
          </Box>
          <Totals inv={inv} />
        </Stack>
        <Parties inv={inv} />
        <Box sx={{ mt: 2 }} data-testid="customs-lines">
          <ResourceTable embedded resource={CUSTOMS_ITEM} table="customs-items" title="Cars" permanentFilter={{ customs_invoice: inv.id }} opensRecords={false} />
        </Box>
        <RecordContextProvider value={inv}><RecordHistory resource={customsInvoice} /></RecordContextProvider>
      </Box>
    </ResourceContextProvider>
  );
}
