import { defineResource } from '../define';
import { bool, choice, datetime, integer, json, longText, ref, refs, text } from '../fields';
import { int, listOf, maybe, obj, str, instant, bool as yesNo, recordOf } from '../answers';
import { CAR_TYPES } from '../fleet/car';
import {
  HISTORY_ROW, LAYOUT, LENGTH_UNITS, MAX_TRACKS, SWITCH_PREVIEW, TRACK_KINDS, YARD, YARD_CAR, YARD_TRACK, YARD_CAR_ROW,
  carMarks, layoutVersion, scenarioChoice, yardLength, yardRecords,
} from './common';

/** Every call that changes a layout answers the layout as it now is, and is made against a version. */
const changes = (label: string, input: Parameters<typeof defineResource>[0]['fields'], permission = 'plan_railyard') => ({
  on: 'detail' as const, method: 'POST' as const, permission, label, result: 'object' as const, answer: LAYOUT,
  input: { ...input, layout_version: layoutVersion() },
});

/**
 * A facility's rail yard (docs/yard.md, The model): its tracks and the cars on them in two
 * scenarios, actual and planned. Every layout change goes through its actions, against its
 * `layout_version`.
 */
export const railYard = defineResource({
  name: YARD,
  label: 'Rail yard',
  ...yardRecords('railyard'),
  table: 'rail_yard',
  // The specification's `cache/yard_management/rail_yard_cache/?yard_id=` is this resource's `rail_yard_cache` action there.
  aliases: ['cache/yard_management'],
  extraCodenames: { plan_railyard: 'Can plan rail yard layouts', switch_railyard: 'Can work switch lists (execute yard moves)' },
  fields: {
    facility: ref('facility', { required: true, onDelete: 'restrict', index: true }),
    name: text({ required: true, max: 120, trim: true }),
    length_unit: choice(LENGTH_UNITS, { required: true, default: 'ft', label: 'Length unit', help: 'Fixed once the yard has tracks.' }),
    lead_length: yardLength({ label: 'Lead length', help: 'The headshunt: the longest cut one move takes. Empty: no limit.' }),
    use_autocomplete: bool({ default: true, label: 'Car marks from the fleet', help: 'Typing a car offers the fleet\'s cars.' }),
    notes: longText(),
    layout_version: integer({ readOnly: true, default: 0, copy: false, label: 'Layout version' }),
    layout_changed_at: datetime({ readOnly: true, copy: false, label: 'Layout changed' }),
    layout_changed_by: ref('user', { readOnly: true, copy: false, onDelete: 'set null', label: 'Layout changed by' }),
    track_count: integer({ computed: true, readOnly: true, label: 'Tracks' }),
    car_count: integer({ computed: true, readOnly: true, label: 'Cars', help: 'In the actual layout.' }),
    capacity: yardLength({ computed: true, readOnly: true, label: 'Track length' }),
    occupied: yardLength({ computed: true, readOnly: true, label: 'Occupied', help: 'The length of the cars in the actual layout.' }),
  },
  unique: [['company', 'facility', 'name']],
  labelFields: ['name'],
  list: {
    columns: ['name', 'facility', 'track_count', 'car_count', 'capacity', 'occupied', 'length_unit'],
    compact: ['name', 'car_count', 'occupied'], search: ['name'], ordering: ['name'],
  },
  form: { sections: [{ label: 'Rail yard', fields: ['facility', 'name', 'length_unit', 'lead_length', 'use_autocomplete', 'notes'] }] },
  actions: {
    layout: { on: 'detail', method: 'GET', permission: 'view', label: 'Layout', result: 'object', answer: LAYOUT },
    cars: { on: 'detail', method: 'GET', permission: 'view', label: 'Cars', result: 'list', answer: recordOf(YARD_CAR) },
    car_details: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Car details', result: 'object',
      input: { car_mark: text({ required: true, max: 11, upper: true, trim: true, label: 'Car', help: '`MARK NUMBER`.' }) },
      answer: obj({
        car: YARD_CAR_ROW,
        fleet: maybe(obj({ id: int(), lessor: maybe(str()), fleet_status: str(), lease_end: maybe(str()) })),
        load: maybe(obj({ id: int(), rail_shipment: int(), shipment_number: maybe(str()), shipment_status: str(), product_name: maybe(str()), net_volume: maybe(str()), seal_number_1: maybe(str()) })),
        last_event: maybe(obj({ event_code: str(), event_time: instant(), station: str(), loaded: yesNo() })),
        moves: listOf(HISTORY_ROW, 'Its last ten moves, newest first.'),
      }),
    },
    move_cars: changes('Move cars', {
      cars: carMarks({ required: true }),
      to_track: ref(YARD_TRACK, { required: true, label: 'To track' }),
      position: integer({ min: 0, max: 1_000, help: 'From the switch end, 0 first; left out: at the switch end.' }),
      scenario: scenarioChoice('planned: a plan edit; actual: a correction of where the cars really stand.'),
    }),
    planned_scenario: {
      ...changes('Save the plan', {
        tracks: json({ shape: 'array', required: true, maxBytes: 256 * 1024, label: 'Tracks', help: `Up to ${MAX_TRACKS} of {track, cars: ["MARK NUMBER", ...]} from the switch end; a car left out has no planned place.` }),
      }),
      method: 'PUT',
    },
    reset_layout: changes('Reset the plan', {
      scenario_id: choice([['planned', 'Planned']], { default: 'planned', label: 'Scenario', help: 'planned: the plan becomes the actual layout again.' }),
    }),
    switch_list: { on: 'detail', method: 'GET', permission: 'view', label: 'Switch list', result: 'object', answer: SWITCH_PREVIEW },
    remove: {
      on: 'detail', method: 'POST', permission: 'plan_railyard', label: 'Take cars out of the yard', result: 'object',
      query: ['checkOnly'],
      input: {
        car_marks: carMarks({ required: true }),
        checkOnly: bool({ default: false, label: 'Check only', help: 'Say what it would break and change nothing.' }),
        layout_version: integer({ min: 0, label: 'Layout version', help: 'Needed unless checkOnly.' }),
      },
      answer: obj({
        checked: yesNo('True when nothing was changed (checkOnly).'),
        removed: int('Cars taken out.'),
        cars: listOf(obj({
          mark_number: str(),
          in_front: listOf(str(), 'Cars between it and its track\'s switch end: they must move first.'),
          planned: maybe(str('The planned track it would leave.')),
          switch_lists: listOf(int(), 'Open switch lists whose moves name it.'),
        })),
        layout_version: int(),
      }),
    },
    get_pdf: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Layout PDF', result: 'file',
      input: { tracks_ids: refs(YARD_TRACK, { max: MAX_TRACKS, label: 'Tracks', help: 'Left out: every track. The file is YardLayout-{date}.pdf.' }) },
    },
    get_excel: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Layout workbook', result: 'file',
      input: { tracks_ids: refs(YARD_TRACK, { max: MAX_TRACKS, label: 'Tracks', help: 'Left out: every track. The file is YardLayout-{date}.xlsx.' }) },
    },
    add_cars: changes('Add cars', {
      car_marks: carMarks({ required: true }),
      car_type: choice(CAR_TYPES, { label: 'Car type', help: "For cars the fleet does not know; left out: the fleet's, else tank car." }),
      scenario: scenarioChoice('planned: cars the plan expects; actual: cars that have arrived.'),
      track: ref(YARD_TRACK, { required: true }),
      position: integer({ min: 0, max: 1_000, help: 'From the switch end; left out: at the switch end.' }),
    }),
    remove_car: changes('Take a car off', {
      car_mark: text({ required: true, max: 11, upper: true, trim: true, label: 'Car' }),
      scenario: scenarioChoice('planned: the plan has it leave; actual: it has left, from the switch end.'),
    }),
    execute_move: changes('Execute a move', {
      cars: carMarks({ required: true, help: 'The cut: the first cars of one track from its switch end, in any order.' }),
      to_track: ref(YARD_TRACK, { required: true, label: 'To track' }),
      switch_list: ref('rail_car_switch_list', { label: 'Switch list', help: 'With step: the move must be exactly that step, which is then done.' }),
      step: integer({ min: 1, max: 10_000 }),
    }, 'switch_railyard'),
    move_history: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Move history', result: 'object',
      input: { page: integer({ min: 1, max: 100_000, default: 1 }), rowsPerPage: integer({ min: 1, max: 500, default: 25, label: 'Rows per page' }) },
      answer: obj({ count: int(), page: int(), rowsPerPage: int(), results: listOf(HISTORY_ROW, 'Newest first.') }),
    },
    unassigned_cars: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Cars at the facility on no track', result: 'list',
      answer: obj({
        mark_number: str(), car_type: str(), loaded: yesNo(), product_name: maybe(str()),
        source: str('`load`: a car load of an open shipment at the facility; `event`: the fleet car was last placed there.'),
        loaded_rail_car: maybe(int()), car: maybe(int()), since: maybe(instant()),
      }),
    },
    set_autocomplete: {
      on: 'detail', method: 'PUT', permission: 'change', label: 'Car marks from the fleet', result: 'record',
      writes: ['use_autocomplete'],
      input: { use_autocomplete: bool({ required: true, label: 'Car marks from the fleet' }) },
    },
    rail_yard_cache: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Last layout change', result: 'object',
      input: { yard_id: ref(YARD, { required: true, label: 'Yard' }) },
      answer: obj({ yard_id: int(), layout_version: int(), layout_changed_at: maybe(instant()), layout_changed_by: maybe(str()) }),
    },
  },
});

