/**
 * `invoice/products/cars/` (docs/invoicing.md, Cars to invoice): the shipped cars not yet on an
 * invoice, in the shared table with the filter bar (bill-to party, contract, ship date, product).
 * The chosen cars are invoiced at once: on new drafts (one per party and currency) or on a draft
 * picked from the party's; the answer links to the invoices made. Reached from a draft's "Add
 * cars" (`?invoice=`), that draft is picked already.
 */
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { type Identifier, ResourceContextProvider, Title, useDataProvider, useNotify } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ResourceTable } from '../../table/ResourceTable';
import { trackInFlight, useInFlight } from '../../generic/useInFlight';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useProfile } from '../../hooks/useProfile';
import { mayCallAction } from '../../authProvider/permissions';
import { invoice } from '../../resources/invoice/invoice';
import { LOADED_RAIL_CAR } from '../../resources/rail/loaded-rail-car';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { formatDecimal } from '../../lib/format';
import { invoicePath } from './invoice-paths';

const COLUMNS = ['mark_number', 'rail_shipment', 'ship_date', 'bill_to', 'contract', 'product', 'net_volume', 'weight'] as const;
const COMPACT = ['mark_number', 'bill_to', 'ship_date'] as const;
const FILTER_BAR = ['bill_to', 'contract', 'ship_date', 'product'] as const;
/** Shipped, billing a party (not bought on a purchase contract) and on no open invoice line (docs/invoicing.md, Cars to invoice). */
const WAITING = { shipment_status: 'shipped', invoice__isnull: 'true', bill_to__isnull: 'false' };

interface Option { value: string; label: string; detail: string | null }
interface Made { added: number; invoices: { id: number; label: string; lines: number; total: string; currency: string }[] }

function InvoiceDialog({ cars, draft, onClose, onDone }: { cars: Identifier[]; draft: string | null; onClose(): void; onDone(made: Made): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { inFlight } = useInFlight();
  const [onto, setOnto] = useState<'new' | 'draft'>(draft ? 'draft' : 'new');
  const [chosen, setChosen] = useState<string>(draft ?? '');
  const drafts = useQuery({
    queryKey: [invoice.name, 'picker', 'drafts'],
    queryFn: () => dp.callAction(invoice.name, { action: 'picker', method: 'GET', query: { name: 'drafts' } }) as Promise<Option[]>,
  });
  const send = () => trackInFlight(async () => {
    try {
      const made = await dp.callAction(invoice.name, { action: 'invoice_cars', body: { cars, ...(onto === 'draft' && chosen ? { invoice_id: Number(chosen) } : {}) } }) as Made;
      onDone(made);
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Invoice {cars.length} car{cars.length === 1 ? '' : 's'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each car is charged every invoice product its party has a price in force for on the ship date, with the conditions that apply.
        </Typography>
        <RadioGroup value={onto} onChange={(e) => setOnto(e.target.value as 'new' | 'draft')}>
          <FormControlLabel value="new" control={<Radio />} label="On new draft invoices, one per party and currency" />
          <FormControlLabel value="draft" control={<Radio />} label="On a draft invoice" disabled={!drafts.data?.length} />
        </RadioGroup>
        {onto === 'draft' && (
          <TextField select fullWidth label="Draft invoice" value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ mt: 1 }}>
            {(drafts.data ?? []).map((o) => <MenuItem key={o.value} value={o.value}>{o.label} · {o.detail}</MenuItem>)}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={inFlight || (onto === 'draft' && !chosen)} onClick={() => void send()}>Invoice</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function InvoiceCarsPage() {
  const [search] = useSearchParams();
  const draft = search.get('invoice');
  const { permissions } = useProfile();
  const mayInvoice = mayCallAction(permissions, invoice, invoice.actions.invoice_cars);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [selected, setSelected] = useState<Identifier[]>([]);
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const done = async (m: Made) => {
    setAsking(false);
    setMade(m);
    notify(`${m.added} line${m.added === 1 ? '' : 's'} on ${m.invoices.length} invoice${m.invoices.length === 1 ? '' : 's'}`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [LOADED_RAIL_CAR] });
    await queryClient.invalidateQueries({ queryKey: [invoice.name] });
  };
  return (
    <ResourceContextProvider value={LOADED_RAIL_CAR}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Cars to invoice" />
        {made && (
          <Alert severity="success" sx={{ m: 1 }} onClose={() => setMade(null)} data-testid="invoiced">
            Invoiced on {made.invoices.map((i, n) => <span key={i.id}>{n ? ', ' : ''}<Link to={invoicePath(i.id)}>{i.label}</Link> ({i.lines} line{i.lines === 1 ? '' : 's'}, {formatDecimal(i.total, 2)} {i.currency})</span>)}.
          </Alert>
        )}
        <ResourceTable
          resource={LOADED_RAIL_CAR} table="invoice-cars" title="Cars to invoice" columns={COLUMNS} compactColumns={COMPACT}
          permanentFilter={WAITING} filterBar={FILTER_BAR} opensRecords={false}
          onSelectionChange={mayInvoice ? setSelected : undefined}
          toolbar={mayInvoice && selected.length > 0
            ? <Button size="small" variant="contained" startIcon={<ReceiptLongIcon />} onClick={() => setAsking(true)}>Invoice {selected.length} car{selected.length === 1 ? '' : 's'}</Button>
            : null}
        />
        {asking && <InvoiceDialog cars={selected} draft={draft} onClose={() => setAsking(false)} onDone={(m) => void done(m)} />}
      </Box>
    </ResourceContextProvider>
  );
}
