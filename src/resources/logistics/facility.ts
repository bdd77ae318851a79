import { defineResource } from '../define';
import { bool, choice, decimal, ref, text } from '../fields';
import { SPLC_PATTERN } from '../../lib/checks';

/** A place where product is loaded, unloaded or stored: a terminal, plant, rail yard or transload. */
export const facility = defineResource({
  name: 'facility',
  label: 'Facility',
  pluralLabel: 'Facilities',
  perms: { app: 'logistics', model: 'facility' },
  tenant: 'company',
  fields: {
    name: text({ required: true, max: 200, index: true }),
    code: text({ max: 30, index: true }),
    facility_type: choice([['terminal', 'Terminal'], ['plant', 'Plant'], ['rail_yard', 'Rail yard'], ['transload', 'Transload'], ['tank_farm', 'Tank farm']], { required: true, default: 'terminal', index: true }),
    splc: text({ max: 9, label: 'SPLC', pattern: SPLC_PATTERN }),
    serving_railroad: ref('party', { help: 'Railroad that switches this facility.' }),
    address: text({ max: 300 }),
    city: text({ max: 100, index: true }),
    province: text({ max: 50, label: 'Province / state' }),
    country: text({ max: 2, default: 'CA' }),
    latitude: decimal({ digits: 9, places: 6 }),
    longitude: decimal({ digits: 9, places: 6 }),
    timezone: text({ max: 64, default: 'America/Edmonton' }),
    enabled: bool({ default: true, index: true }),
  },
  unique: [['company', 'code']],
  list: { columns: ['name', 'code', 'facility_type', 'city', 'province', 'serving_railroad', 'enabled'], search: ['name', 'code', 'city'], ordering: ['name'] },
});
