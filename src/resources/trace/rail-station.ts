/**
 * A rail station as the railroads name it (docs/trace.md, Stations, rates and commodity codes):
 * HARDISTY AB, served by CPRS. Car location messages name stations this way and give their times
 * in the station's local time, so each station keeps its IANA zone: the import of messages reads
 * their times into UTC by it (docs/trace.md, Importing car location messages). A company keeps the
 * stations of its own lanes.
 */
import { defineResource } from '../define';
import { choice, decimal, tags, text } from '../fields';
import { int, obj, str } from '../answers';
import { SPLC_PATTERN } from '../../lib/checks';
import { RAIL_COUNTRIES } from '../../lib/rail-places';
import { timeZoneError } from '../../lib/time-zone';

export const RAIL_STATION = 'railstation';

/** A station's name as railroads write it: letters, digits, spaces and . ' & - /, upper-case (stored so, and matched so). */
export const STATION_NAME = { source: "[A-Za-z0-9][A-Za-z0-9 .'&/-]*", message: "Letters, digits, spaces and . ' & / - only, starting with a letter or digit." };

export const railStation = defineResource({
  name: RAIL_STATION,
  label: 'Rail station',
  feature: 'rail',
  perms: { app: 'trace', model: 'railstation' },
  tenant: 'company',
  fields: {
    name: text({ required: true, max: 60, trim: true, upper: true, pattern: STATION_NAME, label: 'Station', help: 'As the railroads name it, e.g. HARDISTY.' }),
    state_province: text({ required: true, max: 2, upper: true, label: 'Province / state', pattern: { source: '[A-Za-z]{2}', message: 'Use the two-letter province or state code, e.g. AB or TX.' } }),
    country: choice(RAIL_COUNTRIES, { required: true, default: 'CA' }),
    railroads: tags({ required: true, max: 12, label: 'Railroads', help: 'The SCAC of each railroad serving it, e.g. CN, CPRS, BNSF.' }),
    splc: text({ max: 9, label: 'SPLC', pattern: SPLC_PATTERN, help: 'Standard Point Location Code: 6 or 9 digits.' }),
    latitude: decimal({ digits: 9, places: 6, min: -90, max: 90 }),
    longitude: decimal({ digits: 9, places: 6, min: -180, max: 180 }),
    timezone: text({ required: true, max: 64, label: 'Time zone', check: timeZoneError, help: "IANA zone of the station's clocks, e.g. America/Regina; car location messages give times in it." }),
  },
  unique: [['company', 'name', 'state_province']],
  labelFields: ['name', 'state_province'],
  list: { columns: ['name', 'state_province', 'country', 'railroads', 'timezone', 'splc'], search: ['name', 'splc'], ordering: ['name', 'state_province'] },
  form: {
    sections: [
      { label: 'Station', fields: ['name', 'state_province', 'country', 'railroads', 'splc'] },
      { label: 'Location', fields: ['latitude', 'longitude', 'timezone'] },
    ],
  },
  actions: {
    railroads: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Railroads', result: 'list',
      answer: obj({ railroad: str('A SCAC the stations name.'), stations: int('The caller\'s stations it serves.') }),
    },
  },
});
