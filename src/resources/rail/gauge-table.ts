/**
 * A rail car's gauge table (docs/loading.md, Gauge tables): the car owner's rows of a gauge
 * reading (innage or outage, inches or centimetres) against the volume of liquid in the car (US
 * gallons or litres). A table is a car's own (its reporting mark and number) or a car class's,
 * which the fleet's cars of that class point to (`car.gauge_table`). The rows' rules are
 * src/lib/gauge-table.ts; the server checks them on every write (server/actions/rail/gauge-table.ts).
 */
import { defineResource } from '../define';
import { bool, choice, decimal, integer, json, longText, ref, text } from '../fields';
import { bool as yesNo, decimalText, int, listOf, maybe, obj, oneOf, oneOfChoices, recordOf, str } from '../answers';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';
import { DEPTH_KINDS, DEPTH_UNITS, VOLUME_UNITS } from '../../lib/gauge-table';
import { COMMODITY_GROUPS } from '../../lib/mpms-11-1';
import { CLOSURES, HAZARDS, INSULATIONS } from '../../lib/max-filling';
import { railRecords } from './common';

export const GAUGE_TABLE = 'rail_car_gauge_table';

/** How a car's table was found: the car's own (by mark and number), or its fleet class's. */
const VIA = oneOf(['car', 'class'], "The car's own table, or its fleet class's.");
/** The rules of the maximum permitted filling (src/lib/max-filling.ts). */
const FILLING_RULES = ['rid_4_3_2_2_1', 'rid_4_3_2_2_3', 'cfr_173_24b', 'expected_max', 'safety_margin'];

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
    // The source is in the table's settings: with a superuser's Company column, the row buttons and the check boxes, nine columns overflow 1,400 px.
    columns: ['name', 'car_mark', 'car_number', 'depth_kind', 'depth_unit', 'volume_unit', 'row_count', 'max_volume'],
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
      answer: obj({ via: VIA, table: recordOf(GAUGE_TABLE) }),
    },
    get_max_permitted_filling: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Maximum permitted filling', result: 'object',
      input: {
        unit: choice(VOLUME_UNITS, { required: true, label: 'Volume unit' }),
        relative_density: decimal({ required: true, digits: 6, places: 4, min: 0.3, max: 3, label: 'Relative density at 15 °C' }),
        relative_density_50: decimal({ digits: 6, places: 4, min: 0.3, max: 3, label: 'Relative density at 50 °C', help: "Left empty: from the product's commodity group by API MPMS 11.1." }),
        commodity_group: choice(COMMODITY_GROUPS, { label: 'Commodity group', help: "Left empty: the product's." }),
        temperature_min: decimal({ required: true, digits: 5, places: 1, min: -50, max: 150, label: 'Lowest expected temperature (°C)' }),
        temperature_max: decimal({ required: true, digits: 5, places: 1, min: -50, max: 150, label: 'Highest expected temperature (°C)' }),
        target_temp: decimal({ required: true, digits: 5, places: 1, min: -50, max: 150, label: 'Loading temperature (°C)' }),
        safety_margin: decimal({ digits: 4, places: 2, min: 0, max: 20, default: '0', label: 'Safety margin (points)' }),
        car_mark: text({ max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
        car_number: integer({ min: 0, max: MAX_CAR_NUMBER, label: 'Car number' }),
        shell_capacity: decimal({ digits: 12, places: 2, min: 1, label: 'Shell capacity', help: "In the volume unit; left empty: the fleet car's." }),
        product: ref('product', { label: 'Product', help: 'Its class, packing group and inhalation hazard choose the rules.' }),
        hazard: choice(HAZARDS, { label: 'Hazard', help: "Left empty: the product's." }),
        poison_inhalation: bool({ label: 'Poisonous by inhalation', help: "Left empty: the product's." }),
        insulation: choice(INSULATIONS, { default: 'none', label: 'Tank' }),
        closure: choice(CLOSURES, { default: 'vented', label: 'Closure' }),
      },
      answer: obj({
        alpha: decimalText('The liquid\'s expansion per °C, α = (d15 − d50) / (35 × d50).'),
        rules: listOf(obj({
          code: oneOf(FILLING_RULES),
          label: str(),
          percent: decimalText('The most the rule allows, % of the capacity.'),
          explanation: str('How it is worked out, in words and numbers.'),
        }), 'The rules that apply, each with its limit.'),
        governing: oneOf(FILLING_RULES, 'The rule that sets the permitted filling.'),
        percent: decimalText('The permitted filling, % of the capacity, rounded down to 2 places.'),
        percent_at_min: decimalText('Filled to it, the % full at the lowest expected temperature.'),
        steps: listOf(str(), 'The working, line by line.'),
        d15: decimalText('Relative density at 15 °C.'),
        d50: decimalText('Relative density at 50 °C, as given or by API MPMS 11.1.'),
        commodity_group: maybe(oneOfChoices(COMMODITY_GROUPS)),
        hazard: oneOfChoices(HAZARDS),
        poison_inhalation: yesNo(),
        unit: oneOfChoices(VOLUME_UNITS, 'The unit of the volumes.'),
        shell_capacity: maybe(decimalText('As given, else the fleet car\'s; null when neither is known.')),
        permitted_volume: maybe(decimalText('The most it may be filled with; null without a capacity.')),
        outage_volume: maybe(decimalText('The capacity left empty; null without a capacity.')),
        gauge: maybe(obj({
          table: int('The gauge table.'),
          name: str(),
          via: VIA,
          depth_kind: oneOfChoices(DEPTH_KINDS),
          depth_unit: oneOfChoices(DEPTH_UNITS),
          reading: maybe(decimalText('The reading to fill to; null when the table does not reach it.')),
          note: maybe(str('Why there is no reading.')),
        }, { description: 'With a car that has a gauge table and a capacity: the reading to fill to; else null.' })),
      }),
    },
    volume_at: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Volume at a reading', result: 'object',
      input: { reading: decimal({ required: true, digits: 10, places: 2, min: 0, label: 'Reading' }) },
      answer: obj({
        reading: decimalText('The reading, to the places the table keeps.'),
        depth_kind: oneOfChoices(DEPTH_KINDS),
        depth_unit: oneOfChoices(DEPTH_UNITS),
        volume: decimalText('The volume of liquid in the car at that reading.'),
        volume_unit: oneOfChoices(VOLUME_UNITS),
      }),
    },
  },
});
