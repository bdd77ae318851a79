/**
 * `customs/invoices/` (docs/invoicing.md, Customs screens): the company's customs invoices in the
 * shared table with the filter bar (status, country entered, date); a row opens one. The chosen
 * ones are sent to their brokers or exported as the broker CSV at once. They are made from cars,
 * so the way to a new one is "Customs cars".
 */
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { type Identifier, ResourceContextProvider, Title } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { ResourceTable } from '../../table/ResourceTable';
import { useProfile } from '../../hooks/useProfile';
import { canReach } from '../../routes/guard';
import { ROUTES } from '../../routes/table';
import { customsInvoice } from '../../resources/invoice/customs-invoice';
import { CUSTOMS_CARS_PATH, customsPath } from './customs-paths';
import { BrokerCsvButton, SendDialog, useCustomsRights } from './CustomsSend';

const FILTER_BAR = ['status', 'import_country', 'invoice_date'] as const;

export default function CustomsInvoicesPage() {
  const navigate = useNavigate();
  const { permissions } = useProfile();
  const seesCars = canReach(permissions, ROUTES.customsCars.access);
  const { maySend } = useCustomsRights();
  const [selected, setSelected] = useState<Identifier[]>([]);
  const [sending, setSending] = useState(false);
  return (
    <ResourceContextProvider value={customsInvoice.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Customs invoices" />
        <ResourceTable
          resource={customsInvoice.name} title="Customs invoices" filterBar={FILTER_BAR}
          onRowClick={(row) => navigate(customsPath(row.id))} onSelectionChange={setSelected}
          toolbar={(
            <>
              {selected.length > 0 && maySend && <Button size="small" variant="contained" onClick={() => setSending(true)}>Send {selected.length} to broker</Button>}
              {selected.length > 0 && <BrokerCsvButton invoices={selected} />}
              {seesCars && <Button component={Link} to={CUSTOMS_CARS_PATH} size="small" variant={selected.length ? 'outlined' : 'contained'} startIcon={<LocalShippingIcon />}>Customs cars</Button>}
            </>
          )}
        />
        {sending && <SendDialog invoices={selected} onClose={() => setSending(false)} onDone={() => setSending(false)} />}
      </Box>
    </ResourceContextProvider>
  );
}
