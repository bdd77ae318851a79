/** `invoice/pricing/prices/` (docs/invoicing.md, Prices): the unit prices per party, invoice product, product and period. */
import { ConfigResourceList } from '../../pages/config/ConfigResourceList';
import { UNIT_PRICE } from '../../resources/invoice/common';

export default function PricesPage() {
  return <ConfigResourceList resource={UNIT_PRICE} />;
}
