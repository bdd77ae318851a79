import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, integer, longText, ref, refs, tags, text } from '../fields';
import { bool as yes, decimalText, int, listOf, maybe, obj, oneOfChoices, str } from '../answers';
import { MEASUREMENT_UNIT, TB_COMPANY, TB_PRODUCT, TB_SERVICE_CONTRACT, TB_SERVICE_CONTRACT_TICKET, TB_TICKET, TB_TICKET_INVOICE, TB_TICKET_INVOICE_LINE, terminalRecords, terminalScreen } from './common';
import { CURRENCIES, PRICE_BASES } from './service-contract';
import { INVOICE_STATUSES, invoiceStatus } from './ticket-invoice-status';

/** Most tickets one `bulk_create_invoices/` call invoices, and most invoices one workflow call moves. */
export const MAX_INVOICE_TICKETS = 500;
export const MAX_INVOICES = 200;

/** How an invoice sent for payment reaches the customer; `email` mails its PDF to the customer's address. */
export const INVOICE_METHODS = [['email', 'Email'], ['mail', 'Post'], ['jobutrax', 'Jobutrax'], ['edi', 'EDI / ERP']] as const;
export const EXPORT_TYPES = [['csv', 'CSV'], ['xlsx', 'Excel (XLSX)']] as const;
/** The print template code of a ticket invoice (docs/terminal.md, Invoice documents). */
export const INVOICE_TEMPLATE = 'invoice-custom';

const invoiceIds = () => refs(TB_TICKET_INVOICE, { required: true, max: MAX_INVOICES, label: 'Invoices' });
const money = (label?: string) => decimal({ digits: 14, places: 2, readOnly: true, ...(label ? { label } : {}) });

/** What a workflow call answers: the invoices it moved, all of them or none. */
const MOVED = obj({
  updated: int('How many invoices moved (all those given: otherwise none).'),
  invoices: listOf(obj({ id: str(), code: str(), status: oneOfChoices(INVOICE_STATUSES), version: int() })),
});

/**
 * An invoice of terminal services built from completed tickets (docs/terminal.md, Ticket
 * invoices): one customer, one service contract, one currency. Its lines are fixed when it is
 * built; its totals are their sums. Numbered `INV-000001` per company without gaps.
 */
