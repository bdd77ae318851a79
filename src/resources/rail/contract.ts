import { defineResource } from '../define';
import { type Shape, day, decimalText, int, listOf, maybe, obj, oneOfChoices, recordOf, str } from '../answers';
import { CAR_TYPES } from '../fleet/car';
import { bool, choice, date, decimal, integer, longText, ref, refs, tags, text } from '../fields';
import { MAX_CARS } from '../../lib/rail-auto-schedule';
import { CONTRACT_STATUSES, contractStatus } from './contract-status';
import { RAIL_HISTORY_ROW, railRecords } from './common';
import { SHIPMENT_STATUSES } from './rail-shipment-status';
import { TB_CROSS_BORDER_CONTRACT } from '../terminal/common';

export const CONTRACT_TYPES = [['sale', 'Sale'], ['purchase', 'Purchase']] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number][0];
export const FACILITY_ROLES = [['origin', 'Origin (cars load here)'], ['destination', 'Destination (cars unload here)']] as const;
export const PRICE_UNITS = [['per_car', 'per car'], ['per_usgal', 'per US gal'], ['per_litre', 'per litre'], ['per_m3', 'per m³'], ['per_bbl', 'per bbl'], ['per_tonne', 'per tonne']] as const;
export const CURRENCIES = [['CAD', 'CAD'], ['USD', 'USD']] as const;
export const ROLL_OVER_PERIODS = [['month', 'Month'], ['quarter', 'Quarter'], ['year', 'Year']] as const;
/** Most contracts one copy or roll-over takes (docs/rail.md §6.1). */
export const MAX_CLONE_CONTRACTS = 100;

/** A contract number as typed: letters, digits, space and `- / . _`, starting with a letter or a digit. */
export const CONTRACT_NUMBER_PATTERN = { source: '[A-Za-z0-9][A-Za-z0-9 ./_-]*', message: 'Letters, digits, spaces and - / . _ only, starting with a letter or digit.' };

/** A referenced record with its label (null where the caller may not see it). */
const labelled = (description?: string) => obj({ id: int(), label: maybe(str()) }, { description });

/** A contract as the short lists write it (`get_short_contract_list/`, `company/{id}/contracts/`). */
export const SHORT_CONTRACT: Shape = obj({
  id: int(),
  contract_number: str(),
  contract_type: oneOfChoices(CONTRACT_TYPES),
  status: oneOfChoices(CONTRACT_STATUSES),
  party: labelled('The counterparty.'),
  product: labelled(),
  start_date: day(),
  end_date: day(),
  number_of_cars: int(),
  supply_contract: maybe(int('On a sale: the purchase it fulfils.')),
});

/** The mirror's own terms (`create_sale/`, `create_purchase/`); the rest is copied from the contract mirrored. */
const mirrorInput = (party: string) => ({
  party: ref('party', { required: true, label: party }),
  price: decimal({ digits: 14, places: 4, min: 0 }),
  currency: choice(CURRENCIES),
  facility: ref('facility', { help: 'Left out: the mirrored contract\'s facility.' }),
  facility_role: choice(FACILITY_ROLES, { label: 'Facility role', help: 'Left out: the mirrored contract\'s role, flipped.' }),
  contract_number: text({ max: 40, trim: true, pattern: CONTRACT_NUMBER_PATTERN, help: 'Left out: the next number.' }),
});

/**
 * A sale (the company sells to the counterparty and ships from its facility) or a purchase (the
 * company buys and receives at its facility), for a number of rail cars of one product over a
 * period (docs/rail.md §4.1). Numbered by its type's code generator when saved without a number;
 * its lifecycle is §3.1; its rules beyond the declaration are in server/actions/rail/contract-rules.ts.
 */
