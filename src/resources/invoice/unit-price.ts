import { defineResource } from '../define';
import { choice, date, decimal, longText, ref } from '../fields';
import { int, listOf, maybe, obj, str } from '../answers';
import { CURRENCIES, INVOICE_PRODUCT, UNIT_PRICE, invoiceRecords } from './common';

/**
 * What a party pays for an invoice product, of one product or of any, over a period
 * (docs/invoicing.md, Prices). The price in force for a car is the one whose period covers its
 * shipment's ship date; a price of its own product wins over one of any product. Two prices of
 * the same party, invoice product and product never overlap (the server refuses, naming both).
 */
export const unitPrice = defineResource({
  name: UNIT_PRICE,
  label: 'Unit price',
  ...invoiceRecords('unitprice'),
  screen: { at: 'invoice', slug: 'pricing', label: 'Prices', codes: ['access_menu__invoice_price'], paths: { list: 'invoice/pricing/prices/' } },
  fields: {
    party: ref('party', { required: true, onDelete: 'restrict', index: true, help: 'Who is billed at this price.' }),
    invoice_product: ref(INVOICE_PRODUCT, { required: true, onDelete: 'restrict', index: true }),
    product: ref('product', { onDelete: 'restrict', help: 'The product shipped; left empty: any product.' }),
    price: decimal({ required: true, digits: 14, places: 4, min: 0, label: 'Unit price', help: 'Per unit of the invoice product.' }),
    currency: choice(CURRENCIES, { required: true, default: 'CAD' }),
    valid_from: date({ required: true, label: 'From' }),
    valid_to: date({ label: 'To', help: 'Inclusive; left empty: until a later price replaces it.' }),
    comments: longText(),
  },
  labelFields: [['invoice_product', 'valid_from']],
  indexes: [['company', 'party', 'invoice_product', 'valid_from']],
  list: {
    columns: ['party', 'invoice_product', 'product', 'price', 'currency', 'valid_from', 'valid_to'],
    compact: ['party', 'invoice_product', 'price'], ordering: ['party', 'invoice_product', '-valid_from'],
  },
  actions: {
    get_products: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Priced products', result: 'object',
      input: { party: ref('party', { label: 'Party', help: 'With it: the products of its contracts come first, and its prices in force today.' }) },
      answer: obj({
        invoice_products: listOf(obj({ id: int(), code: str(), name: str(), basis: str(), unit: str() })),
        products: listOf(obj({ id: int(), name: str(), code: maybe(str()), contracted: maybe(str('The party\'s contract of it, when it has one.')) })),
        in_force: listOf(obj({ id: int(), invoice_product: int(), product: maybe(int()), price: str(), currency: str(), valid_from: str(), valid_to: maybe(str()) }), 'The party\'s prices in force today.'),
      }),
    },
  },
});
