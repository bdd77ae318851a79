import { invoice, invoiceItem } from './invoice';
import { invoiceProduct, invoiceProductCondition } from './invoice-product';
import { unitPrice } from './unit-price';
import { customsInvoice, customsItem } from './customs-invoice';

export const invoiceResources = [invoiceProduct, invoiceProductCondition, unitPrice, invoice, invoiceItem, customsInvoice, customsItem];
