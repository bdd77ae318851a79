/**
 * A rail freight rate (docs/trace.md, Stations, rates and commodity codes): what the railroads
 * charge per car from one station to another for a commodity, in Canadian or US dollars, with its
 * fuel surcharge, over the days it is in effect. The company's rail rates are its configuration
 * screen `config/railRates/` (menu code `configuration__railrates`).
 */
import { defineResource } from '../define';
import { choice, date, decimal, longText, ref, tags, text } from '../fields';
import { STCC_PATTERN } from '../../lib/checks';
import { CAR_TYPES } from '../fleet/car';
import { RAIL_STATION } from './rail-station';

export const RAIL_RATE = 'railrate';
export const RATE_CURRENCIES = [['CAD', 'Canadian dollars'], ['USD', 'US dollars']] as const;

export const railRate = defineResource({
  name: RAIL_RATE,
  label: 'Rail rate',
  feature: 'rail',
  perms: { app: 'trace', model: 'railrate' },
  tenant: 'company',
  screen: { at: 'config', slug: 'railRates', label: 'Rail rates', codes: ['configuration__railrates'] },
  fields: {
    origin: ref(RAIL_STATION, { required: true, label: 'Origin' }),
    destination: ref(RAIL_STATION, { required: true, label: 'Destination' }),
    railroads: tags({ required: true, max: 6, label: 'Railroads', help: 'The SCAC of each railroad of the route, in order, e.g. CN, BNSF.' }),
    stcc: text({ max: 7, label: 'STCC', pattern: STCC_PATTERN, index: true, help: 'The commodity code the rate is published for; give it or the product, or both.' }),
    product: ref('product', { label: 'Product', help: 'The commodity as the company ships it; its STCC, when it has one, is the rate\'s.' }),
    car_type: choice(CAR_TYPES, { label: 'Car type', help: 'Left empty: any car.' }),
    rate_per_car: decimal({ required: true, digits: 12, places: 2, min: 0, label: 'Rate per car' }),
    currency: choice(RATE_CURRENCIES, { required: true, default: 'CAD' }),
    fuel_surcharge_percent: decimal({ digits: 5, places: 2, min: 0, max: 100, unit: '%', label: 'Fuel surcharge', help: 'Percent of the rate, as the railroad publishes it for the month.' }),
    effective_from: date({ required: true, label: 'Effective from' }),
    effective_to: date({ label: 'Effective to', help: 'The last day it applies; left empty: until further notice.' }),
    tariff: text({ max: 40, trim: true, label: 'Tariff / contract', help: "The railroad's tariff item or contract the rate is published in." }),
    notes: longText(),
  },
  labelFields: ['tariff', 'stcc', { field: 'effective_from', before: 'from ' }],
  list: {
    columns: ['origin', 'destination', 'railroads', 'stcc', 'product', 'rate_per_car', 'currency', 'effective_from', 'effective_to'],
    search: ['tariff', 'stcc'],
    ordering: ['-effective_from'],
  },
  form: {
    sections: [
      { label: 'Lane', fields: ['origin', 'destination', 'railroads', 'tariff'] },
      { label: 'Commodity', fields: ['stcc', 'product', 'car_type'] },
      { label: 'Rate', fields: ['rate_per_car', 'currency', 'fuel_surcharge_percent', 'effective_from', 'effective_to', 'notes'] },
    ],
  },
});
