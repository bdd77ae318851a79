/**
 * A booking link (docs/scheduler.md, Carrier self-booking): what a terminal sends a carrier so it
 * books at one location without an account. Only the token's hash is kept (server/db/schedule-tables.ts);
 * the record says for whom, until when, and whether it was revoked. `generate_token/` on the
 * location makes one; nothing else does.
 */
import { defineResource } from '../define';
import { datetime, integer, ref, text } from '../fields';
import { BOOKING_LINK, LOCATION_MODEL, SCHEDULE_LOCATION, SEND_LINKS, scheduleRecords } from './common';

export const bookingLink = defineResource({
  name: BOOKING_LINK,
  label: 'Booking link',
  ...scheduleRecords('bookinglink'),
  fields: {
    location: ref(SCHEDULE_LOCATION, { required: true, onDelete: 'cascade', label: 'Location', readOnly: true }),
    carrier: ref('party', { readOnly: true, label: 'Carrier' }),
    carrier_name: text({ max: 200, readOnly: true }),
    email: text({ max: 254, readOnly: true, label: 'Sent to' }),
    expires_at: datetime({ readOnly: true, label: 'Works until' }),
    revoked_at: datetime({ readOnly: true, label: 'Revoked' }),
    made_by: text({ max: 254, readOnly: true }),
    last_used_at: datetime({ readOnly: true, label: 'Last used' }),
    uses: integer({ readOnly: true, default: 0 }),
  },
  labelFields: [['carrier_name', 'email', 'id']],
  list: { columns: ['location', 'carrier', 'carrier_name', 'email', 'expires_at', 'revoked_at', 'last_used_at', 'uses'], ordering: ['-created_at'], search: ['carrier_name', 'email'] },
  actions: {
    revoke: { on: 'detail', method: 'POST', permission: SEND_LINKS, of: LOCATION_MODEL, label: 'Revoke', result: 'record', writes: ['revoked_at'] },
  },
});
