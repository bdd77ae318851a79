import { defineResource } from '../define';
import { bool, choice, decimal, longText, text } from '../fields';
import { casCheckDigitError, COLOR_PATTERN, HS_PATTERN, STCC_PATTERN, UN_PATTERN } from '../../lib/checks';

export const HAZARD_CLASSES = ['1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9']
  .map((c) => [c, c] as const);

/** A commodity that is shipped: identifiers for rail (STCC), customs (HS) and dangerous goods (UN/NA, class, PG, CAS). */
export const product = defineResource({
  name: 'product',
  label: 'Product',
  perms: { app: 'logistics', model: 'product' },
  tenant: 'company',
  fields: {
    name: text({ required: true, max: 200, index: true }),
    code: text({ max: 30, index: true }),
    stcc: text({ max: 7, label: 'STCC', pattern: STCC_PATTERN, index: true }),
    harmonizedCode: text({ max: 13, label: 'Harmonized Code', pattern: HS_PATTERN }),
    unCode: text({ max: 6, label: 'UN/NA', pattern: UN_PATTERN }),
    class: choice(HAZARD_CLASSES, { label: 'Class' }),
    packingGroup: choice([['I', 'I'], ['II', 'II'], ['III', 'III']], { label: 'Packing Group' }),
    cas: text({ max: 12, label: 'CAS', check: casCheckDigitError }),
    density: decimal({ digits: 10, places: 4, unit: 'kg/L', help: 'Relative density at 15 °C.' }),
    // A dangerous good's description and emergency contact on a bill of lading (docs/rail.md §4.8).
    shipping_name: text({ max: 200, label: 'Proper shipping name' }),
    technical_name: text({ max: 120, label: 'Technical name', help: 'Shown in brackets after a "not otherwise specified" entry.' }),
    emergency_phone: text({ max: 40, label: '24-hour emergency telephone' }),
    erap_number: text({ max: 30, label: 'ERAP number', help: "Canada's emergency response assistance plan reference." }),
    color: text({ max: 7, pattern: COLOR_PATTERN, default: '#1f77b4' }),
    description: longText(),
    enabled: bool({ default: true, index: true }),
  },
  unique: [['company', 'code']],
  // Lists filter a company's products by class and sort them by name (the dangerous-goods view).
  large: true,
  indexes: [['company', 'class', 'name']],
  list: { columns: ['name', 'code', 'stcc', 'unCode', 'class', 'packingGroup', 'enabled'], search: ['name', 'code', 'stcc', 'unCode'], ordering: ['name'], orderings: ['code'] },
  actions: {
    product_colors: { on: 'collection', method: 'GET', permission: 'view', label: 'Product colours', result: 'object' },
  },
  form: {
    sections: [
      { label: 'Product', fields: ['name', 'code', 'description', 'color', 'enabled'] },
      { label: 'Identifiers', fields: ['stcc', 'harmonizedCode', 'unCode', 'class', 'packingGroup', 'cas', 'density', 'shipping_name', 'technical_name', 'emergency_phone', 'erap_number'] },
    ],
  },
});
