import { defineResource } from '../define';
import { bool, choice, date, decimal, integer, json, longText, ref, text } from '../fields';
import { decimalText, int, listOf, obj, str } from '../answers';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_PRODUCT, TB_SERVICE_CONTRACT, TB_SERVICE_CONTRACT_TICKET, createdByServer, terminalRecords, terminalScreen } from './common';
import { TICKET_TYPES } from './ticket';

export const CURRENCIES = [['CAD', 'CAD'], ['USD', 'USD']] as const;

/** Most price lines one `bulk_update_prices/` call changes. */
export const MAX_PRICE_UPDATES = 500;

/**
 * A service contract (docs/terminal.md, Service contracts): what the terminal charges one customer
 * for handling its loads, from a date, at one site or all. Its price lines (service contract
 * tickets) say which tickets each charge applies to and at what price; invoices are built from them.
 */
export const serviceContract = defineResource({
  name: TB_SERVICE_CONTRACT,
  label: 'Service contract',
  ...terminalRecords('servicecontract'),
  screen: terminalScreen('service-contract', { menu: { section: 'Terminal', icon: 'contract', order: 6 } }),
  fields: {
    code: text({ required: true, max: 30, trim: true, index: true, help: 'The contract number both parties use.' }),
    name: text({ required: true, max: 120, trim: true }),
    customer: ref(TB_COMPANY, { required: true, index: true, help: 'The company billed: completed tickets naming it as shipper are priced by this contract.' }),
    site: ref(SITE, { help: 'Only tickets of this site; every site when left empty.' }),
    currency: choice(CURRENCIES, { required: true, default: 'CAD' }),
    effective_date: date({ required: true, help: 'Tickets from this day on are priced by the contract.' }),
    expiration_date: date({ help: 'The last day it prices tickets; open-ended when left empty.' }),
    payment_terms_days: integer({ min: 0, max: 365, default: 30, label: 'Payment terms', help: 'Days from the invoice date to its due date.' }),
    tax_name: text({ max: 20, default: 'GST', help: 'The sales tax printed on invoices, e.g. GST or HST.' }),
    tax_rate: decimal({ digits: 6, places: 3, min: 0, max: 100, default: '5', unit: '%' }),
    enabled: bool({ default: true, index: true, help: 'A disabled contract prices no new invoice.' }),
    comments: longText(),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'code']],
  labelFields: [['code'], { field: 'name', before: '– ' }],
  list: {
    columns: ['code', 'name', 'customer', 'site', 'currency', 'effective_date', 'expiration_date', 'enabled'],
    search: ['code', 'name'], ordering: ['-effective_date', 'code'],
  },
  form: {
    sections: [
      { label: 'Contract', fields: ['code', 'name', 'customer', 'site', 'enabled', 'comments'] },
      { label: 'Terms', fields: ['effective_date', 'expiration_date', 'currency', 'payment_terms_days', 'tax_name', 'tax_rate'] },
    ],
  },
  actions: {
    bulk_update_prices: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Update prices', result: 'object',
      answer: obj({
        updated: int('How many price lines changed (all those given: otherwise none).'),
        lines: listOf(obj({ id: str(), description: str(), unit_price: decimalText(), version: int() })),
      }),
      input: {
        update_list: json({
          required: true, shape: 'array', maxBytes: 128 * 1024, label: 'Prices',
          help: `Up to ${MAX_PRICE_UPDATES} changes, each {id, unit_price, minimum_charge?} of one of this contract's price lines.`,
        }),
      },
    },
  },
});

/** How a charge is measured on a ticket. */
export const PRICE_BASES = [['net_volume', 'Net volume'], ['gross_volume', 'Gross volume'], ['net_weight', 'Net weight'], ['load', 'Per load']] as const;

/**
 * One charge of a service contract (the specification's "service contract ticket"): the tickets
 * it applies to (a ticket type, a product, or any), how it is measured and its unit price. A
 * ticket is charged every enabled line it matches.
 */
export const serviceContractTicket = defineResource({
  name: TB_SERVICE_CONTRACT_TICKET,
  label: 'Service contract price',
  ...terminalRecords('servicecontractticket'),
  fields: {
    service_contract: ref(TB_SERVICE_CONTRACT, { required: true, onDelete: 'cascade', index: true }),
    description: text({ required: true, max: 120, trim: true, help: 'The charge as the invoice names it, e.g. "Terminalling fee".' }),
    ticket_type: choice(TICKET_TYPES, { help: 'Only tickets of this type; every type when left empty.' }),
    product: ref(TB_PRODUCT, { help: 'Only tickets of this product; every product when left empty.' }),
    basis: choice(PRICE_BASES, { required: true, default: 'net_volume', help: 'What the price is per: the ticket\'s net or gross volume, its net weight, or one load.' }),
    unit: ref(MEASUREMENT_UNIT, { label: 'Price per', help: 'The unit the price is per (m³, bbl, t...); the ticket\'s quantity is converted to it. Left empty: the ticket\'s own unit (kg for weight).' }),
    unit_price: decimal({ required: true, digits: 14, places: 4, min: 0 }),
    minimum_charge: decimal({ digits: 12, places: 2, min: 0, help: 'A load is charged at least this.' }),
    enabled: bool({ default: true }),
  },
  labelFields: [['description']],
  list: { columns: ['service_contract', 'description', 'ticket_type', 'product', 'basis', 'unit', 'unit_price', 'minimum_charge', 'enabled'], search: ['description'], ordering: ['service_contract', 'description'] },
});
