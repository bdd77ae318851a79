/**
 * The carriers allowed to book at a location (docs/scheduler.md, Model): with none listed, the
 * location takes bookings for any carrier; with some, a booking names one of them.
 */
import { defineResource } from '../define';
import { integer, longText, ref } from '../fields';
import { SCHEDULE_COMPANY, SCHEDULE_LOCATION, scheduleRecords } from './common';

export const scheduleCompany = defineResource({
  name: SCHEDULE_COMPANY,
  label: 'Allowed carrier',
  ...scheduleRecords('schedulecompany'),
  fields: {
    location: ref(SCHEDULE_LOCATION, { required: true, onDelete: 'cascade', label: 'Location' }),
    party: ref('party', { required: true, onDelete: 'cascade', label: 'Carrier' }),
    daily_limit: integer({ min: 1, max: 1000, label: 'Loads a day', help: 'The most loads it may book a day; no limit when empty.' }),
    notes: longText(),
  },
  unique: [['location', 'party']],
  labelFields: [['party', 'id']],
  list: { columns: ['location', 'party', 'daily_limit'], ordering: ['location', 'party'], search: [] },
});
