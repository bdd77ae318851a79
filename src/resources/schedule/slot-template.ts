/**
 * A slot template (docs/scheduler.md, Model): a location's week pattern of slots, each a local
 * start time on a weekday with its minutes and the loads it takes. `schedule/slot/create_slots/`
 * makes a date range's slots from it in the location's zone (src/lib/slot-times.ts).
 */
import { defineResource } from '../define';
import { bool, json, longText, ref, text } from '../fields';
import { SCHEDULE_LOCATION, SLOT_TEMPLATE, scheduleRecords, scheduleScreen } from './common';

/** Most slots one week pattern holds: every quarter hour of a week. */
export const MAX_PATTERN_SLOTS = 7 * 96;

export const slotTemplate = defineResource({
  name: SLOT_TEMPLATE,
  label: 'Slot template',
  ...scheduleRecords('slottemplate'),
  screen: scheduleScreen('template', 'templates', {
    label: 'Templates',
    menu: { section: 'Truck scheduler', icon: 'scheduler', order: 3, label: 'Templates' },
    paths: { list: 'scheduler/template/', record: 'scheduler/template/:templateId/' },
  }),
  fields: {
    name: text({ required: true, max: 120, trim: true }),
    location: ref(SCHEDULE_LOCATION, { required: true, onDelete: 'cascade', label: 'Location' }),
    pattern: json({
      shape: 'array', default: [], maxBytes: 256 * 1024,
      help: 'The week\'s slots: [{"weekday": 1, "start": "07:00", "minutes": 60, "capacity": 2}], Monday 1 to Sunday 7, local times.',
    }),
    enabled: bool({ default: true }),
    notes: longText(),
  },
  unique: [['location', 'name']],
  labelFields: ['name'],
  list: { columns: ['name', 'location', 'enabled', 'updated_at'], search: ['name'], ordering: ['location', 'name'] },
});
