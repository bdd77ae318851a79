import { defineResource } from '../define';
import { bool, json, ref, text, choice } from '../fields';
import { party } from '../logistics/party';
import { contract } from '../rail/contract';
import { railShipment } from '../rail/rail-shipment';

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
    company_type: choice([['shipper', 'Shipper'], ['terminal', 'Terminal operator'], ['carrier', 'Carrier'], ['partner', 'Partner'], ['broker', 'Customs broker']], { default: 'shipper', index: true }),
    subscribed: bool({ default: true, staffOnly: true, help: 'Whether the company subscription is active.' }),
    /** Feature subscriptions: `[{name, subscribed}]`; a feature check needs an entry that is subscribed. */
    features: json({ shape: 'array', default: [], staffOnly: true }),
    address: text({ max: 300 }),
    country: text({ max: 2, default: 'CA' }),
  },
  list: { columns: ['name', 'code', 'company_type', 'subscribed', 'country'], search: ['name', 'code'], ordering: ['name'] },
  // The rail desk's views of the company (docs/rail.md §6.7): their rights are the contract's, the shipment's and the party's.
  actions: {
    contracts: { on: 'detail', method: 'GET', permission: 'view', of: contract, label: 'Contracts', result: 'object' },
    facilities: { on: 'detail', method: 'GET', permission: 'view', of: railShipment, label: 'Shipments by facility', result: 'list' },
    create_related_carrier_company: {
      on: 'collection', method: 'POST', permission: 'add', of: party, label: 'Add a railroad', result: 'record', returns: 'party',
      input: {
        company_id: ref('company', { required: true, label: 'Company', help: 'The company you act for.' }),
        carrier_company_name: text({ required: true, max: 200, trim: true, label: 'Railroad name' }),
      },
    },
    wheelhouse: { on: 'collection', method: 'GET', permission: 'view', of: party, label: 'Partner network', result: 'list' },
  },
});
