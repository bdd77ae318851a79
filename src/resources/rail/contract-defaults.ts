import { defineResource } from '../define';
import { choice, decimal, longText, ref, text } from '../fields';
import { CURRENCIES, PRICE_UNITS } from './contract';

/**
 * What a company's new contracts start from (docs/rail.md, Contract defaults; one record per
 * company): a contract made without its currency, price unit, volume per car, railroad or terms
 * takes these. Edited on `config/contracts/`.
 */
export const contractDefaults = defineResource({
  name: 'contract_defaults',
  label: 'Contract defaults',
  pluralLabel: 'Contract defaults',
  perms: { app: 'rail', model: 'contractdefaults' },
  tenant: 'company',
  screen: { at: 'config', slug: 'contracts', label: 'Contracts', codes: ['configuration__contracts'] },
  fields: {
    currency: choice(CURRENCIES, { required: true, default: 'CAD' }),
    price_unit: choice(PRICE_UNITS, { required: true, default: 'per_usgal', label: 'Price unit' }),
    volume_per_car: decimal({ digits: 12, places: 2, min: 0, unit: 'USgal', label: 'Volume per car' }),
    carrier: ref('party', { onDelete: 'set null', label: 'Railroad', help: 'The railroad a new contract names when it names none.' }),
    payment_terms: text({ max: 120, label: 'Payment terms', help: 'E.g. "Net 30 days from the bill of lading date".' }),
    terms: longText({ label: 'Terms and conditions', help: 'The terms a new contract starts with; the payment terms come first.' }),
  },
  unique: [['company']],
  list: { columns: ['currency', 'price_unit', 'volume_per_car', 'carrier', 'payment_terms'], paged: false },
});
