/**
 * `invoice/invoice_products/` (docs/invoicing.md, Invoice products, Conditions): what is billed,
 * and below it the conditions on those charges (minimums and surcharges, by party and date range).
 */
import { Box, Typography } from '@mui/material';
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { INVOICE_PRODUCT, INVOICE_PRODUCT_CONDITION } from '../../resources/invoice/common';

export default function InvoiceProductsPage() {
  return (
    <>
      <ResourceContextProvider value={INVOICE_PRODUCT}><GenericList title="Invoice products" /></ResourceContextProvider>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}><Typography variant="h6" component="h2">Conditions</Typography></Box>
      <ResourceContextProvider value={INVOICE_PRODUCT_CONDITION}><GenericList title="Conditions" pageTitle={false} /></ResourceContextProvider>
    </>
  );
}