export const ticketInvoice = defineResource({
  name: TB_TICKET_INVOICE,
  label: 'Ticket invoice',
  ...terminalRecords('ticketinvoice'),
  screen: terminalScreen('ticket-invoice', { menu: { section: 'Terminal', icon: 'invoice', order: 7, count: true } }),
  extraCodenames: {
    approve_ticketinvoice: 'Can approve ticket invoices',
    send_ticketinvoice: 'Can send ticket invoices for payment and mark them paid',
  },
  fields: {
    code: text({ max: 30, readOnly: true, index: true, copy: false, label: 'Invoice number' }),
    status: invoiceStatus(),
    customer: ref(TB_COMPANY, { required: true, readOnly: true, onDelete: 'restrict', index: true }),
    service_contract: ref(TB_SERVICE_CONTRACT, { required: true, readOnly: true, onDelete: 'restrict', index: true }),
    currency: choice(CURRENCIES, { required: true, readOnly: true }),
    invoice_date: date({ required: true, index: true }),
    due_date: date(),
    po_number: text({ max: 40, trim: true, label: 'Customer PO number' }),
    ticket_count: integer({ readOnly: true, label: 'Tickets' }),
    subtotal: money(),
    tax_name: text({ max: 20, readOnly: true, label: 'Tax' }),
    tax_rate: decimal({ digits: 6, places: 3, readOnly: true, unit: '%' }),
    tax_total: money('Tax amount'),
    total: money(),
    invoice_methods: tags({ readOnly: true, choices: INVOICE_METHODS, label: 'Sent by' }),
    sent_for_approval_at: datetime({ readOnly: true }),
    sent_for_approval_by: text({ max: 200, readOnly: true }),
    approved_at: datetime({ readOnly: true }),
    approved_by: text({ max: 200, readOnly: true }),
    sent_for_payment_at: datetime({ readOnly: true }),
    exported_at: datetime({ readOnly: true, label: 'Last exported', audit: false }),
    jobutrax_sent_at: datetime({ readOnly: true, label: 'Sent to Jobutrax' }),
    jobutrax_reference: text({ max: 100, readOnly: true, label: 'Jobutrax reference' }),
    jobutrax_message: text({ max: 500, readOnly: true, label: 'Jobutrax result', audit: false }),
    comments: longText(),
    void_reason: text({ max: 255, copy: false }),
  },
  unique: [['company', 'code']],
  indexes: [['company', 'status', 'invoice_date']],
  labelFields: [['code', 'id']],
  list: {
    // The contract, subtotal and tax are on the invoice and in the Columns menu: with them the list
    // would not fit beside the menu at 1,400 px (docs/table.md, Column widths).
    columns: ['code', 'invoice_date', 'status', 'customer', 'ticket_count', 'total', 'currency', 'due_date'],
    compact: ['code', 'status', 'total'],
    search: ['code', 'po_number'], ordering: ['-invoice_date', '-code'],
  },
  form: {
    sections: [
      { label: 'Invoice', fields: ['code', 'status', 'customer', 'service_contract', 'invoice_date', 'due_date', 'po_number', 'comments', 'void_reason'] },
      { label: 'Totals', fields: ['ticket_count', 'currency', 'subtotal', 'tax_name', 'tax_rate', 'tax_total', 'total'] },
      { label: 'Workflow', fields: ['sent_for_approval_at', 'sent_for_approval_by', 'approved_at', 'approved_by', 'sent_for_payment_at', 'invoice_methods', 'exported_at', 'jobutrax_sent_at', 'jobutrax_reference', 'jobutrax_message'] },
    ],
  },
  actions: {
    bulk_create_invoices: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Create invoices', result: 'object',
      writes: ['customer', 'service_contract', 'currency', 'ticket_count', 'subtotal', 'tax_name', 'tax_rate', 'tax_total', 'total'],
      answer: obj({
        created: int('How many invoices were made: one per customer, contract and currency.'),
        invoices: listOf(obj({ id: str(), code: str(), customer: str(), ticket_count: int(), total: decimalText(), currency: str() })),
      }),
      input: {
        ticket_ids: refs(TB_TICKET, { required: true, max: MAX_INVOICE_TICKETS, label: 'Tickets' }),
        invoice_date: date({ help: 'Today in the company\'s time zone when left out.' }),
      },
    },
    send_approval: {
      on: 'collection', method: 'POST', permission: 'change', label: 'Send for approval', result: 'object', answer: MOVED,
      writes: ['sent_for_approval_at', 'sent_for_approval_by'], input: { invoices_id: invoiceIds() },
    },
    bulk_approve_invoices: {
      on: 'collection', method: 'POST', permission: 'approve_ticketinvoice', label: 'Approve', result: 'object', answer: MOVED,
      writes: ['approved_at', 'approved_by'], input: { invoices_id: invoiceIds() },
    },
    send_for_payment: {
      on: 'collection', method: 'POST', permission: 'send_ticketinvoice', label: 'Send for payment', result: 'object', answer: MOVED,
      writes: ['sent_for_payment_at', 'invoice_methods'],
      input: {
        invoices_id: invoiceIds(),
        invoice_methods: tags({ required: true, max: 4, choices: INVOICE_METHODS, label: 'Send by', help: 'Email mails each invoice\'s PDF to its customer\'s address.' }),
      },
    },
    get_invoice_export: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Export', result: 'file',
      input: { invoices_id: invoiceIds(), export_type: choice(EXPORT_TYPES, { default: 'csv', label: 'Format' }) },
    },
    bulk_export_sap_xml: { on: 'collection', method: 'POST', permission: 'view', label: 'Export SAP XML', result: 'file', input: { invoices_id: invoiceIds() } },
    send_jobutrax: {
      on: 'collection', method: 'POST', permission: 'send_ticketinvoice', label: 'Send to Jobutrax', result: 'object', remote: true,
      answer: obj({
        sent: int('How many the service took.'),
        failed: int('How many it did not: those stay unsent, with the reason on the invoice.'),
        results: listOf(obj({ id: str(), code: str(), ok: yes(), message: str(), reference: maybe(str()) })),
      }),
      input: { invoices_id: invoiceIds() },
    },
    print_invoice: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file',
      input: {
        companyId: integer({ min: 1, label: 'Company', help: 'The company printing it; the caller\'s own when left out.' }),
        printableTemplateCode: text({ max: 40, default: INVOICE_TEMPLATE, label: 'Template', help: `"${INVOICE_TEMPLATE}", the one template of ticket invoices.` }),
      },
    },
  },
});

/**
 * One charge of an invoice: a ticket's quantity at a price line's unit price. Written only when the
 * invoice is built; `open` while its invoice is not void, so a ticket is on one open invoice at most.
 */
export const ticketInvoiceLine = defineResource({
  name: TB_TICKET_INVOICE_LINE,
  label: 'Ticket invoice line',
  ...terminalRecords('ticketinvoiceline'),
  // Written with its invoice, by the server only: the API reads the lines and has no route that writes them.
  readOnly: true,
  fields: {
    invoice: ref(TB_TICKET_INVOICE, { required: true, readOnly: true, onDelete: 'cascade', index: true }),
    position: integer({ readOnly: true, min: 1 }),
    ticket: ref(TB_TICKET, { required: true, readOnly: true, onDelete: 'restrict', index: true }),
    price: ref(TB_SERVICE_CONTRACT_TICKET, { readOnly: true, label: 'Price line' }),
    description: text({ max: 200, readOnly: true }),
    product: ref(TB_PRODUCT, { readOnly: true }),
    ticket_date: date({ readOnly: true }),
    basis: choice(PRICE_BASES, { readOnly: true }),
    quantity: decimal({ digits: 14, places: 3, readOnly: true }),
    unit: ref(MEASUREMENT_UNIT, { readOnly: true }),
    unit_price: decimal({ digits: 14, places: 4, readOnly: true }),
    amount: money(),
    open: bool({ readOnly: true, default: true, index: true, help: 'False once its invoice is void: the ticket may be invoiced again.' }),
  },
  labelFields: [['description']],
  list: {
    columns: ['position', 'ticket', 'ticket_date', 'description', 'product', 'quantity', 'unit', 'unit_price', 'amount'],
    compact: ['ticket', 'description', 'amount'], search: ['description'], ordering: ['invoice', 'position'],
  },
});
