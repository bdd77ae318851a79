import { defineResource } from '../define';
import { bool, choice, decimal, integer, ref, text } from '../fields';
import { obj, oneOfChoices, str } from '../answers';
import { JURISDICTIONS, MEASUREMENT_UNIT, TB_COMPANY, TB_VEHICLE, createdByServer, legacyNumber, terminalRecords, terminalScreen } from './common';

/** Vehicle kinds; `vehicle/types/` lists them. Tractors and trailers carry their own certifications (VTR, VTL). */
export const VEHICLE_TYPES = [
  ['tractor', 'Tractor'], ['trailer', 'Trailer'], ['tank_truck', 'Tank truck'], ['vacuum_truck', 'Vacuum truck'],
  ['pickup', 'Pickup'], ['other', 'Other'],
] as const;

/** A truck or trailer that loads or unloads at the terminal. */
export const vehicle = defineResource({
  name: TB_VEHICLE,
  label: 'Vehicle',
  ...terminalRecords('vehicle'),
  screen: terminalScreen('vehicle', { menu: { section: 'Terminal master data', icon: 'fleet', order: 6, count: true } }),
  fields: {
    legacy_id: legacyNumber(),
    unit_number: text({ required: true, max: 30, index: true, help: 'The number painted on the unit.' }),
    vehicle_type: choice(VEHICLE_TYPES, { required: true, default: 'tank_truck', index: true }),
    carrier: ref(TB_COMPANY, { index: true }),
    license_plate: text({ max: 15, index: true }),
    plate_jurisdiction: choice(JURISDICTIONS),
    vin: text({ max: 17, label: 'VIN', pattern: { source: '[A-HJ-NPR-Z0-9]{17}', message: 'A VIN is 17 letters and digits (no I, O or Q).' } }),
    capacity: decimal({ digits: 12, places: 3 }),
    capacity_unit: ref(MEASUREMENT_UNIT),
    tare_weight: decimal({ digits: 12, places: 1, unit: 'kg' }),
    gross_vehicle_weight: decimal({ digits: 12, places: 1, unit: 'kg', label: 'Gross vehicle weight rating' }),
    axles: integer({ min: 1, max: 12 }),
    enabled: bool({ default: true, index: true }),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'unit_number']],
  actions: {
    types: { on: 'collection', method: 'GET', permission: 'view', label: 'Vehicle types', result: 'list', answer: obj({ value: oneOfChoices(VEHICLE_TYPES), label: str() }) },
  },
  labelFields: [['unit_number', 'id'], { field: 'license_plate', before: '(', after: ')' }],
  list: { columns: ['legacy_id', 'unit_number', 'vehicle_type', 'carrier', 'license_plate', 'capacity', 'enabled'], search: ['unit_number', 'license_plate', 'vin'], ordering: ['unit_number'] },
});
