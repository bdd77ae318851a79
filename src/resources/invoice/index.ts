import { invoice, invoiceItem } from './invoice';
import { invoiceProduct, invoiceProductCondition } from './invoice-product';
import { unitPrice } from './unit-price';

export const invoiceResources = [invoiceProduct, invoiceProductCondition, unitPrice, invoice, invoiceItem];
