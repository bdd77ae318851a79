/** What the yard's declarations share (docs/yard.md, The model). */
import { CAR_TYPES } from '../fleet/car';
import { railRecords } from '../rail/common';
import { choice, decimal, integer, tags } from '../fields';
import { type Shape, decimalText, instant, int, listOf, maybe, obj, oneOf, oneOfChoices, str, bool as yesNo } from '../answers';

export const YARD = 'yard_management/rail_yard';
export const YARD_TRACK = 'yard_management/rail_yard_track';
export const YARD_CAR = 'yard_management/rail_yard_car';
export const YARD_MOVE = 'yard_management/rail_yard_move';
export const SWITCH_LIST = 'rail_car_switch_list';

/** Every yard record is the rail area's: its company's, its subscription's, its `rail` app codenames. */
export const yardRecords = railRecords;

export const LENGTH_UNITS = [['ft', 'Feet'], ['m', 'Metres']] as const;
export const TRACK_KINDS = [
  ['storage', 'Storage'], ['loading', 'Loading spot'], ['unloading', 'Unloading spot'], ['scale', 'Scale'], ['repair', 'Repair'], ['interchange', 'Interchange'],
] as const;
export const SCENARIOS = [['actual', 'Actual'], ['planned', 'Planned']] as const;
export type Scenario = (typeof SCENARIOS)[number][0];

/** The most cars one call names (a yard of 400 cars replans in one `PUT planned_scenario`). */
export const MAX_YARD_CARS = 1_000;
export const MAX_TRACKS = 200;

/**
 * A car's length over its couplers when neither its yard record nor its fleet record says
 * (docs/yard.md, The model): the common North American cars of each AAR type, rounded up, in feet.
 */
export const DEFAULT_CAR_FEET: Readonly<Record<(typeof CAR_TYPES)[number][0], number>> = {
  T: 60, C: 60, H: 55, K: 55, G: 66, E: 66, J: 56, B: 60, A: 65, R: 72, F: 73, V: 93, P: 89, Q: 89, S: 73, L: 60,
};

/** A length of a yard: two decimals, in the yard's unit. */
export const yardLength = (o: { required?: boolean; label?: string; help?: string; readOnly?: true; computed?: true; min?: number }) =>
  decimal({ digits: 9, places: 2, min: 0, ...o });

export const scenarioChoice = (help: string) => choice(SCENARIOS, { default: 'planned', help });
export const carMarks = (o: { required?: boolean; label?: string; help?: string } = {}) =>
  tags({ max: MAX_YARD_CARS, label: 'Cars', help: 'Cars as `MARK NUMBER` (e.g. `TILX 123456`).', ...o });
export const layoutVersion = () => integer({ required: true, min: 0, label: 'Layout version', help: 'The `layout_version` the change was made against: a stale one is refused with 409.' });

const carPlace = obj({ track: maybe(int('Its track in that scenario; null when on none.')), position: maybe(int('From the switch end, 0 first.')) });

/** One car as the yard screens draw it. */
export const YARD_CAR_ROW: Shape = obj({
  id: int('The yard car.'),
  mark_number: str('`MARK NUMBER`.'),
  car_type: oneOfChoices(CAR_TYPES),
  length: decimalText('In the yard\'s unit.'),
  loaded: yesNo(),
  product: maybe(int()),
  product_name: maybe(str()),
  product_color: maybe(str('The product\'s colour on screens, `#rrggbb`.')),
  car: maybe(int('Its fleet record, when the company has one.')),
  actual: carPlace,
  planned: carPlace,
});

/** A yard's layout in both scenarios, as every layout-changing call answers it. */
export const LAYOUT: Shape = obj({
  yard: obj({
    id: int(), name: str(), facility: int(), facility_name: str(), length_unit: oneOfChoices(LENGTH_UNITS),
    lead_length: maybe(decimalText('The longest cut one move takes; null: no limit.')),
    use_autocomplete: yesNo(),
    layout_version: int('Raised by every change of either scenario.'),
    layout_changed_at: maybe(instant()),
    layout_changed_by: maybe(str('Who made the last change.')),
  }),
  tracks: listOf(obj({
    id: int(), name: str(), kind: oneOfChoices(TRACK_KINDS), length: decimalText(), position: int(),
    actual: listOf(int(), 'Its cars in the actual layout, from the switch end.'),
    planned: listOf(int(), 'Its cars in the plan, from the switch end.'),
    actual_used: decimalText(), planned_used: decimalText(),
  }), 'In drawing order.'),
  cars: listOf(YARD_CAR_ROW, 'Every car of the yard, in either scenario or none.'),
});

export const SWITCH_STEP: Shape = obj({
  step: int('1 first.'), from: int(), from_name: str(), to: int(), to_name: str(),
  cars: listOf(str(), 'The cut, from the switch end of `from`: the first cars there.'),
  done_at: maybe(instant()), done_by: maybe(str()),
}, { optional: ['done_at', 'done_by'] });

export const SWITCH_PREVIEW: Shape = obj({
  moves: listOf(SWITCH_STEP),
  lower_bound: maybe(int('No list is shorter: when it equals the moves, the list is the shortest there is.')),
  problem: maybe(str('Why no list can be made, in words; null when there is one.')),
  layout_version: int('The layout the list was made from.'),
});

export const MOVE_KINDS = [['moved', 'Moved'], ['arrived', 'Arrived'], ['left', 'Left the yard'], ['corrected', 'Corrected']] as const;

export const HISTORY_ROW: Shape = obj({
  id: int(), moved_at: instant(), moved_by: maybe(str()), kind: oneOfChoices(MOVE_KINDS),
  cars: listOf(str()), from_track: maybe(int()), from_name: maybe(str()), to_track: maybe(int()), to_name: maybe(str()),
  switch_list: maybe(int()), step: maybe(int()),
});

export const oneOfScenarios = oneOf(SCENARIOS.map(([v]) => v));
