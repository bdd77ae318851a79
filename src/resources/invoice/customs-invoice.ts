import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, integer, json, longText, ref, refs, tags, text } from '../fields';
import { bool as flag, decimalText, int, listOf, mapOf, obj, str } from '../answers';
import { LOADED_RAIL_CAR } from '../rail/loaded-rail-car';
import { RAIL_SHIPMENT } from '../rail/rail-shipment';
import { TB_CROSS_BORDER_CONTRACT } from '../terminal/common';
import { CENSUS_SCHEDULES, END_USES, FREIGHT_PAYMENT, MEASUREMENT_BASES, TSCA_STATEMENTS } from '../terminal/cross-border-contract';
import { CURRENCIES, money } from './common';
import { CUSTOMS_STATUSES, customsStatus } from './customs-status';

/** The company subscription of the customs screens and calls (docs/invoicing.md, Customs). */
export const CUSTOMS_FEATURE = 'customs';
/** The customs invoice's API name: its calls are the specification's `customs/create_invoice/`, `customs/send/`... */
export const CUSTOMS = 'customs';
export const CUSTOMS_ITEM = 'customs_item';
/** The print template code of a customs invoice (docs/invoicing.md, The printed customs invoice). */
export const CUSTOMS_TEMPLATE = 'customs-invoice';
/** Most cars one create_invoice/ takes; most invoices one send/ or generate_csv/ takes. */
export const MAX_CUSTOMS_CARS = 500;
export const MAX_CUSTOMS_INVOICES = 100;

const customsRecords = (model: string) => ({ perms: { app: 'customs', model }, feature: CUSTOMS_FEATURE, tenant: 'company' as const });
const snapshot = (label: string) => text({ max: 2, readOnly: true, copy: false, upper: true, label });

/**
 * A customs invoice (docs/invoicing.md, Customs): the commercial invoice customs and the broker need
 * for one shipment's cars crossing the Canada-US border, made by `create_invoice/` from the
 * shipment and a cross-border contract's terms. The parties are kept as they were when it was made
 * (`parties`), its lines are the cars with their tariff code, quantity and value; its totals are
 * the sums of its lines.
 */
export const customsInvoice = defineResource({
  name: CUSTOMS,
  label: 'Customs invoice',
  ...customsRecords('customsinvoice'),
  table: 'customs_invoice',
  screen: {
    at: 'customs', slug: 'invoices', codes: ['access_menu__customs_forms'],
    paths: { list: 'customs/invoices/', record: 'customs/invoice/:targetInvoiceId/' },
  },
  extraCodenames: { send_customsinvoice: 'Can send customs invoices to the broker', void_customsinvoice: 'Can void customs invoices' },
  fields: {
    code: text({ max: 40, readOnly: true, copy: false, index: true, label: 'Number' }),
    status: customsStatus(),
    rail_shipment: ref(RAIL_SHIPMENT, { required: true, readOnly: true, onDelete: 'restrict', index: true, label: 'Shipment' }),
    cross_border_contract: ref(TB_CROSS_BORDER_CONTRACT, { readOnly: true, onDelete: 'restrict', label: 'Cross-border contract' }),
    invoice_date: date({ required: true, copy: false, label: 'Date' }),
    currency: choice(CURRENCIES, { required: true, readOnly: true, default: 'USD' }),
    export_country: snapshot('Exported from'),
    import_country: snapshot('Imported into'),
    origin_country: snapshot('Country of origin'),
    port_of_entry: text({ max: 80, trim: true, label: 'Port of entry', help: 'Where the cars cross, e.g. "3310 Sweetgrass, MT" (census schedule D port).' }),
    broker: ref('party', { onDelete: 'restrict', label: 'Customs broker', help: "Who send/ mails it to: from the shipment's broker for the importing country." }),
    end_use: choice(END_USES, { required: true, default: 'FS' }),
    shipment_method_of_payment_choice: choice(FREIGHT_PAYMENT, { required: true, default: 'PP', label: 'Freight payment' }),
    unit_or_basis_for_measurement: choice(MEASUREMENT_BASES, { required: true, readOnly: true, default: 'cubic metre', label: 'Unit of measure' }),
    TSCA_statement: choice(TSCA_STATEMENTS, { required: true, default: 'Complies with all TSCA Rules', label: 'TSCA statement' }),
    census_schedule: choice(CENSUS_SCHEDULES, { required: true, default: 'D' }),
    buyer_related: bool({ default: false, label: 'Buyer and seller related' }),
    parties: json({ readOnly: true, copy: false, label: 'Parties', help: 'Exporter, seller, buyer, consignee, importer and broker with their addresses, as when it was made.' }),
    car_count: integer({ readOnly: true, copy: false, label: 'Cars' }),
    quantity_total: decimal({ digits: 14, places: 3, readOnly: true, copy: false, label: 'Quantity' }),
    goods_value: money({ label: 'Value of goods' }),
    cost_of_freight: decimal({ digits: 12, places: 2, min: 0, copy: false, label: 'Freight', help: 'The freight to the border when it is invoiced; empty when not.' }),
    discount_amount: decimal({ digits: 12, places: 2, min: 0, default: '0', copy: false, label: 'Discount' }),
    total: money({ label: 'Invoice total', help: 'Value of goods less the discount, plus the freight.' }),
    sent_at: datetime({ readOnly: true, copy: false }),
    sent_to: text({ max: 500, readOnly: true, copy: false }),
    entry_number: text({ max: 40, trim: true, copy: false, upper: true, label: 'Entry number', help: 'The customs transaction or entry number the cars were released under.' }),
    return_reason: text({ max: 255, copy: false, label: 'Returned because' }),
    void_reason: text({ max: 255, copy: false }),
    comments: longText({ help: 'Printed on the customs invoice.' }),
  },
  unique: [['company', 'code']],
  indexes: [['company', 'status', 'invoice_date']],
  labelFields: [['code', 'id']],
  list: {
    columns: ['code', 'status', 'invoice_date', 'rail_shipment', 'import_country', 'car_count', 'total', 'currency'],
    compact: ['code', 'status', 'total'], search: ['code', 'entry_number', 'port_of_entry'], ordering: ['-invoice_date', '-id'],
  },
  form: {
    sections: [
      { label: 'Customs invoice', fields: ['invoice_date', 'port_of_entry', 'broker', 'comments'] },
      { label: 'Terms', fields: ['end_use', 'shipment_method_of_payment_choice', 'TSCA_statement', 'census_schedule', 'buyer_related', 'cost_of_freight', 'discount_amount'] },
    ],
  },
  actions: {
    create_invoice: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Make customs invoices', result: 'object',
      writes: ['code', 'rail_shipment', 'cross_border_contract', 'currency', 'export_country', 'import_country', 'origin_country', 'unit_or_basis_for_measurement', 'parties', 'car_count', 'quantity_total', 'goods_value', 'total'],
      input: {
        cars: refs(LOADED_RAIL_CAR, { required: true, max: MAX_CUSTOMS_CARS, label: 'Cars' }),
        cross_border_contract: ref(TB_CROSS_BORDER_CONTRACT, { label: 'Cross-border contract', help: "The customs terms; left out: each car's contract's." }),
      },
      answer: obj({
        made: int('How many customs invoices were made: one per shipment and cross-border contract.'),
        invoices: listOf(obj({ id: int(), label: str(), rail_shipment: int(), cars: int(), total: decimalText(), currency: str() })),
      }),
    },
    status_options: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Status options', result: 'list',
      answer: obj({ value: str(), label: str(), final: flag('No move leaves it.') }),
    },
    // `count/` is every list's own (the list's filters: `?status=sent`); this answers the screens' figures at once.
    summary: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Summary', result: 'object',
      answer: obj({
        total: int('Customs invoices in all.'),
        by_status: mapOf(int(), `Per status: ${CUSTOMS_STATUSES.map(([v]) => v).join(', ')}.`),
        cars_waiting: int('Cars crossing a border with no customs invoice yet.'),
      }),
    },
    send: {
      on: 'collection', method: 'POST', permission: 'send_customsinvoice', label: 'Send to broker', result: 'object',
      writes: ['sent_at', 'sent_to'],
      input: {
        invoices: refs(CUSTOMS, { required: true, max: MAX_CUSTOMS_INVOICES, label: 'Customs invoices' }),
        to: tags({ max: 10, format: 'email', label: 'To', help: "Left out: each invoice's customs broker." }),
        message: text({ max: 2000, help: 'Said above the list of attached customs invoices.' }),
      },
      answer: obj({ sent: int('Mails queued.'), invoices: int('Customs invoices sent.') }),
    },
    generate_csv: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Broker CSV', result: 'file',
      input: { invoices: refs(CUSTOMS, { required: true, max: MAX_CUSTOMS_INVOICES, label: 'Customs invoices' }) },
    },
    print: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file',
      input: { code: text({ max: 40, default: CUSTOMS_TEMPLATE, label: 'Template', help: `"${CUSTOMS_TEMPLATE}", the one template of customs invoices.` }) },
    },
  },
});

