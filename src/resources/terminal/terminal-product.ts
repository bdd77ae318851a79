import { defineResource } from '../define';
import { bool, choice, decimal, longText, ref, text } from '../fields';
import { HAZARD_CLASSES } from '../logistics/product';
import { casCheckDigitError, HS_PATTERN, STCC_PATTERN, UN_PATTERN } from '../../lib/checks';
import { MEASUREMENT_UNIT, TB_PRODUCT, TB_USER, createdByServer, legacyNumber, masterStatus, terminalRecords, terminalScreen } from './common';

/** Product families a bulk terminal handles; the product tree groups by them. */
export const PRODUCT_TYPES = [
  ['crude_oil', 'Crude oil'], ['condensate', 'Condensate'], ['diluent', 'Diluent'], ['ngl', 'Natural gas liquids'],
  ['refined', 'Refined product'], ['chemical', 'Chemical'], ['produced_water', 'Produced water'], ['waste', 'Waste'], ['other', 'Other'],
] as const;

/**
 * A product handled at the terminal (docs/terminal.md, Terminal records), with its customs and
 * dangerous-goods identifiers for tickets and bills of lading.
 */
export const terminalProduct = defineResource({
  name: TB_PRODUCT,
  aliases: ['terminalboss/product'],
  label: 'Terminal product',
  ...terminalRecords('product'),
  screen: terminalScreen('product', { label: 'Products', form: 'product-form', v2: 'product', menu: { section: 'Terminal master data', icon: 'product', order: 1, count: true } }),
  fields: {
    legacy_id: legacyNumber(),
    product_name: text({ required: true, max: 120, index: true }),
    product_code: text({ required: true, max: 30, index: true }),
    productType: choice(PRODUCT_TYPES, { required: true, default: 'crude_oil', index: true, label: 'Product type' }),
    status: masterStatus(),
    enabled: bool({ default: true, index: true }),
    description: longText(),
    commercial_description: text({ max: 255 }),
    part_number: text({ max: 40 }),
    productUnit: ref(MEASUREMENT_UNIT, { label: 'Product unit', help: 'Unit quantities of this product are kept in.' }),
    measurement_unit: ref(MEASUREMENT_UNIT, { label: 'Price unit', help: 'Unit the unit price is per.' }),
    unit_price: decimal({ digits: 14, places: 4, unit: 'CAD' }),
    density: decimal({ digits: 10, places: 3, unit: 'kg/m³', help: 'Density at 15 °C.' }),
    temperature_conversion_factor: decimal({ digits: 10, places: 6, default: '1', help: 'Volume correction factor applied when no measured one is given.' }),
    litreToGallonConversionFactor: decimal({ digits: 12, places: 8, default: '0.26417205', label: 'Litre to gallon factor', help: '1 / 3.785411784 (US gallon).' }),
    stcc: text({ max: 7, label: 'STCC', pattern: STCC_PATTERN }),
    harmonized_system_tariff_number: text({ max: 13, label: 'Harmonized Code', pattern: HS_PATTERN }),
    harmonized_tariff_unit_of_measure: text({ max: 10, label: 'Tariff unit of measure' }),
    unCode: text({ max: 6, label: 'UN/NA', pattern: UN_PATTERN }),
    hazard_class: choice(HAZARD_CLASSES, { label: 'Class' }),
    packingGroup: choice([['I', 'I'], ['II', 'II'], ['III', 'III']], { label: 'Packing Group' }),
    chemical_abstracts_service_number: text({ max: 12, label: 'CAS', check: casCheckDigitError }),
    shipping_name: text({ max: 200, label: 'Proper shipping name' }),
    site_user: ref(TB_USER, { label: 'Site user' }),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'product_code']],
  labelFields: [['product_name', 'product_code', 'id']],
  list: {
    columns: ['legacy_id', 'product_name', 'product_code', 'productType', 'status', 'unCode', 'hazard_class', 'density'],
    search: ['product_name', 'product_code', 'unCode', 'stcc'],
    ordering: ['product_name'],
  },
  form: {
    sections: [
      { label: 'Product', fields: ['product_name', 'product_code', 'productType', 'status', 'enabled', 'description', 'commercial_description', 'part_number'] },
      { label: 'Measurement and price', fields: ['productUnit', 'density', 'temperature_conversion_factor', 'litreToGallonConversionFactor', 'unit_price', 'measurement_unit'] },
      { label: 'Dangerous goods and customs', fields: ['shipping_name', 'unCode', 'hazard_class', 'packingGroup', 'chemical_abstracts_service_number', 'stcc', 'harmonized_system_tariff_number', 'harmonized_tariff_unit_of_measure'] },
    ],
  },
});
