import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, integer, json, longText, ref, refs, text } from '../fields';
import { decimalText, int, listOf, maybe, obj, str } from '../answers';
import { LOADED_RAIL_CAR } from '../rail/loaded-rail-car';
import { RAIL_SHIPMENT } from '../rail/rail-shipment';
import { CURRENCIES, INVOICE, INVOICE_ITEM, INVOICE_PRODUCT, UNIT_PRICE, invoiceRecords, money, unitChoice } from './common';
import { invoiceStatus } from './invoice-status';

/** Most cars one `invoice_cars/` call takes, and most lines one call removes or credits. */
export const MAX_INVOICE_CARS = 500;
export const MAX_ITEMS = 2000;
/** The print template code of a rail invoice (docs/invoicing.md, The printed invoice). */
export const RAIL_INVOICE_TEMPLATE = 'invoice-custom';

export const INVOICE_KINDS = [['invoice', 'Invoice'], ['credit_note', 'Credit note']] as const;
/** What `picker/` offers (docs/invoicing.md, Pickers). */
export const PICKERS = [
  ['parties', 'Parties with shipped cars not invoiced'], ['drafts', 'Draft invoices'], ['invoice_products', 'Invoice products'], ['currencies', 'Currencies'],
] as const;

/**
 * A rail invoice, or a credit note correcting one (docs/invoicing.md): one party billed, one
 * currency, lines made from shipped cars by `invoice_cars/`. Its totals are the sums of its lines
 * (rounded once, at the line); it is numbered by the company's code generator when issued, and
 * what it printed then (seller, buyer, addresses, tax numbers) is kept with it.
 */
export const invoice = defineResource({
  name: INVOICE,
  label: 'Invoice',
  ...invoiceRecords('invoice'),
  screen: {
    at: 'invoice', slug: 'invoices', codes: ['access_menu__invoice'],
    paths: { list: 'invoice/invoices/', record: 'invoice/invoice/:targetInvoiceId/' },
  },
  extraCodenames: { issue_invoice: 'Can issue invoices', void_invoice: 'Can void invoices' },
  fields: {
    code: text({ max: 40, readOnly: true, copy: false, index: true, label: 'Invoice number', help: 'Given when the invoice is issued.' }),
    kind: choice(INVOICE_KINDS, { required: true, default: 'invoice', readOnly: true, copy: false, index: true }),
    credit_of: ref(INVOICE, { readOnly: true, copy: false, onDelete: 'restrict', label: 'Credits invoice' }),
    status: invoiceStatus(),
    party: ref('party', { required: true, onDelete: 'restrict', index: true, label: 'Bill to' }),
    currency: choice(CURRENCIES, { required: true, default: 'CAD' }),
    invoice_date: date({ index: true, copy: false, help: 'Left empty: the day it is issued.' }),
    payment_terms_days: integer({ required: true, min: 0, max: 365, default: 30, label: 'Payment terms (days)', help: '0: due on receipt.' }),
    due_date: date({ readOnly: true, copy: false, help: 'The invoice date plus the payment terms.' }),
    po_number: text({ max: 40, trim: true, label: 'Customer PO number' }),
    tax_place: text({ max: 10, readOnly: true, copy: false, label: 'Taxed as', help: 'The province whose taxes apply, EXPORT or EXEMPT: from the party.' }),
    car_count: integer({ readOnly: true, copy: false, label: 'Cars' }),
    subtotal: money(),
    tax_total: money({ label: 'Taxes' }),
    // A month of a buyer's crude runs to millions: the list shows the whole total.
    total: money({ columnDigits: 9 }),
    taxes: json({ shape: 'array', readOnly: true, copy: false, label: 'Tax breakdown', help: 'Each tax: its rate, the amount it applies to and its amount.' }),
    issued_at: datetime({ readOnly: true, copy: false }),
    issued_by: text({ max: 200, readOnly: true, copy: false }),
    paid_date: date({ copy: false, label: 'Paid on' }),
    document: json({ readOnly: true, copy: false, label: 'As issued', help: 'The seller and the party, with their addresses and tax numbers, as printed when issued.' }),
    comments: longText({ help: 'Printed on the invoice.' }),
    void_reason: text({ max: 255, copy: false }),
  },
  unique: [['company', 'code']],
  indexes: [['company', 'status', 'invoice_date']],
  labelFields: [['code', 'id']],
  list: {
    columns: ['code', 'status', 'party', 'invoice_date', 'due_date', 'car_count', 'total', 'currency'],
    compact: ['code', 'party', 'total'], search: ['code', 'po_number'], ordering: ['-created_at'],
  },
  form: {
    sections: [
      // What a draft's form edits: its number, state and figures are the page's own (docs/invoicing.md, Screens).
      { label: 'Invoice', fields: ['party', 'currency', 'invoice_date', 'payment_terms_days', 'po_number', 'comments'] },
    ],
  },
  actions: {
    invoice_cars: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Invoice cars', result: 'object',
      writes: ['party', 'currency', 'tax_place', 'car_count', 'subtotal', 'tax_total', 'total', 'taxes'],
      input: {
        invoice_id: ref(INVOICE, { label: 'Invoice', help: 'A draft to add the cars to; left out: new drafts, one per party and currency.' }),
        cars: refs(LOADED_RAIL_CAR, { required: true, max: MAX_INVOICE_CARS, label: 'Cars' }),
        invoice_products: refs(INVOICE_PRODUCT, { max: 50, label: 'Invoice products', help: 'Left out: every enabled invoice product with a price in force for the party.' }),
      },
      answer: obj({
        added: int('How many lines were added.'),
        invoices: listOf(obj({ id: int(), label: str(), party: int(), currency: str(), lines: int(), total: decimalText() })),
      }),
    },
    remove_items: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Remove lines', result: 'record',
      writes: ['car_count', 'subtotal', 'tax_total', 'total', 'taxes'],
      input: { items: refs(INVOICE_ITEM, { required: true, max: MAX_ITEMS, label: 'Lines' }) },
    },
    credit_note: {
      on: 'detail', method: 'POST', permission: 'add', label: 'Credit note', result: 'record',
      writes: ['kind', 'credit_of', 'party', 'currency', 'tax_place', 'car_count', 'subtotal', 'tax_total', 'total', 'taxes'],
      input: {
        items: refs(INVOICE_ITEM, { max: MAX_ITEMS, label: 'Lines', help: 'The lines to credit; left out: every line.' }),
        reason: text({ required: true, max: 255, trim: true, label: 'Reason', help: 'Printed on the credit note.' }),
      },
    },
    print: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file',
      input: { code: text({ max: 40, default: RAIL_INVOICE_TEMPLATE, label: 'Template', help: `"${RAIL_INVOICE_TEMPLATE}", the one template of rail invoices.` }) },
    },
    picker: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Picker', result: 'list',
      input: {
        name: choice(PICKERS, { required: true, label: 'Picker' }),
        party: ref('party', { label: 'Party', help: 'drafts: the drafts of this party only.' }),
        search: text({ max: 100, trim: true }),
      },
      answer: obj({ value: str(), label: str(), detail: maybe(str('What else to show beside the label: the cars waiting, the draft\'s total, the basis.')) }),
    },
  },
});