/**
 * One car of a customs invoice (docs/invoicing.md, Customs lines): what it carries, its tariff
 * code and dangerous goods identifiers, its quantity in the invoice's unit and its value. Written
 * by the server only; `open` while its invoice is not void, and a car is on one open line at most.
 */
export const customsItem = defineResource({
  name: CUSTOMS_ITEM,
  label: 'Customs invoice line',
  ...customsRecords('customsitem'),
  table: 'customs_invoice_item',
  readOnly: true,
  fields: {
    customs_invoice: ref(CUSTOMS, { required: true, readOnly: true, onDelete: 'cascade', index: true, label: 'Customs invoice' }),
    position: integer({ readOnly: true, min: 1, label: '#' }),
    loaded_rail_car: ref(LOADED_RAIL_CAR, { required: true, readOnly: true, onDelete: 'restrict', label: 'Car load', index: true }),
    mark_number: text({ max: 11, readOnly: true, upper: true, label: 'Car' }),
    product: ref('product', { readOnly: true, onDelete: 'restrict' }),
    description: text({ max: 300, readOnly: true }),
    hs_code: text({ max: 13, readOnly: true, label: 'HS code' }),
    un_number: text({ max: 6, readOnly: true, label: 'UN/NA' }),
    hazard_class: text({ max: 10, readOnly: true, label: 'Class' }),
    packing_group: text({ max: 3, readOnly: true, label: 'PG' }),
    quantity: decimal({ digits: 14, places: 3, readOnly: true }),
    unit: text({ max: 20, readOnly: true }),
    unit_value: decimal({ digits: 14, places: 4, readOnly: true, label: 'Unit value' }),
    value: money(),
    value_source: text({ max: 120, readOnly: true, label: 'Valued from', help: 'The invoice or contract its value comes from.' }),
    open: bool({ readOnly: true, default: true, index: true }),
  },
  labelFields: [['mark_number', 'description']],
  list: {
    columns: ['position', 'mark_number', 'description', 'hs_code', 'un_number', 'quantity', 'unit', 'unit_value', 'value'],
    compact: ['mark_number', 'quantity', 'value'], ordering: ['position'],
  },
});
