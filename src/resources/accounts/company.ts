import { defineResource } from '../define';
import { int, listOf, maybe, obj, oneOfChoices, str } from '../answers';
import { bool, json, ref, text, choice } from '../fields';
import { party } from '../logistics/party';
import { SHORT_CONTRACT, contract } from '../rail/contract';
import { railShipment } from '../rail/rail-shipment';

export const COMPANY_TYPES = [['shipper', 'Shipper'], ['terminal', 'Terminal operator'], ['carrier', 'Carrier'], ['partner', 'Partner'], ['broker', 'Customs broker']] as const;

/**
 * A customer company of the platform (tenant root) or one of its partners. Its name, subscription
 * and features are the platform's business: only platform staff change them (docs/security.md).
 */
export const company = defineResource({
  name: 'company',
  label: 'Company',
  pluralLabel: 'Companies',
  perms: { app: 'accounts', model: 'company' },
  tenant: 'self',
  fields: {
    name: text({ required: true, max: 200, unique: true, index: true, staffOnly: true }),
    code: text({ max: 30, index: true }),
    company_type: choice(COMPANY_TYPES, { default: 'shipper', index: true }),
    subscribed: bool({ default: true, staffOnly: true, help: 'Whether the company subscription is active.' }),
    /** Feature subscriptions: `[{name, subscribed}]`; a feature check needs an entry that is subscribed. */
    features: json({ shape: 'array', default: [], staffOnly: true }),
    address: text({ max: 300 }),
    country: text({ max: 2, default: 'CA' }),
    tax_number: text({ max: 30, trim: true, label: 'Tax number', help: 'The GST/HST registration number printed on its invoices.' }),
  },
  list: { columns: ['name', 'code', 'company_type', 'subscribed', 'country'], search: ['name', 'code'], ordering: ['name'] },
  // The rail desk's views of the company (docs/rail.md §6.7): their rights are the contract's, the shipment's and the party's.
  actions: {
    contracts: {
      on: 'detail', method: 'GET', permission: 'view', of: contract, label: 'Contracts', result: 'object',
      // Every status but cancelled, by number.
      answer: obj({ sales: listOf(SHORT_CONTRACT), purchases: listOf(SHORT_CONTRACT) }),
    },
    facilities: {
      on: 'detail', method: 'GET', permission: 'view', of: railShipment, label: 'Shipments by facility', result: 'list',
      // A facility of the company (a disabled one only while it has shipments to count), with its shipments as origin.
      answer: obj({
        id: int(), name: str(), code: maybe(str()), city: maybe(str()), province: maybe(str()),
        serving_railroad: maybe(obj({ id: int(), name: str(), scac: maybe(str()) }, { description: 'Null when none, or not a party of the company.' })),
        open: int('Open shipments.'), in_correction: int('Shipments in correction.'),
        shipped_30_days: int('Shipments shipped (and still so) in the last 30 days.'), cars_loading: int('Cars on its open shipments.'),
      }),
    },
    create_related_carrier_company: {
      on: 'collection', method: 'POST', permission: 'add', of: party, label: 'Add a railroad', result: 'record', returns: 'party',
      input: {
        company_id: ref('company', { required: true, label: 'Company', help: 'The company you act for.' }),
        carrier_company_name: text({ required: true, max: 200, trim: true, label: 'Railroad name' }),
      },
    },
    wheelhouse: {
      on: 'collection', method: 'GET', permission: 'view', of: party, label: 'Partner network', result: 'list',
      answer: obj({
        id: int('A platform company one of the company\'s parties is.'), name: str(), code: maybe(str()), company_type: maybe(oneOfChoices(COMPANY_TYPES)),
        parties: listOf(int(), 'The company\'s parties that are this company.'),
      }),
    },
  },
});
