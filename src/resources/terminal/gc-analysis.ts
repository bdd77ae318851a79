import { defineResource } from '../define';
import { choice, date, decimal, json, longText, ref, text } from '../fields';
import { num, obj, str } from '../answers';
import { SITE, TB_LOCATION, TB_PRODUCT, createdByServer, terminalRecords, terminalScreen } from './common';

/**
 * A gas chromatography analysis of a sample: component mole fractions
 * (`components: [{component, mole_fraction}]`, summing to 1) and the properties derived from them.
 */
export const gcAnalysis = defineResource({
  name: 'terminalboss/v3/gcanalysis',
  label: 'GC analysis',
  pluralLabel: 'GC analyses',
  ...terminalRecords('gcanalysis'),
  screen: terminalScreen('gcanalysis', { menu: { section: 'Terminal master data', icon: 'gauge', order: 11 } }),
  fields: {
    sample_number: text({ required: true, max: 40, index: true }),
    sample_date: date({ required: true, index: true }),
    effective_date: date({ help: 'First day the analysis applies to measurements.' }),
    site: ref(SITE),
    location: ref(TB_LOCATION),
    product: ref(TB_PRODUCT),
    laboratory: text({ max: 120 }),
    sample_type: choice([['spot', 'Spot'], ['composite', 'Composite']], { default: 'spot' }),
    sample_temperature: decimal({ digits: 8, places: 2, unit: '°C' }),
    sample_pressure: decimal({ digits: 10, places: 2, unit: 'kPa' }),
    components: json({ shape: 'array', default: [] }),
    relative_density: decimal({ digits: 8, places: 5, readOnly: true, help: 'Ideal relative density (air = 1), from the components.' }),
    gross_heating_value: decimal({ digits: 10, places: 3, unit: 'MJ/m³', readOnly: true, help: 'Ideal gross heating value at 15 °C, from the components.' }),
    comments: longText(),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'sample_number']],
  labelFields: ['sample_number'],
  actions: {
    static_densities: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Component data', result: 'list',
      // Per component, the data the relative density and heating value are computed with.
      answer: obj({
        component: str('The component code, e.g. `C1`, `nC4`, `C7+`.'),
        name: str(),
        molar_mass: num('g/mol (GPA 2145).'),
        relative_density: num('Ideal relative density (air = 1).'),
        gross_heating_value: num('Ideal gross heating value, MJ/m³ at 15 °C.'),
      }),
    },
  },
  list: { columns: ['sample_number', 'sample_date', 'location', 'product', 'laboratory', 'relative_density'], search: ['sample_number', 'laboratory'], ordering: ['-sample_date'] },
});
