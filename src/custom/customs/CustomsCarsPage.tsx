/**
 * `customs/cars/` (docs/invoicing.md, Cars awaiting customs papers): the cars whose shipment leaves
 * one country for another and that are on no open customs invoice, in the shared table with the
 * filter bar (shipment, contract, ship date, product). The chosen cars get their customs invoices
 * at once, one per shipment, on their contracts' cross-border terms or on the contract picked in
 * the dialog; the answer links to the invoices made.
 */
import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import ArticleIcon from '@mui/icons-material/Article';
import { type Identifier, ResourceContextProvider, Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ActionDialog } from '../../generic/ActionDialog';
import { ResourceTable } from '../../table/ResourceTable';
import { formatDecimal } from '../../lib/format';
import { customsInvoice } from '../../resources/invoice/customs-invoice';
import { LOADED_RAIL_CAR } from '../../resources/rail/loaded-rail-car';
import { customsPath } from './customs-paths';
import { useCustomsRights } from './CustomsSend';

const COLUMNS = ['mark_number', 'rail_shipment', 'ship_date', 'crossing', 'contract', 'product', 'net_volume', 'weight'] as const;
const COMPACT = ['mark_number', 'rail_shipment', 'crossing'] as const;
const FILTER_BAR = ['rail_shipment', 'contract', 'ship_date', 'product'] as const;
/** Crossing a border, on no open customs line (docs/invoicing.md, Cars awaiting customs papers). */
const WAITING = { crossing__isnull: 'false', customs_invoice__isnull: 'true' };

interface Made { made: number; invoices: { id: number; label: string; cars: number; total: string; currency: string }[] }

export default function CustomsCarsPage() {
  const { mayMake } = useCustomsRights();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [selected, setSelected] = useState<Identifier[]>([]);
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const done = async (m: Made) => {
    setAsking(false);
    setMade(m);
    notify(`${m.made} customs invoice${m.made === 1 ? '' : 's'} made`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [LOADED_RAIL_CAR] });
    await queryClient.invalidateQueries({ queryKey: [customsInvoice.name] });
  };
  return (
    <ResourceContextProvider value={LOADED_RAIL_CAR}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Customs cars" />
        {made && (
          <Alert severity="success" sx={{ m: 1 }} onClose={() => setMade(null)} data-testid="customs-made">
            Made {made.invoices.map((i, n) => <span key={i.id}>{n ? ', ' : ''}<Link to={customsPath(i.id)}>{i.label}</Link> ({i.cars} car{i.cars === 1 ? '' : 's'}, {formatDecimal(i.total, 2)} {i.currency})</span>)}.
          </Alert>
        )}
        <ResourceTable
          resource={LOADED_RAIL_CAR} table="customs-cars" title="Cars awaiting customs papers" columns={COLUMNS} compactColumns={COMPACT}
          permanentFilter={WAITING} filterBar={FILTER_BAR} opensRecords={false}
          onSelectionChange={mayMake ? setSelected : undefined}
          toolbar={mayMake && selected.length > 0
            ? <Button size="small" variant="contained" startIcon={<ArticleIcon />} onClick={() => setAsking(true)}>Make customs invoices for {selected.length} car{selected.length === 1 ? '' : 's'}</Button>
            : null}
        />
        {asking && (
          <ActionDialog resource={customsInvoice} action="create_invoice" title={`Customs invoices for ${selected.length} car${selected.length === 1 ? '' : 's'}`}
            submitLabel="Make customs invoices" only={['cross_border_contract']} defaults={{ cars: selected }}
            onClose={() => setAsking(false)} onDone={(m) => void done(m as Made)} />
        )}
      </Box>
    </ResourceContextProvider>
  );
}
