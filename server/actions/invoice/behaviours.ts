/** What the rail invoicing resources do beyond their declarations (docs/invoicing.md), one entry per resource. */
import { defineBehaviour } from '../../engine/behaviour';
import { invoice } from '../../../src/resources/invoice/invoice';
import { invoiceProduct, invoiceProductCondition } from '../../../src/resources/invoice/invoice-product';
import { unitPrice } from '../../../src/resources/invoice/unit-price';
import { customsInvoice } from '../../../src/resources/invoice/customs-invoice';
import { createCustomsInvoices } from './customs-make';
import { customsHooks } from './customs-rules';
import { customsSummary, generateCsv, printCustoms, sendCustoms, statusOptions } from './customs-actions';
import { invoiceCars } from './invoice-cars';
import { invoiceHooks } from './invoice-rules';
import { creditNote, removeItems } from './invoice-actions';
import { printRailInvoice } from './invoice-print';
import { invoicePicker } from './invoice-picker';
import { conditionData, conditionHooks, getProducts, invoiceProductHooks, unitPriceHooks } from './pricing-rules';

export const invoiceBehaviours = [
  defineBehaviour(invoiceProduct, { hooks: invoiceProductHooks }),
  defineBehaviour(invoiceProductCondition, { hooks: conditionHooks, actions: { condition_data: conditionData } }),
  defineBehaviour(unitPrice, { hooks: unitPriceHooks, actions: { get_products: getProducts } }),
  defineBehaviour(invoice, {
    hooks: invoiceHooks,
    actions: { invoice_cars: invoiceCars, remove_items: removeItems, credit_note: creditNote, print: printRailInvoice, picker: invoicePicker },
  }),
  defineBehaviour(customsInvoice, {
    hooks: customsHooks,
    actions: { create_invoice: createCustomsInvoices, status_options: statusOptions, summary: customsSummary, send: sendCustoms, generate_csv: generateCsv, print: printCustoms },
  }),
];
