import { defineResource } from '../define';
import { bool, decimal, ref, text } from '../fields';
import { TB_COMPANY, TB_LOCATION, TB_PRODUCT, terminalRecords, terminalScreen } from './common';

/** A trucking lane between two locations, with its distance for hauling charges. */
export const tbRoute = defineResource({
  name: 'terminalboss/v3/route',
  label: 'Route',
  ...terminalRecords('route'),
  screen: terminalScreen('route', { menu: { section: 'Terminal master data', icon: 'trace', order: 12 } }),
  fields: {
    name: text({ required: true, max: 120, index: true }),
    code: text({ max: 30 }),
    origin: ref(TB_LOCATION, { required: true, onDelete: 'restrict' }),
    destination: ref(TB_LOCATION, { required: true, onDelete: 'restrict' }),
    distance_km: decimal({ digits: 9, places: 1, label: 'Distance', unit: 'km' }),
    carrier: ref(TB_COMPANY),
    product: ref(TB_PRODUCT),
    enabled: bool({ default: true }),
  },
  unique: [['company', 'code']],
  list: { columns: ['name', 'code', 'origin', 'destination', 'distance_km', 'carrier', 'enabled'], search: ['name', 'code'], ordering: ['name'] },
});
