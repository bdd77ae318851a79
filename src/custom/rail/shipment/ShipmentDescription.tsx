/**
 * A hazardous shipment's dangerous goods description as its bill of lading will print it
 * (docs/rail.md §11.9: "the description as it will print"), written by the same function the
 * document uses (src/lib/hazmat-description.ts), with the emergency telephone beside it, so a
 * wrong product field is seen before shipping. Nothing for a product that is not dangerous goods.
 */
import { Alert, AlertTitle, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { isHazardous, type HazmatProduct } from '../../../lib/hazmat';
import { shippingDescription } from '../../../lib/hazmat-description';
import { product } from '../../../resources/logistics/product';

export function ShipmentDescription({ shipment }: { shipment: Record<string, unknown> }) {
  const id = shipment.product as number | null;
  const { data } = useGetOne<HazmatProduct & { id: number }>(product.name, { id: id ?? 0 }, { enabled: Boolean(id) });
  if (!id || !data || !isHazardous(data)) return null;
  const phone = data.emergency_phone;
  return (
    <Alert severity="warning" icon={false} sx={{ mb: 1 }} aria-label="Shipping description">
      <AlertTitle>Shipping description, as the bill of lading prints it</AlertTitle>
      <Typography sx={{ fontWeight: 600 }} data-testid="shipping-description">{shippingDescription(data, { residue: Boolean(shipment.residue) })}</Typography>
      {phone ? <Typography variant="body2">24-hour number: {String(phone)}</Typography> : null}
    </Alert>
  );
}
