/**
 * Partner rail contracts (docs/partners.md, Partner rail contracts): the contracts a company shares
 * with a partner, read through a view of the contract table. A contract is shared when its
 * counterparty (`party`) is the partner company on the platform (`party.platform_company`, set by
 * an accepted invitation). The partner reads them here, the owner reads here which of its
 * contracts are shared; only the terms a partner needs are in the view (no supply contract, no
 * roll-over chain: those are the owner's own business). `{id}/make-order/` answers the order a
 * partner would start on one.
 */
import { defineResource } from '../define';
import { choice, date, decimal, integer, longText, ref, text } from '../fields';
import { bool, day, int, listOf, obj, oneOfChoices, recordOf, str } from '../answers';
import { CONTRACT_STATUSES } from '../rail/contract-status';
import { CONTRACT_TYPES, CURRENCIES, FACILITY_ROLES, PRICE_UNITS, contract } from '../rail/contract';
import { partnerRecords } from './common';

export const PARTNER_CONTRACT = 'partner/railcontract';

export const partnerRailContract = defineResource({
  name: PARTNER_CONTRACT,
  label: 'Partner contract',
  ...partnerRecords('wheelhouserailcontract'),
  viewOf: contract.name,
  table: contract.table,
  partner: { path: ['party', 'platform_company'], sharedOnly: true },
  fields: {
    company: ref('company', { required: true, onDelete: 'cascade', readOnly: true, label: 'Shipper', help: 'The company whose contract it is.' }),
    contract_number: text({ max: 40, readOnly: true, label: 'Contract number' }),
    contract_type: choice(CONTRACT_TYPES, { required: true, readOnly: true, label: 'Type', help: "As the shipper keeps it: its sale is the partner's purchase." }),
    status: choice(CONTRACT_STATUSES, { required: true, readOnly: true, chip: { active: 'active', cancelled: 'inactive' } }),
    party: ref('party', { required: true, onDelete: 'restrict', readOnly: true, label: 'Partner', help: 'The partner, as the shipper names it.' }),
    product: ref('product', { required: true, onDelete: 'restrict', readOnly: true }),
    facility: ref('facility', { required: true, onDelete: 'restrict', readOnly: true }),
    facility_role: choice(FACILITY_ROLES, { readOnly: true, label: 'Facility role' }),
    carrier: ref('party', { onDelete: 'restrict', readOnly: true, label: 'Railroad' }),
    number_of_cars: integer({ required: true, readOnly: true, label: 'Cars' }),
    volume_per_car: decimal({ digits: 12, places: 2, readOnly: true, unit: 'USgal', label: 'Volume per car' }),
    price: decimal({ digits: 14, places: 4, readOnly: true }),
    price_unit: choice(PRICE_UNITS, { readOnly: true, label: 'Price unit' }),
    currency: choice(CURRENCIES, { required: true, readOnly: true }),
    start_date: date({ required: true, readOnly: true, label: 'Start' }),
    end_date: date({ required: true, readOnly: true, label: 'End' }),
    terms: longText({ readOnly: true }),
  },
  labelFields: [['contract_number', 'id']],
  list: {
    columns: ['contract_number', 'company', 'party', 'status', 'product', 'facility', 'start_date', 'end_date', 'number_of_cars'],
    compact: ['contract_number', 'company', 'status'],
    search: ['contract_number'],
    ordering: ['-start_date', 'contract_number'],
  },
  form: {
    sections: [
      { label: 'Contract', fields: ['contract_number', 'contract_type', 'status', 'company', 'party', 'product'] },
      { label: 'Logistics', fields: ['facility', 'facility_role', 'carrier', 'number_of_cars', 'volume_per_car'] },
      { label: 'Commercial', fields: ['price', 'price_unit', 'currency', 'start_date', 'end_date', 'terms'] },
    ],
  },
  actions: {
    make_order: {
      path: 'make-order', on: 'detail', method: 'GET', permission: 'view', label: 'Order', result: 'object',
      answer: obj({
        contract: int(),
        contract_number: str('Its number, else its id.'),
        status: oneOfChoices(CONTRACT_STATUSES),
        open: bool('Whether an order can be made on it now: active, and not past its end.'),
        start_date: day('The first day of a new order: today at the shipper, or the contract\'s start.'),
        end_date: day('Its last day: the contract\'s end, or the longest window an order takes.'),
        number_of_cars: int('The cars the caller\'s sent and closed orders leave on it.'),
        cars_ordered: int('The cars those orders take.'),
        // Named by the string: the order's declaration imports this file.
        orders: listOf(recordOf('partner/railorder'), 'The orders already made on it, newest first.'),
      }),
    },
  },
});