export const contract = defineResource({
  name: 'contract',
  label: 'Contract',
  ...railRecords('contract'),
  screen: {
    at: 'company', slug: 'contracts', codes: ['access_menu__contract'],
    paths: { list: 'company/contracts/:contractType?/', record: 'contract/:contractId/' },
  },
  extraCodenames: { can_view_contract_history: 'Can view contract history' },
  fields: {
    contract_number: text({
      max: 40, trim: true, copy: false, pattern: CONTRACT_NUMBER_PATTERN, label: 'Contract number',
      help: 'Left empty: the next number of the sale or purchase contracts\' code generator.',
    }),
    contract_type: choice(CONTRACT_TYPES, { required: true, default: 'sale', index: true, label: 'Type' }),
    status: contractStatus(),
    party: ref('party', { required: true, onDelete: 'restrict', label: 'Counterparty', help: 'The buyer on a sale, the seller on a purchase.' }),
    product: ref('product', { required: true, onDelete: 'restrict' }),
    facility: ref('facility', { required: true, onDelete: 'restrict', help: 'The company\'s facility the cars load at (a sale) or unload at (a purchase).' }),
    // Its default depends on the type (a sale loads at its facility, a purchase unloads there), so the hook writes it when left out.
    facility_role: choice(FACILITY_ROLES, { label: 'Facility role', help: 'Left empty: origin for a sale, destination for a purchase.' }),
    carrier: ref('party', { onDelete: 'restrict', label: 'Railroad', help: 'A railroad or carrier party.' }),
    number_of_cars: integer({ required: true, min: 1, max: MAX_CARS, label: 'Cars' }),
    volume_per_car: decimal({ digits: 12, places: 2, min: 0, unit: 'USgal', label: 'Volume per car' }),
    price: decimal({ digits: 14, places: 4, min: 0 }),
    price_unit: choice(PRICE_UNITS, { default: 'per_usgal', label: 'Price unit' }),
    currency: choice(CURRENCIES, { required: true, default: 'CAD' }),
    start_date: date({ required: true, label: 'Start' }),
    end_date: date({ required: true, label: 'End' }),
    terms: longText({ help: 'Delivery terms, quality, anything agreed in words.' }),
    cross_border_contract: ref(TB_CROSS_BORDER_CONTRACT, {
      onDelete: 'set null', label: 'Cross-border contract',
      help: 'The customs terms of its cars that cross the border: buyer, exporter, consignees, end use, TSCA statement (docs/invoicing.md, Customs).',
    }),
    cancel_reason: text({ max: 255, copy: false, label: 'Why cancelled' }),
    supply_contract: ref('contract', { readOnly: true, copy: false, label: 'Supplied by', help: 'On a sale: the purchase it fulfils.' }),
    rolled_over_from: ref('contract', { readOnly: true, copy: false, label: 'Rolled over from' }),
    // Cars on the contract's shipped and correcting shipments; 0 until shipments exist (docs/rail.md §14, slice 4).
    cars_shipped: integer({ computed: true, readOnly: true, label: 'Cars shipped' }),
    cars_remaining: integer({ computed: true, readOnly: true, label: 'Cars remaining', help: 'Cars less cars shipped; below 0 when over-shipped.' }),
  },
  unique: [['company', 'contract_number']],
  labelFields: [['contract_number', 'id']],
  list: {
    columns: ['contract_number', 'contract_type', 'status', 'party', 'product', 'facility', 'start_date', 'end_date', 'number_of_cars', 'cars_shipped'],
    compact: ['contract_number', 'party', 'status'],
    search: ['contract_number'],
    ordering: ['-start_date', 'contract_number'],
  },
  form: {
    sections: [
      { label: 'Contract', fields: ['contract_number', 'contract_type', 'party', 'product'] },
      { label: 'Logistics', fields: ['facility', 'facility_role', 'carrier', 'number_of_cars', 'volume_per_car'] },
      { label: 'Commercial', fields: ['price', 'price_unit', 'currency', 'start_date', 'end_date', 'terms', 'cross_border_contract'] },
    ],
  },
  actions: {
    create_sale: {
      on: 'detail', method: 'POST', permission: 'add', label: 'Create sale', result: 'record', writes: ['supply_contract'],
      input: mirrorInput('Buyer'),
    },
    create_purchase: {
      on: 'detail', method: 'POST', permission: 'add', label: 'Create purchase', result: 'record', writes: ['supply_contract'],
      input: mirrorInput('Seller'),
    },
    connect: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Connect', result: 'record', writes: ['supply_contract'],
      input: { supply_contract: ref('contract', { label: 'Supplied by', help: 'The purchase that supplies this sale; null (or left out) disconnects it.' }) },
    },
    clone_multiple: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Copy or roll over', result: 'object', writes: ['rolled_over_from'],
      answer: obj({
        created: listOf(obj({ id: int(), contract_number: str(), source_id: int('The contract copied.'), start_date: day(), end_date: day() }), 'The copies, in the order asked.'),
        copied_fields: listOf(str(), 'The fields a copy takes from its contract.'),
      }),
      input: {
        contract_ids: refs('contract', { required: true, max: MAX_CLONE_CONTRACTS, label: 'Contracts' }),
        roll_over: bool({ label: 'Roll over', help: 'Move every date by the period and name the contract rolled over from.' }),
        period: choice(ROLL_OVER_PERIODS, { help: 'How far a roll-over moves the dates.' }),
      },
    },
    get_cars: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Loaded cars', result: 'list',
      // A car of the contract's shipments, with its shipment's number, status and date.
      answer: obj({
        id: int(), mark_number: str('TILX 1234'), car_type: oneOfChoices(CAR_TYPES), rail_shipment: int(),
        shipment_number: str(), bol_number: maybe(str('Given when the shipment ships.')), status: oneOfChoices(SHIPMENT_STATUSES, "The shipment's status."),
        ship_date: maybe(day()), net_volume: decimalText('US gallons.'), net_volume_litres: decimalText(), weight: decimalText('kg.'),
      }),
      input: { dateRange: text({ max: 21, label: 'Ship dates', help: 'yyyy-MM-dd_yyyy-MM-dd, both ends included.' }) },
    },
    get_shipments: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Shipments', result: 'list',
      // The shipment with the list's columns and its net volume only.
      answer: recordOf('rail_shipment'),
      input: {
        status: tags({ choices: SHIPMENT_STATUSES, max: SHIPMENT_STATUSES.length }),
        page_size: integer({ min: 1, max: 1000, help: 'Left out: 1,000.' }),
      },
    },
    history: { on: 'detail', method: 'GET', permission: 'can_view_contract_history', label: 'History', result: 'list', answer: RAIL_HISTORY_ROW },
    bol_contract_history: {
      on: 'collection', method: 'GET', permission: 'can_view_contract_history', label: 'BOL and contract history', result: 'object',
      answer: obj({
        count: int('Rows matching, over all pages.'), next: maybe(int('The next page, if any.')), previous: maybe(int('The page before, if any.')),
        results: listOf(RAIL_HISTORY_ROW),
      }),
      input: {
        kind: choice([['contract', 'Contracts'], ['shipment', 'Bills of lading']]),
        from: date({ help: "The first day, in the company's zone." }),
        to: date({ help: "The last day, in the company's zone." }),
        user_id: integer({ min: 1, label: 'User' }),
        record: text({ max: 40, trim: true, help: 'A contract, shipment or BOL number.' }),
        action: text({ max: 40, trim: true, help: 'create, update, delete, or an action such as ship.' }),
        page: integer({ min: 1, max: 100000 }),
        page_size: integer({ min: 1, max: 100, help: 'Left out: 50.' }),
      },
    },
    get_shipments_count: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Shipment counts', result: 'object',
      answer: obj({
        count: int("The contract's shipments in all."),
        by_status: obj(Object.fromEntries(SHIPMENT_STATUSES.map(([v]) => [v, int()])), { description: 'Per status, 0 where none.' }),
      }),
    },
    get_dashboard_contract_list: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Contract progress', result: 'list',
      answer: obj({
        id: int(), contract_number: str(), contract_type: oneOfChoices(CONTRACT_TYPES), status: oneOfChoices(CONTRACT_STATUSES),
        party: labelled('The counterparty.'), product: labelled(), facility: labelled(), start_date: day(), end_date: day(),
        cars_planned: int("The contract's cars."),
        cars_scheduled_to_date: int('Cars its schedule planned up to the day asked.'),
        cars_shipped: int("Cars shipped: the schedule days' actuals."),
        cars_remaining: int('Cars planned less cars shipped, not below 0.'),
        behind_by: int('Cars scheduled to date less cars shipped, not below 0.'),
      }),
      input: {
        contract_type: choice(CONTRACT_TYPES),
        party: ref('party', { label: 'Counterparty' }),
        status: tags({ choices: CONTRACT_STATUSES, max: CONTRACT_STATUSES.length, help: 'Left out: active.' }),
        date: date({ help: "The day progress is measured on; left out: today in the company's zone." }),
      },
    },
    get_short_contract_list: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Contracts to choose from', result: 'list', answer: SHORT_CONTRACT,
      input: {
        contract_type: choice(CONTRACT_TYPES),
        status: tags({ choices: CONTRACT_STATUSES, max: CONTRACT_STATUSES.length, help: 'Left out: draft and active.' }),
        product: ref('product'),
        search: text({ max: 40, trim: true, help: 'Part of the contract number.' }),
      },
    },
  },
});
