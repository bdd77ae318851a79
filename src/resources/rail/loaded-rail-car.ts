/**
 * One car loaded on a rail shipment, with its seals and measurements (docs/rail.md §4.4). Its
 * volumes in gallons and litres and a tank car's weight are derived by one rule
 * (src/lib/rail-car-values.ts), the same in SQL (computed fields) and on the screens; its rules
 * beyond the declaration are in server/actions/rail/loaded-car-rules.ts.
 */
import { defineResource } from '../define';
import { choice, date, decimal, file, integer, ref, refs, text } from '../fields';
import { day, int, maybe, obj, oneOfChoices, recordOf, str } from '../answers';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';
import { GALLONS_TO_LITRES } from '../../lib/rail-car-values';
import { CORRECTIONS } from '../../lib/car-correction';
import { CAR_TYPES } from '../fleet/car';
import { SHIPMENT_STATUSES } from './rail-shipment-status';
import { RAIL_SHIPMENT } from './rail-shipment';
import { LOADED_CAR_RECORDS } from './common';

export const LOADED_RAIL_CAR = 'loaded_rail_car';

const gallons = (o: { label?: string; help?: string } = {}) => decimal({ digits: 12, places: 2, min: 0, unit: 'USgal', required: true, default: '0', ...o });
const factor = (label: string, help: string) => decimal({ digits: 8, places: 6, min: 0.000001, max: 1.2, required: true, default: '1', label, help });
const derived = (places: number, unit: string, label: string) => decimal({ digits: 14, places, unit, computed: true, readOnly: true, label });
const seal = (n: number) => text({ max: 20, label: `Seal ${n}` });

