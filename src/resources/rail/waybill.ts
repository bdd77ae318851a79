/**
 * A railroad's waybill of one car load (docs/rail.md §4.7): the railroad's own number and date
 * for the car's movement, matched to the loaded car it moves (`assign_loaded_rail_car/`). Track
 * and trace lists them (docs/trace.md, Waybills); here the record and the assignment rule.
 */
import { defineResource } from '../define';
import { date, integer, ref, text } from '../fields';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';
import { LOADED_RAIL_CAR } from './loaded-rail-car';
import { railRecords } from './common';

export const waybill = defineResource({
  name: 'waybill',
  label: 'Waybill',
  ...railRecords('waybill'),
  // Track and trace lists them and shows one with the load it moves and that load's trip (docs/trace.md, Waybills).
  screen: {
    at: 'company/trace', slug: 'waybills', codes: ['access_menu__track_and_trace'],
    paths: { list: 'company/trace/waybills/', record: 'company/trace/waybills/:waybillId/', create: 'company/trace/waybills/new/' },
  },
  fields: {
    waybill_number: text({ required: true, max: 20, trim: true, upper: true, label: 'Waybill number' }),
    waybill_date: date({ required: true, label: 'Waybill date' }),
    railroad: ref('party', { required: true, onDelete: 'restrict', help: 'The railroad that issued the waybill.' }),
    car_mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
    car_number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, identifier: true, label: 'Car number' }),
    origin_station: text({ max: 60, label: 'Origin station' }),
    destination_station: text({ max: 60, label: 'Destination station' }),
    loaded_rail_car: ref(LOADED_RAIL_CAR, { readOnly: true, onDelete: 'set null', unique: true, label: 'Loaded car', help: 'The car load this waybill moves; a car load has one waybill.' }),
  },
  unique: [['company', 'railroad', 'waybill_number', 'waybill_date']],
  list: { columns: ['waybill_number', 'waybill_date', 'railroad', 'car_mark', 'car_number', 'loaded_rail_car'], search: ['waybill_number'], ordering: ['-waybill_date'] },
  actions: {
    assign_loaded_rail_car: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Assign loaded car', result: 'record', writes: ['loaded_rail_car'],
      input: { car_id: ref(LOADED_RAIL_CAR, { required: true, label: 'Loaded car' }) },
    },
  },
});
