import { defineResource } from '../define';
import { bool, choice, datetime, integer, json, longText, ref, text } from '../fields';
import { CAR_TYPES } from '../fleet/car';
import { LOADED_RAIL_CAR } from '../rail/loaded-rail-car';
import { MOVE_KINDS, SWITCH_LIST, YARD, YARD_CAR, YARD_MOVE, YARD_TRACK, yardLength, yardRecords } from './common';

/**
 * A car in a yard (docs/yard.md, The model): one row per car, with its place in each scenario (a
 * track and a position from the switch end, or none), so a car is on one track of a scenario at
 * most by construction. Written by the yard's actions only.
 */
export const railYardCar = defineResource({
  name: YARD_CAR,
  label: 'Yard car',
  ...yardRecords('railyardcar'),
  table: 'rail_yard_car',
  readOnly: true,
  fields: {
    yard: ref(YARD, { required: true, readOnly: true, onDelete: 'cascade', index: true }),
    mark_number: text({ required: true, max: 11, upper: true, readOnly: true, label: 'Car' }),
    car: ref('car', { readOnly: true, onDelete: 'set null', label: 'Fleet car' }),
    car_type: choice(CAR_TYPES, { required: true, default: 'T', readOnly: true, label: 'Car type' }),
    length: yardLength({ required: true, readOnly: true, label: 'Length' }),
    loaded: bool({ default: false, readOnly: true }),
    product: ref('product', { readOnly: true, onDelete: 'set null' }),
    loaded_rail_car: ref(LOADED_RAIL_CAR, { readOnly: true, onDelete: 'set null', label: 'Car load' }),
    actual_track: ref(YARD_TRACK, { readOnly: true, onDelete: 'restrict', index: true, label: 'Track' }),
    actual_position: integer({ readOnly: true, min: 0, label: 'Place' }),
    planned_track: ref(YARD_TRACK, { readOnly: true, onDelete: 'restrict', index: true, label: 'Planned track' }),
    planned_position: integer({ readOnly: true, min: 0, label: 'Planned place' }),
    arrived_at: datetime({ readOnly: true, label: 'Arrived' }),
    notes: longText({ readOnly: true }),
  },
  unique: [['yard', 'mark_number']],
  labelFields: ['mark_number'],
  list: { columns: ['mark_number', 'yard', 'car_type', 'loaded', 'product', 'actual_track', 'planned_track', 'arrived_at'], compact: ['mark_number', 'actual_track', 'planned_track'], search: ['mark_number'], ordering: ['mark_number'] },
});

/** One change of a yard's actual layout (docs/yard.md, The model): kept for ever, read through `move_history/`. */
export const railYardMove = defineResource({
  name: YARD_MOVE,
  label: 'Yard move',
  ...yardRecords('railyardmove'),
  table: 'rail_yard_move',
  readOnly: true,
  fields: {
    yard: ref(YARD, { required: true, readOnly: true, onDelete: 'cascade' }),
    kind: choice(MOVE_KINDS, { required: true, readOnly: true }),
    cars: json({ shape: 'array', readOnly: true, help: 'The cars, `MARK NUMBER`, from the switch end.' }),
    car_count: integer({ readOnly: true, label: 'Cars' }),
    from_track: ref(YARD_TRACK, { readOnly: true, onDelete: 'set null', label: 'From' }),
    from_name: text({ max: 40, readOnly: true, label: 'From track' }),
    to_track: ref(YARD_TRACK, { readOnly: true, onDelete: 'set null', label: 'To' }),
    to_name: text({ max: 40, readOnly: true, label: 'To track' }),
    switch_list: ref(SWITCH_LIST, { readOnly: true, onDelete: 'set null', label: 'Switch list' }),
    step: integer({ readOnly: true, min: 1 }),
    moved_by: ref('user', { readOnly: true, onDelete: 'set null', label: 'By' }),
    moved_at: datetime({ required: true, readOnly: true, label: 'When' }),
  },
  indexes: [['yard', 'moved_at']],
  labelFields: [['kind', 'moved_at']],
  list: { columns: ['moved_at', 'kind', 'car_count', 'from_name', 'to_name', 'moved_by', 'switch_list', 'step'], compact: ['moved_at', 'kind', 'to_name'], ordering: ['-moved_at', '-id'] },
});
