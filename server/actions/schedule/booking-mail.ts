/**
 * What the booking's contact is mailed (docs/scheduler.md, Notifications): its confirmation, a
 * change, a cancellation and a block of its slot, each only when the location sends that kind and
 * the booking has a contact email. Mails go through the outbox, inside the write's transaction, so
 * a refused write mails nothing.
 */
import { eq } from 'drizzle-orm';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { choiceWord } from '../../../src/resources/fields';
import { BOOKING_STATUSES, type NoteType } from '../../../src/resources/schedule/common';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Row } from '../../engine/serialize';
import type { Services } from '../../services';

const SUBJECTS: Record<Exclude<NoteType, 'booking_link'>, string> = {
  booking_confirmed: 'Booking confirmed',
  booking_changed: 'Booking changed',
  booking_cancelled: 'Booking cancelled',
  slot_blocked: 'Action needed: your slot was blocked',
};

export interface LocationMailFacts { name: string; zone: string; notify: string[]; reply_email: string | null; instructions: string | null }

export async function locationMailFacts(db: Db, id: unknown): Promise<LocationMailFacts> {
  const l = tableOf(scheduleLocation);
  const [row] = await db.select({ name: l.name, zone: l.timezone, notify: l.notify, reply_email: l.reply_email, instructions: l.instructions }).from(l).where(eq(l.id, Number(id)));
  return { ...row, notify: (row.notify as string[] | null) ?? [] } as LocationMailFacts;
}

/** Whether a location sends this kind of mail. */
export const sends = (l: LocationMailFacts, kind: NoteType) => l.notify.includes(kind);

/** Mails the booking's contact about it, when the location sends this kind; answers whether it did. */
export async function mailBooking(s: Services, db: Db, kind: Exclude<NoteType, 'booking_link'>, b: Row, o: { reason?: string; link?: string } = {}): Promise<boolean> {
  if (!b.contact_email) return false;
  const l = await locationMailFacts(db, b.location);
  if (!sends(l, kind)) return false;
  const when = formatInZone(b.starts_at, l.zone);
  const lines = [
    `${SUBJECTS[kind]}: ${l.name}, ${when}.`, '',
    ...(kind === 'slot_blocked' ? [`The terminal blocked this slot${o.reason ? `: ${o.reason}` : ''}.`, 'Your booking stands until you move it to another slot or cancel it; please do one or the other.', ''] : []),
    ...(kind === 'booking_cancelled' && b.cancel_reason ? [`Reason: ${String(b.cancel_reason)}`, ''] : []),
    `Booking ${String(b.id)}: ${choiceWord(BOOKING_STATUSES, b.status)}`,
    ...[['Reference', b.reference], ['Carrier', b.carrier_name], ['Truck', b.truck_plate], ['Trailer', b.trailer_plate], ['Driver', b.driver_name]]
      .filter(([, v]) => v).map(([k, v]) => `${String(k)}: ${String(v)}`),
    ...(l.instructions && kind !== 'booking_cancelled' ? ['', String(l.instructions)] : []),
    ...(o.link ? ['', 'To change or cancel it:', o.link] : []),
    ...(l.reply_email ? ['', `Questions: ${l.reply_email}`] : []), '',
  ];
  await s.mailer.send(db, { to: String(b.contact_email), subject: `${SUBJECTS[kind]}: ${l.name} ${when}`, text: lines.join('\n') });
  return true;
}
