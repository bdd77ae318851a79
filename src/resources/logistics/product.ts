import { defineResource } from '../define';
import { bool, choice, decimal, longText, text } from '../fields';
import { mapOf, str } from '../answers';
import { casCheckDigitError, COLOR_PATTERN, HS_PATTERN, PHONE_PATTERN, STCC_PATTERN, UN_PATTERN } from '../../lib/checks';
import { HAZARD_CLASS_CODES, INHALATION_ZONES, subsidiaryClassesError } from '../../lib/hazmat';
import { COMMODITY_GROUPS } from '../../lib/mpms-11-1';

export const HAZARD_CLASSES = HAZARD_CLASS_CODES.map((c) => [c, c] as const);

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
    // The group of API MPMS 11.1 a petroleum liquid's temperature correction is computed by (docs/loading.md, Temperature correction).
    commodity_group: choice(COMMODITY_GROUPS, { label: 'Commodity group', help: 'For the temperature correction of a petroleum liquid (API MPMS 11.1); empty for any other product.' }),
    // A dangerous good's description and emergency contact on a bill of lading (docs/rail.md §4.8).
    shipping_name: text({ max: 200, label: 'Proper shipping name' }),
    technical_name: text({ max: 120, label: 'Technical name', help: 'Shown in brackets after a "not otherwise specified" entry.' }),
    emergency_phone: text({ max: 40, label: '24-hour emergency telephone' }),
    erap_number: text({ max: 30, label: 'ERAP number', help: "Canada's emergency response assistance plan reference." }),
    // The further entries of a shipping description (docs/rail.md §10.7); they print only for a hazardous product.
    subsidiary_classes: text({
      max: 20, trim: true, label: 'Subsidiary classes', check: subsidiaryClassesError,
      help: 'Printed in parentheses after the class: 8, or 6.1, 8.',
    }),
    rq: bool({ default: false, label: 'RQ (reportable quantity)', help: 'A hazardous substance (49 CFR 172.101, Appendix A) of which one car holds at least the reportable quantity: RQ is printed before the description.' }),
    hazardous_substance: text({
      max: 120, trim: true, label: 'Hazardous substance',
      help: 'With RQ, when the shipping name does not name the substance: printed in parentheses after the description.',
    }),
    marine_pollutant: bool({ default: false, label: 'Marine pollutant', help: 'Printed as "Marine Pollutant" after the description (49 CFR 172.203(l)).' }),
    inhalation_hazard_zone: choice(INHALATION_ZONES.map((z) => [z, `Zone ${z}`] as const), {
      label: 'Inhalation hazard zone',
      help: 'A material poisonous by inhalation: "Poison-Inhalation Hazard, Zone …" is printed after the description. C and D are for gases.',
    }),
    elevated_temperature: bool({
      default: false, label: 'Elevated temperature',
      help: 'Shipped hot (49 CFR 171.8): HOT is printed before the shipping name, unless the name says Molten or Elevated temperature.',
    }),
    emergency_registrant: text({
      max: 120, trim: true, label: 'Emergency telephone registered by',
      help: "When the 24-hour number is an emergency response provider's and the shipper is not the one registered with it: the registrant's name or contract number.",
    }),
    erap_phone: text({ max: 40, trim: true, label: 'ERAP telephone', pattern: PHONE_PATTERN, help: 'The number to call to activate the ERAP, printed with the ERAP number.' }),
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
    product_colors: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Product colours', result: 'object',
      answer: mapOf(str('A colour, `#rrggbb`.'), 'By product id, the colour the product is drawn with on schedules and maps.'),
    },
  },
  form: {
    sections: [
      { label: 'Product', fields: ['name', 'code', 'description', 'color', 'enabled'] },
      { label: 'Identifiers', fields: ['stcc', 'harmonizedCode', 'cas', 'density', 'commodity_group'] },
      {
        label: 'Dangerous goods',
        fields: [
          'unCode', 'shipping_name', 'technical_name', 'class', 'subsidiary_classes', 'packingGroup', 'rq', 'hazardous_substance', 'marine_pollutant',
          'inhalation_hazard_zone', 'elevated_temperature', 'emergency_phone', 'emergency_registrant', 'erap_number', 'erap_phone',
        ],
      },
    ],
  },
});
