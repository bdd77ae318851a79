import { defineResource } from '../define';
import { choice, decimal, integer, longText, ref, refs, text } from '../fields';

export const RISER_STATUSES = [['active', 'In service'], ['maintenance', 'In maintenance'], ['out_of_service', 'Out of service']] as const;
const CLOCK = { source: '([01]\\d|2[0-3]):[0-5]\\d', message: 'A time as HH:MM, e.g. 06:00.' };

/**
 * A loading riser of a rail loading rack (docs/loading.md, Risers): the arm that top-loads the tank
 * cars spotted under it at a facility, the products it may load, and how long a car takes.
 */
export const riser = defineResource({
  name: 'riser',
  label: 'Riser',
  perms: { app: 'logistics', model: 'riser' },
  tenant: 'company',
  screen: { at: 'config', slug: 'risers', label: 'Risers', codes: ['configuration__risers'] },
  fields: {
    facility: ref('facility', { required: true, index: true }),
    name: text({ required: true, max: 60, trim: true }),
    track: text({ max: 30, help: 'The rack\'s track the riser stands over.' }),
    position: integer({ min: 1, max: 999, help: 'Its place along the rack, first at the switch end.' }),
    status: choice(RISER_STATUSES, { required: true, default: 'active' }),
    products: refs('product', { help: 'The products it may load; none: any product of the facility.' }),
    cars_at_once: integer({ min: 1, max: 20, default: 1, label: 'Cars at once', help: 'Cars it loads at the same time.' }),
    load_minutes: integer({ min: 1, max: 1440, label: 'Minutes per car', help: 'Typical time to load one car, spotting to release.' }),
    max_rate: decimal({ digits: 10, places: 2, min: 0, unit: 'm³/h', label: 'Maximum rate' }),
    notes: longText(),
  },
  unique: [['company', 'facility', 'name']],
  list: { columns: ['facility', 'name', 'track', 'position', 'status', 'cars_at_once', 'load_minutes', 'max_rate'], search: ['name', 'track'], ordering: ['facility', 'position', 'name'] },
});

/**
 * How a company's loading is scheduled across its risers (one record per company): the loading day,
 * the time between two cars on one riser, and how far ahead a schedule is made.
 */
export const riserScheduleConfig = defineResource({
  name: 'riser_schedule_company_config',
  label: 'Riser schedule settings',
  pluralLabel: 'Riser schedule settings',
  perms: { app: 'logistics', model: 'riserschedulecompanyconfig' },
  tenant: 'company',
  fields: {
    day_start: text({ required: true, max: 5, pattern: CLOCK, default: '06:00', label: 'Loading day starts', help: 'HH:MM in the facility\'s time zone.' }),
    day_end: text({ required: true, max: 5, pattern: CLOCK, default: '22:00', label: 'Loading day ends', help: 'HH:MM; earlier than the start: the day runs past midnight.' }),
    changeover_minutes: integer({ required: true, min: 0, max: 240, default: 15, label: 'Changeover (minutes)', help: 'Between releasing one car and spotting the next on a riser.' }),
    default_load_minutes: integer({ required: true, min: 1, max: 1440, default: 90, label: 'Default minutes per car', help: 'For a riser that names none.' }),
    days_ahead: integer({ required: true, min: 1, max: 60, default: 7, label: 'Schedule days ahead' }),
  },
  unique: [['company']],
  list: { columns: ['day_start', 'day_end', 'changeover_minutes', 'default_load_minutes', 'days_ahead'], paged: false },
});
