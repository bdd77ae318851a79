/**
 * `invoice/invoices/` (docs/invoicing.md, Screens): the company's invoices and credit notes in the
 * shared table, with the filter bar (status, party, date); a row opens the invoice. Invoices are
 * made from cars, so the way to a new one is "Cars to invoice".
 */
import { Box, Button } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ResourceContextProvider, Title } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { ResourceTable } from '../../table/ResourceTable';
import { useProfile } from '../../hooks/useProfile';
import { canReach } from '../../routes/guard';
import { ROUTES } from '../../routes/table';
import { invoice } from '../../resources/invoice/invoice';
import { INVOICE_CARS_PATH, invoicePath } from './invoice-paths';

const FILTER_BAR = ['status', 'party', 'invoice_date'] as const;

export default function InvoicesPage() {
  const navigate = useNavigate();
  const { permissions } = useProfile();
  const seesCars = canReach(permissions, ROUTES.invoiceCars.access);
  return (
    <ResourceContextProvider value={invoice.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Invoices" />
        <ResourceTable
          resource={invoice.name} title="Invoices" filterBar={FILTER_BAR}
          onRowClick={(row) => navigate(invoicePath(row.id))}
          toolbar={seesCars ? <Button component={Link} to={INVOICE_CARS_PATH} size="small" variant="contained" startIcon={<ReceiptLongIcon />}>Cars to invoice</Button> : null}
        />
      </Box>
    </ResourceContextProvider>
  );
}
