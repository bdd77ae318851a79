import { defineResource } from '../define';
import { bool, choice, ref, text } from '../fields';
import { SCAC_PATTERN } from '../../lib/checks';

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
    enabled: bool({ default: true, index: true }),
    // Only platform staff name it: a tenant cannot see (so cannot name) another company (docs/rail.md §4.8).
    platform_company: ref('company', { staffOnly: true, label: 'Platform company', help: 'The company of this platform this party is; set by platform staff.' }),
  },
  unique: [['company', 'code']],
  list: { columns: ['name', 'code', 'party_type', 'city', 'province', 'country', 'enabled'], search: ['name', 'code', 'city'], ordering: ['name'] },
});
