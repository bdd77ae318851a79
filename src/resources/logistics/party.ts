import { defineResource } from '../define';
import { bool, choice, ref, text } from '../fields';
import { SCAC_PATTERN } from '../../lib/checks';
import { SALES_TAX_RULES } from '../../lib/sales-taxes';

export const PARTY_TYPES = [
  ['shipper', 'Shipper'], ['consignee', 'Consignee'], ['railroad', 'Railroad'], ['carrier', 'Carrier'],
  ['customs_broker', 'Customs broker'], ['freight_payer', 'Freight payer'], ['notify_party', 'Notify party'],
  ['importer', 'Importer'], ['exporter', 'Exporter'], ['other', 'Other'],
] as const;

/** A business party named on shipments and bills of lading (shipper, consignee, railroad, broker...). */
export const party = defineResource({
  name: 'party',
  label: 'Party',
  pluralLabel: 'Parties',
  perms: { app: 'logistics', model: 'party' },
  tenant: 'company',
  fields: {
    name: text({ required: true, max: 200, index: true }),
    code: text({ max: 30, index: true }),
    party_type: choice(PARTY_TYPES, { required: true, default: 'shipper', index: true }),
    scac: text({ max: 4, label: 'SCAC', pattern: SCAC_PATTERN }),
    address: text({ max: 300 }),
    city: text({ max: 100, index: true }),
    province: text({ max: 50, label: 'Province / state' }),
    postal_code: text({ max: 20 }),
    country: text({ max: 2, default: 'CA' }),
    email: text({ max: 254, format: 'email' }),
    phone: text({ max: 40 }),
    // How its invoices are taxed, and its number printed on them (docs/invoicing.md, Taxes).
    tax_number: text({ max: 30, trim: true, label: 'Tax number', help: 'Its GST/HST registration or business number, printed on its invoices.' }),
    sales_tax: choice(SALES_TAX_RULES, { required: true, default: 'address', label: 'Sales tax', help: 'By its address: the taxes of its province; none outside Canada.' }),
    enabled: bool({ default: true, index: true }),
    // Only platform staff name it: a tenant cannot see (so cannot name) another company (docs/rail.md §4.8).
    platform_company: ref('company', { staffOnly: true, label: 'Platform company', help: 'The company of this platform this party is; set by platform staff.' }),
  },
  unique: [['company', 'code']],
  list: { columns: ['name', 'code', 'party_type', 'city', 'province', 'country', 'enabled'], search: ['name', 'code', 'city'], ordering: ['name'] },
});