/** A track of a yard (docs/yard.md, The model), listed from its switch end; its occupancy is the length of its cars. */
export const railYardTrack = defineResource({
  name: YARD_TRACK,
  label: 'Yard track',
  ...yardRecords('railyardtrack'),
  table: 'rail_yard_track',
  fields: {
    yard: ref(YARD, { required: true, onDelete: 'cascade', index: true }),
    name: text({ required: true, max: 40, trim: true }),
    kind: choice(TRACK_KINDS, { required: true, default: 'storage' }),
    length: yardLength({ required: true, min: 1, label: 'Usable length', help: "In the yard's unit: clearance point to the end of the track." }),
    position: integer({ min: 0, max: 1_000, default: 0, label: 'Drawing order' }),
    notes: text({ max: 255 }),
    car_count: integer({ computed: true, readOnly: true, label: 'Cars', help: 'In the actual layout.' }),
    used: yardLength({ computed: true, readOnly: true, label: 'Occupied' }),
  },
  unique: [['yard', 'name']],
  labelFields: ['name'],
  list: { columns: ['name', 'yard', 'kind', 'length', 'used', 'car_count', 'position'], compact: ['name', 'length', 'used'], search: ['name'], ordering: ['yard', 'position', 'name'] },
  form: { sections: [{ label: 'Track', fields: ['yard', 'name', 'kind', 'length', 'position', 'notes'] }] },
});

