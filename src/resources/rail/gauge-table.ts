/**
 * A rail car's gauge table (docs/loading.md, Gauge tables): the car owner's rows of a gauge
 * reading (innage or outage, inches or centimetres) against the volume of liquid in the car (US
 * gallons or litres). A table is a car's own (its reporting mark and number) or a car class's,
 * which the fleet's cars of that class point to (`car.gauge_table`). The rows' rules are
 * src/lib/gauge-table.ts; the server checks them on every write (server/actions/rail/gauge-table.ts).
 */
import { defineResource } from '../define';
import { choice, decimal, integer, json, longText, text } from '../fields';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';
import { DEPTH_KINDS, DEPTH_UNITS, VOLUME_UNITS } from '../../lib/gauge-table';
import { railRecords } from './common';

export const GAUGE_TABLE = 'rail_car_gauge_table';

export const gaugeTable = defineResource({
  name: GAUGE_TABLE,
  label: 'Gauge table',
  ...railRecords('railcargaugetable'),
  fields: {
    name: text({ required: true, max: 80, trim: true, help: 'The car ("TILX 1234") or the class ("DOT-111 30,000 gal, owner\'s table 7").' }),
    car_mark: text({ max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark', help: "A car's own table: its mark and number. Left empty: a class's table, which fleet cars point to." }),
    car_number: integer({ min: 0, max: MAX_CAR_NUMBER, identifier: true, label: 'Car number' }),
    depth_kind: choice(DEPTH_KINDS, { required: true, default: 'outage', label: 'Reading', help: 'Outage: the empty space measured down from the top. Innage: the liquid\'s height.' }),
    depth_unit: choice(DEPTH_UNITS, { required: true, default: 'in', label: 'Reading unit' }),
    volume_unit: choice(VOLUME_UNITS, { required: true, default: 'gal', label: 'Volume unit' }),
    rows: json({ shape: 'array', required: true, default: [], help: 'Rows of {depth, volume}: the depth increasing, the volume of liquid at that reading.' }),
    row_count: integer({ readOnly: true, label: 'Rows' }),
    max_volume: decimal({ digits: 12, places: 2, readOnly: true, label: 'Largest volume' }),
    source: text({ max: 120, trim: true, label: 'Source', help: "Where the table comes from: the owner's certificate or file." }),
    notes: longText(),
  },
  unique: [['company', 'name'], ['company', 'car_mark', 'car_number']],
  labelFields: ['name'],
  list: {
    columns: ['name', 'car_mark', 'car_number', 'depth_kind', 'depth_unit', 'volume_unit', 'row_count', 'max_volume', 'source'],
    compact: ['name', 'depth_kind', 'row_count'],
    search: ['name', 'car_mark', 'source'],
    ordering: ['name'],
  },
  form: {
    sections: [
      { label: 'Table', fields: ['name', 'car_mark', 'car_number', 'source', 'notes'] },
      { label: 'Units', fields: ['depth_kind', 'depth_unit', 'volume_unit'] },
    ],
  },
  actions: {
    for_car: {
      on: 'collection', method: 'GET', permission: 'view', label: "A car's gauge table", result: 'object',
      input: {
        carMark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
        carNumber: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, label: 'Car number' }),
      },
    },
    volume_at: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Volume at a reading', result: 'object',
      input: { reading: decimal({ required: true, digits: 10, places: 2, min: 0, label: 'Reading' }) },
    },
  },
});