/**
 * One line of an invoice (docs/invoicing.md, Lines): a car (or a shipment, for a flat charge)
 * charged for one invoice product at the unit price in force, with the conditions that applied.
 * Written by the server only. `open` while its invoice is an invoice not void: a car is on one
 * open line per invoice product at most (a unique index says so, whatever writes the lines).
 */
export const invoiceItem = defineResource({
  name: INVOICE_ITEM,
  label: 'Invoice line',
  ...invoiceRecords('invoiceitem'),
  readOnly: true,
  fields: {
    invoice: ref(INVOICE, { required: true, readOnly: true, onDelete: 'cascade', index: true }),
    position: integer({ readOnly: true, min: 1, label: '#' }),
    invoice_product: ref(INVOICE_PRODUCT, { required: true, readOnly: true, onDelete: 'restrict' }),
    loaded_rail_car: ref(LOADED_RAIL_CAR, { readOnly: true, onDelete: 'restrict', label: 'Car load', index: true }),
    rail_shipment: ref(RAIL_SHIPMENT, { required: true, readOnly: true, onDelete: 'restrict', label: 'Shipment', index: true }),
    mark_number: text({ max: 11, readOnly: true, upper: true, label: 'Car', help: 'The car\'s reporting mark and number, as billed.' }),
    ship_date: date({ readOnly: true }),
    product: ref('product', { readOnly: true, onDelete: 'restrict' }),
    description: text({ max: 200, readOnly: true }),
    quantity: decimal({ digits: 14, places: 3, readOnly: true }),
    unit: unitChoice({ readOnly: true }),
    unit_price: decimal({ digits: 14, places: 4, readOnly: true }),
    price: ref(UNIT_PRICE, { readOnly: true, onDelete: 'set null', label: 'Price' }),
    conditions: text({ max: 300, readOnly: true, help: 'The conditions that changed the charge.' }),
    amount: money(),
    taxable: bool({ readOnly: true, default: true }),
    tax_amount: money({ label: 'Tax' }),
    taxes: json({ shape: 'array', readOnly: true, label: 'Taxes' }),
    credits_item: ref(INVOICE_ITEM, { readOnly: true, onDelete: 'restrict', label: 'Credits line', help: 'On a credit note: the line it credits.' }),
    open: bool({ readOnly: true, default: true, index: true, help: 'False on a void invoice, on a credit note and once credited: the car may be invoiced again.' }),
  },
  labelFields: [['mark_number', 'description']],
  list: {
    columns: ['position', 'mark_number', 'rail_shipment', 'ship_date', 'description', 'quantity', 'unit', 'unit_price', 'amount', 'tax_amount'],
    compact: ['mark_number', 'description', 'amount'], search: ['mark_number', 'description'], ordering: ['invoice', 'position'],
  },
});
