/**
 * The location's calls (docs/scheduler.md): its producers, one local day's slots with their
 * bookings, the overview of today and the week, what it mails about, and booking links.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { party } from '../../../src/resources/logistics/party';
import { booking } from '../../../src/resources/schedule/booking';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { bookingLink } from '../../../src/resources/schedule/link';
import { slot } from '../../../src/resources/schedule/slot';
import { BOOKING_STATUSES, NOTE_TYPES } from '../../../src/resources/schedule/common';
import { formatInZone, localDateIn } from '../../../src/lib/time-zone';
import { bookingLinkToken } from '../../db/schedule-tables';
import { joinTableOf, tableOf } from '../../db/tables';
import { hashKey } from '../../auth/tokens';
import type { ActionHandler } from '../../engine/action-handler';
import { conflict } from '../../engine/errors';
import { get, scopeOf } from '../../engine/operations';
import { dayLoads, slotsWithBookings } from './slot-actions';
import { addDays } from '../../../src/lib/contract-periods';
import { locationOf } from './slot-plans';
import { stampCondition } from '../../audit/audit-scope';

export const producers: ActionHandler = async ({ db, ctx, input }) => {
  const j = joinTableOf(scheduleLocation, 'producers');
  const p = tableOf(party);
  return db.select({ id: p.id, name: p.name, code: p.code }).from(j).innerJoin(p, eq(p.id, j.target_id))
    .where(and(eq(j.owner_id, Number(input.location_id)), scopeOf(ctx, party))).orderBy(p.name);
};

export const dailySlots: ActionHandler = async ({ db, ctx, input }) => slotsWithBookings(db, ctx, input.location_id, String(input.day), String(input.day));

/** What a location may mail a booking's contact about. */
export const noteTypeList = () => NOTE_TYPES.map(([value, label]) => ({ value, label }));
export const noteTypes: ActionHandler = async () => noteTypeList();

/** Today and the six days after it at the location: loads per day, bookings by status, the flagged ones. */
export const overview: ActionHandler = async ({ db, ctx, record }) => {
  const zone = String(record!.timezone);
  const today = localDateIn(new Date(), zone)!;
  const last = addDays(today, 6);
  const b = tableOf(booking);
  const s = tableOf(slot);
  const inWeek = and(eq(b.location, record!.id as number), gte(s.day, today), lte(s.day, last), scopeOf(ctx, booking));
  const rows = await db.select({
    status: b.status,
    today: sql<number>`(count(*) filter (where ${s.day} = ${today}))::int`,
    week: sql<number>`count(*)::int`,
    quantity: sql<string>`coalesce(sum(${b.quantity}) filter (where ${s.day} = ${today} and ${b.status} <> 'cancelled'), 0)::numeric(14,3)::text`,
  }).from(b).innerJoin(s, eq(s.id, b.slot)).where(inWeek).groupBy(b.status);
  const [{ flagged }] = await db.select({ flagged: sql<number>`count(*)::int` }).from(b)
    .where(and(eq(b.location, record!.id as number), eq(b.slot_blocked, true), eq(b.status, 'booked'), scopeOf(ctx, booking)));
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  const quantity = rows.reduce((sum, r) => sum + Number(r.quantity), 0);
  return {
    today,
    days: await dayLoads(db, ctx, record!.id, today, last, zone),
    by_status: BOOKING_STATUSES.map(([status]) => ({ status, today: byStatus.get(status)?.today ?? 0, week: byStatus.get(status)?.week ?? 0 })),
    flagged: Number(flagged),
    quantity_today: quantity.toFixed(3),
  };
};

/**
 * A booking link for one location (docs/scheduler.md, Carrier self-booking): a random token whose
 * hash alone is kept, shown once in the answer and, with an email, mailed. The page reads it from
 * the address's fragment (`/book/#…`), which no browser sends to a server, so it is in no request
 * line, log or referrer.
 */
export const generateToken: ActionHandler = async ({ services, db, ctx, input }) => db.transaction(async (tx) => {
  const location = Number(input.location_id);
  const { zone, company } = await locationOf(tx, location);
  const l = tableOf(scheduleLocation);
  const [loc] = await tx.select({ name: l.name, instructions: l.instructions, reply_email: l.reply_email, enabled: l.enabled }).from(l).where(eq(l.id, location));
  if (!loc.enabled) throw conflict(`${String(loc.name)} is disabled: enable it before sending booking links.`);
  let carrierName = (input.carrier_name as string | undefined) ?? null;
  if (input.carrier) {
    const p = tableOf(party);
    const [row] = await tx.select({ name: p.name }).from(p).where(eq(p.id, Number(input.carrier)));
    carrierName ??= String(row.name);
  }
  const expires = new Date(Date.now() + Number(input.days ?? 14) * 86_400_000);
  const t = tableOf(bookingLink);
  const [link] = await tx.insert(t).values({
    company, location, carrier: (input.carrier as number | undefined) ?? null, carrier_name: carrierName, email: (input.email as string | undefined) ?? null,
    expires_at: expires, made_by: ctx.user.name || ctx.user.email, uses: 0,
  }).returning({ id: t.id });
  const token = randomBytes(32).toString('base64url');
  await tx.insert(bookingLinkToken).values({ token_hash: hashKey(token), link_id: link.id as number });
  const url = `${services.config.publicUrl}/book/#${token}`;
  if (input.email) {
    await services.mailer.send(tx, {
      to: String(input.email),
      subject: `Book your loading times at ${String(loc.name)}`,
      text: [
        'Hello,', '',
        `${ctx.user.name || ctx.user.email} invites ${carrierName ?? 'you'} to book loading times at ${String(loc.name)} without an account:`, '',
        url, '',
        `The link works until ${formatInZone(expires, zone)}. It shows that location's free slots and the bookings made with it, and nothing else. Keep it to yourself: whoever has it can book in your name.`,
        ...(loc.instructions ? ['', String(loc.instructions)] : []),
        ...(loc.reply_email ? ['', `Questions: ${String(loc.reply_email)}`] : []), '',
      ].join('\n'),
    });
  }
  return { link: link.id, url, expires_at: expires.toISOString(), mailed: Boolean(input.email) };
});

/** Revokes a link at once (its right is the location's `send_booking_links`, not a change of the link record). */
export const revokeLink: ActionHandler = async ({ db, ctx, record }) => {
  const t = tableOf(bookingLink);
  const [done] = await db.update(t).set({ revoked_at: new Date(), version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.id, record!.id as number), isNull(t.revoked_at), stampCondition())).returning({ id: t.id });
  if (!done) throw conflict('This link is revoked already.');
  return get(db, ctx, bookingLink, String(record!.id));
};