export const loadedRailCar = defineResource({
  name: LOADED_RAIL_CAR,
  label: 'Loaded rail car',
  ...LOADED_CAR_RECORDS,
  timeZone: { path: ['rail_shipment', 'origin', 'timezone'] },
  // One route loads a new car or edits one (docs/rail.md §11.6).
  screen: { at: 'rail', slug: 'car', codes: ['access_menu__shipments'], paths: { list: 'rail/car/:railCarId?/', record: 'rail/car/:railCarId?/' } },
  fields: {
    rail_shipment: ref(RAIL_SHIPMENT, { required: true, onDelete: 'cascade', label: 'Shipment' }),
    car_mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
    car_number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, identifier: true, label: 'Car number' }),
    mark_number: text({ computed: true, readOnly: true, max: 11, upper: true, label: 'Car', sortBy: ['car_mark', 'car_number'] }),
    car: ref('car', { readOnly: true, onDelete: 'set null', label: 'Fleet car', help: "The fleet's record of this car, when the company has one." }),
    car_type: choice(CAR_TYPES, { required: true, default: 'T', label: 'Car type' }),
    contract: ref('contract', { readOnly: true, onDelete: 'restrict', help: "The shipment's contract." }),
    shipment_status: choice(SHIPMENT_STATUSES, { computed: true, readOnly: true, label: 'Shipment status' }),
    current_location: ref('facility', { onDelete: 'restrict', label: 'Current location', help: "Left empty: the shipment's origin." }),
    product: ref('product', { onDelete: 'restrict', help: "Left empty: the shipment's product." }),
    load_date: date({ label: 'Load date', help: 'Left empty: today at the origin.' }),
    seal_number_1: seal(1),
    seal_number_2: seal(2),
    seal_number_3: seal(3),
    seal_number_4: seal(4),
    gaugetable: text({ max: 40, label: 'Gauge table' }),
    shell_capacity: gallons({ label: 'Shell capacity' }),
    volume_outage: gallons({ label: 'Outage' }),
    volume: gallons({ label: 'Metered volume', help: 'As metered at the rack, for comparison.' }),
    correction: choice(CORRECTIONS, {
      required: true, default: 'typed', label: 'Temperature correction',
      help: "Computed: both factors from the load temperature, the density and the product's commodity group by API MPMS 11.1. Typed: as given.",
    }),
    temperature_correction_factor: factor('Temperature correction factor', 'To 60 °F; the net volume uses it.'),
    temperature_correction_factor_at_15c: factor('Temperature correction factor (15 °C)', 'To 15 °C; stored and printed as given.'),
    load_temperature: decimal({ digits: 6, places: 2, min: -60, max: 400, unit: '°F', required: true, default: '0', label: 'Load temperature' }),
    density: decimal({ digits: 8, places: 4, min: 0, max: 5, unit: 'kg/L', required: true, default: '1', help: "Relative density; left as 1: the product's." }),
    gal_to_liter_conversion_factor: decimal({ digits: 10, places: 5, min: 0.00001, required: true, default: GALLONS_TO_LITRES, label: 'Gallons to litres' }),
    weight: decimal({ digits: 12, places: 1, min: 0, unit: 'kg', required: true, default: '0', help: "A tank car's is its net volume times its density." }),
    gross_volume: derived(2, 'USgal', 'Gross volume'),
    net_volume: derived(2, 'USgal', 'Net volume'),
    gross_volume_litres: derived(1, 'L', 'Gross volume (L)'),
    net_volume_litres: derived(1, 'L', 'Net volume (L)'),
    embargo_number: text({ max: 20, label: 'Embargo number' }),
    embargo_permit_number: text({ max: 20, label: 'Embargo permit number' }),
    customs_barcode_number: text({ max: 40, label: 'Customs barcode' }),
    // The invoice it is billed on (docs/invoicing.md, Cars to invoice); by name, as the invoice declares its lines of cars.
    invoice: ref('invoice', { computed: true, readOnly: true, copy: false, label: 'Invoice', help: 'The invoice the car is billed on; empty while it is not invoiced.' }),
    bill_to: ref('party', { computed: true, readOnly: true, copy: false, label: 'Bill to', help: "Who its invoice bills: the sale contract's counterparty, else the shipment's freight payer, else its consignee." }),
    ship_date: date({ computed: true, readOnly: true, copy: false, label: 'Ship date', help: "Its shipment's: the day its prices are taken on." }),
    // Customs papers (docs/invoicing.md, Cars awaiting customs papers): by name, as the customs invoice declares its lines of cars.
    crossing: text({ max: 5, computed: true, readOnly: true, copy: false, label: 'Border', help: 'CA-US: the countries its shipment leaves and enters, when they differ.' }),
    customs_invoice: ref('customs', { computed: true, readOnly: true, copy: false, label: 'Customs invoice', help: 'The customs invoice the car crosses on; empty until one is made.' }),
    // What the car holds now, as measured at a facility after it shipped (update_active_details/).
    active_volume: decimal({ digits: 12, places: 2, min: 0, unit: 'USgal', readOnly: true, label: 'Active volume', help: 'As last measured at a facility, after loading.' }),
    active_weight: decimal({ digits: 12, places: 1, min: 0, unit: 'kg', readOnly: true, label: 'Active weight' }),
  },
  unique: [['rail_shipment', 'car_mark', 'car_number']],
  indexes: [['company', 'car_mark', 'car_number']],
  labelFields: ['car_mark', 'car_number'],
  large: true,
  list: {
    columns: ['mark_number', 'rail_shipment', 'car_type', 'seal_number_1', 'net_volume', 'net_volume_litres', 'weight', 'load_date'],
    compact: ['mark_number', 'rail_shipment', 'net_volume'],
    search: ['mark_number', 'seal_number_1', 'seal_number_2'],
    ordering: ['-load_date', 'mark_number'],
  },
  form: {
    sections: [
      { label: 'Car', fields: ['rail_shipment', 'car_mark', 'car_number', 'car_type', 'product', 'load_date', 'current_location'] },
      { label: 'Seals', fields: ['seal_number_1', 'seal_number_2', 'seal_number_3', 'seal_number_4'] },
      {
        label: 'Measurements',
        fields: ['shell_capacity', 'volume_outage', 'volume', 'correction', 'temperature_correction_factor', 'temperature_correction_factor_at_15c', 'load_temperature', 'density', 'gal_to_liter_conversion_factor', 'gaugetable', 'weight'],
      },
      { label: 'Customs', fields: ['embargo_number', 'embargo_permit_number', 'customs_barcode_number'] },
    ],
  },
  actions: {
    facility: { on: 'detail', method: 'GET', permission: 'view', label: 'Where it stands', result: 'record', returns: 'facility' },
    remove_cars_by_id: {
      on: 'collection', method: 'POST', permission: 'delete', label: 'Remove cars', result: 'object',
      input: { car_ids: refs(LOADED_RAIL_CAR, { required: true, max: 500, label: 'Cars' }) },
      answer: obj({ removed: int('The cars removed.') }),
    },
    bulk_create: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Upload cars', result: 'object',
      input: {
        rail_shipment: ref(RAIL_SHIPMENT, { required: true, label: 'Shipment' }),
        file: file({ required: true, accept: ['text/csv', 'text/plain'], maxBytes: 5 * 1024 * 1024, label: 'CSV file', help: 'A header line, then one car a line (docs/loading.md, Bulk car upload).' }),
      },
      answer: obj({
        shipment: obj({ id: int(), label: str() }, { description: 'The shipment the cars were added to.' }),
        created: int('The cars added.'),
      }),
    },
    embargo_cars: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Cars under an embargo', result: 'list',
      input: { embargo_number: text({ required: true, max: 20, trim: true, upper: true, label: 'Embargo number' }) },
      answer: recordOf(LOADED_RAIL_CAR),
    },
    get_inspecting_car: {
      on: 'collection', method: 'POST', permission: 'view', label: 'The car to inspect', result: 'record',
      input: {
        car_mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
        car_number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, label: 'Car number' }),
        facility: ref('facility', { required: true, label: 'Facility' }),
      },
    },
    update_active_details: {
      on: 'detail', method: 'PATCH', permission: 'change', label: 'Active details', result: 'record', writes: ['active_volume', 'active_weight'],
      input: {
        active_volume: decimal({ required: true, digits: 12, places: 2, min: 0, unit: 'USgal', label: 'Active volume' }),
        active_weight: decimal({ required: true, digits: 12, places: 1, min: 0, unit: 'kg', label: 'Active weight' }),
      },
    },
    loaded_rail_cars: {
      on: 'collection', method: 'GET', permission: 'view', label: "A car's loads", result: 'list',
      input: {
        mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
        number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, label: 'Car number' }),
      },
      // Each load as the loaded car reads, with its shipment's facts beside its own keys.
      answer: recordOf(LOADED_RAIL_CAR, {
        shipment_number: maybe(str("Its shipment's number.")),
        bol_number: maybe(str("Its shipment's BOL number.")),
        status: oneOfChoices(SHIPMENT_STATUSES, "Its shipment's status."),
        ship_date: maybe(day("Its shipment's ship date.")),
      }),
    },
  },
});
