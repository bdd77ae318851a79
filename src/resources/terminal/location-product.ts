import { defineResource } from '../define';
import { bool, decimal, ref } from '../fields';
import { TB_LOCATION, TB_PRODUCT, terminalRecords } from './common';

/** A product a location may hold or receive, with the volume limits the site enforces. */
export const locationProduct = defineResource({
  name: 'terminalboss/v3/location-product',
  label: 'Location product',
  table: 'terminalboss_v3_locationproduct',
  ...terminalRecords('locationproduct'),
  fields: {
    location: ref(TB_LOCATION, { required: true, onDelete: 'cascade' }),
    product: ref(TB_PRODUCT, { required: true, onDelete: 'cascade' }),
    min_volume: decimal({ digits: 14, places: 3 }),
    max_volume: decimal({ digits: 14, places: 3 }),
    enabled: bool({ default: true }),
  },
  unique: [['location', 'product']],
  list: { columns: ['location', 'product', 'min_volume', 'max_volume', 'enabled'], search: [], ordering: ['created_at'] },
});
