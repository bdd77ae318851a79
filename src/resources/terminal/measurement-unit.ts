import { defineResource } from '../define';
import { bool, choice, decimal, text } from '../fields';
import { MEASUREMENT_UNIT, terminalRecords } from './common';

/** A unit quantities are measured in (m³, bbl, L, kg, t...), with its factor to the base unit of its kind. */
export const measurementUnit = defineResource({
  name: MEASUREMENT_UNIT,
  label: 'Measurement unit',
  ...terminalRecords('measurementunit'),
  fields: {
    name: text({ required: true, max: 60 }),
    code: text({ required: true, max: 12, help: 'Short symbol printed on tickets, e.g. m3, bbl, L, kg.' }),
    unit_type: choice([['volume', 'Volume'], ['mass', 'Mass'], ['length', 'Length'], ['temperature', 'Temperature'], ['pressure', 'Pressure'], ['density', 'Density'], ['energy', 'Energy'], ['count', 'Count']], { required: true, default: 'volume', index: true }),
    to_base_factor: decimal({ digits: 20, places: 10, default: '1', help: 'Multiply by this to get the base unit of the kind (m³, kg, m, kPa, kg/m³, GJ).' }),
    enabled: bool({ default: true }),
  },
  unique: [['company', 'code']],
  labelFields: [['code', 'name']],
  list: { columns: ['name', 'code', 'unit_type', 'to_base_factor', 'enabled'], search: ['name', 'code'], ordering: ['unit_type', 'name'] },
});
