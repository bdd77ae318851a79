/**
 * The Standard Transportation Commodity Codes (docs/trace.md, Stations, rates and commodity codes):
 * the railroads' seven-digit codes of what a car carries, one list shared by every company. Codes
 * of group 48 (hazardous waste) and 49 (hazardous materials) are hazardous: derived from the code
 * (src/lib/hazmat.ts), never keyed, so no entry says otherwise. Every signed-in user of the rail
 * subscription reads it; platform staff keep it (the demo grants nobody else a write).
 */
import { defineResource } from '../define';
import { bool, text } from '../fields';
import { STCC_PATTERN, UN_PATTERN } from '../../lib/checks';

export const STCC = 'stcc';

export const stcc = defineResource({
  name: STCC,
  label: 'STCC',
  pluralLabel: 'STCCs',
  feature: 'rail',
  perms: { app: 'trace', model: 'stcc' },
  fields: {
    code: text({ required: true, max: 7, unique: true, label: 'STCC', pattern: STCC_PATTERN, help: 'Seven digits; 48 is hazardous waste, 49 hazardous materials.' }),
    description: text({ required: true, max: 200, help: 'As the STCC tariff describes it.' }),
    // Computed from the code (server/actions/trace/stcc.ts): a hazardous code cannot be stored as harmless.
    hazardous: bool({ computed: true, readOnly: true, help: 'Codes of groups 48 and 49.' }),
    un_number: text({ max: 6, upper: true, label: 'UN/NA', pattern: UN_PATTERN, help: 'The UN or NA number a hazardous (48 or 49) code is bridged to.' }),
  },
  labelFields: ['code', 'description'],
  list: { columns: ['code', 'description', 'hazardous', 'un_number'], search: ['code', 'description', 'un_number'], ordering: ['code'] },
});
