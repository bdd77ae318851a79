import { defineResource } from '../define';
import { choice, datetime, decimal, longText, ref } from '../fields';
import { MEASUREMENT_UNIT, TB_LOCATION, TB_PRODUCT, terminalRecords, terminalScreen } from './common';

/** How a tank's contents were measured. */
export const GAUGING_METHODS = [['manual', 'Manual gauge (dip or tape)'], ['atg', 'Automatic tank gauge'], ['meter', 'Meter totaliser']] as const;

/**
 * A tank's measured contents at a moment (docs/terminal.md, Mass balance): the net standard volume
 * of one product in one tank, as gauged. The mass balance reads the latest gauging of each tank at
 * the start and at the end of a day or month as its measured opening and closing inventories.
 * Times are the tank's site's.
 */
export const tankGauging = defineResource({
  name: 'terminalboss/v3/tank-gauging',
  label: 'Tank gauging',
  ...terminalRecords('tankgauging'),
  screen: terminalScreen('tank-gauging', { menu: { section: 'Terminal', icon: 'gauge', order: 4, label: 'Tank gaugings' } }),
  timeZone: { path: ['location', 'site', 'timezone'] },
  fields: {
    location: ref(TB_LOCATION, { required: true, label: 'Tank', index: true }),
    product: ref(TB_PRODUCT, { required: true, index: true }),
    gauged_at: datetime({ required: true, index: true, label: 'Gauged at' }),
    net_volume: decimal({ digits: 14, places: 3, required: true, min: 0, unitField: 'volume_unit', label: 'Net volume', help: 'Net standard volume in the tank (corrected to 15 °C, less free water).' }),
    volume_unit: ref(MEASUREMENT_UNIT, { label: 'Volume unit' }),
    temperature: decimal({ digits: 7, places: 2, unit: '°C', label: 'Tank temperature' }),
    method: choice(GAUGING_METHODS, { default: 'manual', required: true }),
    notes: longText(),
  },
  labelFields: [['location', 'gauged_at']],
  list: { columns: ['gauged_at', 'location', 'product', 'volume_unit', 'net_volume', 'temperature', 'method'], search: [], ordering: ['-gauged_at'], compact: ['gauged_at', 'location', 'net_volume'] },
  // A tank is gauged once at a moment: two readings at one instant would make either the inventory.
  unique: [['location', 'gauged_at']],
});
