/**
 * The carrier's booking page behind a link (docs/scheduler.md, Carrier self-booking). The token
 * comes in the `X-Booking-Link` header (the page reads it from its address's fragment), is looked
 * up by its hash, and must be the link's, unrevoked and unexpired. The calls act as the link:
 * a caller with the rights to read the location's slots and to book, change and cancel, and with
 * nothing else, on the location's company; and within that, only
 * - the link's location's open slots, from the lead time to the booking horizon, and
 * - the bookings made with this link.
 * Every write goes through the operations, so the booking rules, the lifecycle and the mails are
 * the same as for the terminal's own staff.
 */
import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bool, day, instant, int, listOf, maybe, num, obj, str } from '../../../src/resources/answers';
import { booking, LINK_BOOK_INPUT, LINK_CANCEL_INPUT, LINK_CHANGE_INPUT, LINK_RANGE_INPUT } from '../../../src/resources/schedule/booking';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { bookingLink } from '../../../src/resources/schedule/link';
import { slot } from '../../../src/resources/schedule/slot';
import { product } from '../../../src/resources/logistics/product';
import { localDateIn } from '../../../src/lib/time-zone';
import type { AccessProfile } from '../../../src/authProvider/permissions';
import type { Db } from '../../db/connection';
import { bookingLinkToken } from '../../db/schedule-tables';
import { joinTableOf, tableOf } from '../../db/tables';
import { hashKey } from '../../auth/tokens';
import { countAttempt } from '../../auth/throttle';
import { PUBLIC } from '../../http/public-routes';
import { rulesOf } from '../../http/time-zones';
import { parseFields } from '../../engine/action-input';
import type { Ctx } from '../../engine/context';
import { HttpError, conflict, fieldError, notFound, tooMany } from '../../engine/errors';
import { create, find, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import type { Services } from '../../services';
import { cancellation } from './booking-actions';
import { mailBooking } from './booking-mail';
import { tellTerminal } from './booking-notices';
import { addDays } from '../../../src/lib/contract-periods';
import { slotFacts } from './slot-loads';
import { actingAs } from '../../audit/request-scope';
import { userLabel } from '../../engine/context';

export const LINK_HEADER = 'x-booking-link';

/** What the page reads (`GET /api/schedule/book/`), booking records aside (the OpenAPI document adds them). */
export const LINK_PAGE = obj({
  location: obj({
    name: str(), time_zone: str('Every time of the page is shown in it.'), instructions: maybe(str()), reply_email: maybe(str()),
    lead_minutes: int('Bookings are made and changed until this long before their slot.'), horizon_days: int('How far ahead slots are booked.'),
    enabled: bool('A disabled location shows no slots.'), products: listOf(obj({ id: int(), name: str() }), 'What the location loads; the booking may name one.'),
  }),
  zone_rules: obj({ zone: str(), until: num(), rules: listOf(obj({ from: num(), offset: num(), abbreviation: str() })) }, { description: 'The rules the server writes the zone\'s times by (as `GET /api/time_zones/` answers a signed-in user): the page writes times by them.' }),
  carrier_name: maybe(str('Whom the link books for.')),
  fixed_carrier: bool('The link books for one of the terminal\'s parties: the carrier\'s name is not asked.'),
  expires_at: instant(), today: day("The location's day now."), from: day(), to: day(),
  slots: listOf(obj({ id: int(), starts_at: instant(), ends_at: instant(), day: day(), free: int('Loads still free; 0 is full.'), products: listOf(int(), 'The products it takes; any of the location\'s when empty.') }), 'Open slots from the lead time to the horizon.'),
});
const NOT_VALID = 'This booking link does not work: it was revoked or has expired. Ask the terminal for a new one.';
/** Failed link lookups an address may make an hour: a token cannot be guessed, but nobody may try. */
const FAILED_PER_HOUR = 30;
/** The most days the page reads at once. */
const PAGE_DAYS = 31;

interface Link { id: number; company: number; location: number; carrier: number | null; carrier_name: string | null; expires_at: Date }
interface LinkPlace { zone: string; name: string; lead_minutes: number; horizon_days: number; instructions: string | null; reply_email: string | null; enabled: boolean }

async function linkOf(db: Db, req: FastifyRequest): Promise<Link> {
  const token = req.headers[LINK_HEADER];
  const l = tableOf(bookingLink);
  const [row] = typeof token === 'string' && token.length <= 100 ? await db.select({
    id: l.id, company: l.company, location: l.location, carrier: l.carrier, carrier_name: l.carrier_name, expires_at: l.expires_at,
  }).from(bookingLinkToken).innerJoin(l, eq(l.id, bookingLinkToken.link_id))
    .where(and(eq(bookingLinkToken.token_hash, hashKey(token)), isNull(l.revoked_at), gt(l.expires_at, sql`now()`))) : [];
  if (!row) {
    if ((await countAttempt(db, `booking-link-ip:${req.ip}`, 3600)) > FAILED_PER_HOUR) throw tooMany('Too many tries with links that do not work. Try again later.');
    throw new HttpError(404, { detail: NOT_VALID });
  }
  await db.update(l).set({ last_used_at: new Date() }).where(eq(l.id, row.id));
  return row as Link;
}

/** The link as a caller: reads the location's slots and products, books and changes bookings; nothing else. */
function linkCtx(link: Link): Ctx {
  const profile: AccessProfile = {
    is_superuser: false, groups: [], roles: [],
    user_access: [
      { app: 'schedule', models: [{ model: 'booking', codenames: ['view_booking', 'add_booking', 'change_booking'] }, { model: 'slot', codenames: ['view_slot'] }, { model: 'schedulelocation', codenames: ['view_schedulelocation'] }] },
      { app: 'logistics', models: [{ model: 'product', codenames: ['view_product'] }] },
    ],
    company: { id: link.company, name: '', features: [{ name: 'scheduler', subscribed: true }] },
  };
  const name = `${link.carrier_name ?? 'Carrier'} (booking link ${link.id})`.slice(0, 254);
  return {
    user: { id: 0, email: '', name, isSuperuser: false, companyId: link.company, companyIds: [link.company], profile, tokenId: 0 },
    via: 'booking link', writes: { resource: booking.name, fields: ['booked_by', 'link', 'status', 'cancel_reason', 'cancelled_at'] },
  };
}

async function placeOf(db: Db, link: Link): Promise<LinkPlace> {
  const l = tableOf(scheduleLocation);
  const [row] = await db.select({
    zone: l.timezone, name: l.name, lead_minutes: l.lead_minutes, horizon_days: l.booking_horizon_days, instructions: l.instructions, reply_email: l.reply_email, enabled: l.enabled,
  }).from(l).where(eq(l.id, link.location));
  return row as LinkPlace;
}

/** The window a carrier books in: from the lead time on, up to the horizon. */
const windowOf = (p: LinkPlace, now = Date.now()) => ({ earliest: new Date(now + p.lead_minutes * 60_000), latest: new Date(now + p.horizon_days * 86_400_000) });

/** Refuses a slot the link may not book: another location's, or outside the window. */
async function checkSlot(db: Db, link: Link, p: LinkPlace, slotId: unknown) {
  const f = await slotFacts(db, slotId);
  if (!f || f.location !== link.location || f.company !== link.company) throw fieldError('slot', 'No such slot at this location.');
  const w = windowOf(p);
  if (f.starts_at <= w.earliest) throw fieldError('slot', `Slots are booked at least ${p.lead_minutes} minutes ahead: choose a later one.`);
  if (f.starts_at > w.latest) throw fieldError('slot', `Slots are booked at most ${p.horizon_days} days ahead.`);
}

/** A booking made with this link, still open to the carrier: booked, and its slot not inside the lead time. */
async function ownBooking(db: Db, ctx: Ctx, link: Link, p: LinkPlace, id: string): Promise<Row> {
  if (!/^\d{1,9}$/.test(id)) throw notFound();
  const rows = (await find(db, ctx, booking, { id, link: String(link.id), page_size: '0' })).rows;
  const b = rows[0];
  if (!b) throw notFound();
  if (b.status !== 'booked') throw conflict(`This booking is ${String(b.status).replace('_', ' ')}: ask the terminal.`);
  if (new Date(b.starts_at as string) <= windowOf(p).earliest) throw conflict(`Bookings change until ${p.lead_minutes} minutes before their slot: ask the terminal.`);
  return b;
}

/** The page: the location, its bookable slots of a range, and the link's bookings. */
async function page(s: Services, req: FastifyRequest) {
  const db = s.database.db;
  const link = await linkOf(db, req);
  const p = await placeOf(db, link);
  const ctx = linkCtx(link);
  const q = parseFields(LINK_RANGE_INPUT, req.query);
  const today = localDateIn(new Date(), p.zone)!;
  const from = (q.from as string | undefined) ?? today;
  const to = (q.to as string | undefined) ?? addDays(from, 6);
  if (to < from) throw fieldError('to', 'The last day comes before the first.');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > PAGE_DAYS) throw fieldError('to', `At most ${PAGE_DAYS} days at a time.`);
  const w = windowOf(p);
  const sl = tableOf(slot);
  const slots = p.enabled ? await db.select({ id: sl.id, starts_at: sl.starts_at, ends_at: sl.ends_at, day: sl.day, capacity: sl.capacity, booked: sl.booked })
    .from(sl).where(and(eq(sl.location, link.location), eq(sl.status, 'open'), gte(sl.day, from), lte(sl.day, to), gt(sl.starts_at, w.earliest), lte(sl.starts_at, w.latest)))
    .orderBy(asc(sl.starts_at)).limit(2000) : [];
  const sp = joinTableOf(slot, 'products');
  const slotProducts = slots.length ? await db.select({ slot: sp.owner_id, product: sp.target_id }).from(sp).where(sql`${sp.owner_id} in ${slots.map((x) => x.id)}`) : [];
  const lp = joinTableOf(scheduleLocation, 'products');
  const pr = tableOf(product);
  const products = await db.select({ id: pr.id, name: pr.name }).from(lp).innerJoin(pr, eq(pr.id, lp.target_id)).where(eq(lp.owner_id, link.location)).orderBy(pr.name);
  const bookings = (await find(db, ctx, booking, { link: String(link.id), page_size: '0', ordering: 'starts_at' })).rows;
  return {
    zone_rules: rulesOf(p.zone),
    location: { name: p.name, time_zone: p.zone, instructions: p.instructions, reply_email: p.reply_email, lead_minutes: p.lead_minutes, horizon_days: p.horizon_days, enabled: p.enabled, products },
    carrier_name: link.carrier_name, fixed_carrier: link.carrier !== null, expires_at: link.expires_at, today, from, to,
    slots: slots.map((x) => ({
      id: x.id, starts_at: x.starts_at, ends_at: x.ends_at, day: x.day, free: Number(x.capacity) - Number(x.booked),
      products: slotProducts.filter((sp2) => sp2.slot === x.id).map((sp2) => Number(sp2.product)),
    })),
    bookings: bookings.map((b) => ({ ...b, changeable: b.status === 'booked' && new Date(b.starts_at as string) > w.earliest })),
  };
}

/**
 * A write with the link, in one transaction with its location's facts, the use counted. The link
 * is looked up before the transaction: a failed lookup's count must stay when the answer is an error.
 */
async function linkWrite<T>(s: Services, req: FastifyRequest, write: (tx: Db, link: Link, p: LinkPlace, ctx: Ctx) => Promise<T>): Promise<T> {
  const db = s.database.db;
  const link = await linkOf(db, req);
  const ctx = linkCtx(link);
  actingAs(req, { id: 0, label: userLabel(ctx), companyId: link.company }); // the audit trail names the link
  return db.transaction(async (tx) => {
    const done = await write(tx, link, await placeOf(tx, link), ctx);
    await bumpUses(tx, link);
    return done;
  });
}

function book(s: Services, req: FastifyRequest) {
  const input = parseFields(LINK_BOOK_INPUT, req.body);
  return linkWrite(s, req, async (tx, link, p, ctx) => {
    await checkSlot(tx, link, p, input.slot);
    const made = await create(tx, ctx, booking, {
      ...input, carrier: link.carrier, carrier_name: link.carrier !== null ? link.carrier_name : input.carrier_name ?? link.carrier_name, booked_by: ctx.user.name, link: link.id,
    });
    await mailBooking(s, tx, 'booking_confirmed', made);
    await tellTerminal(tx, link, p, 'booked', made);
    return made;
  });
}

function change(s: Services, req: FastifyRequest, id: string) {
  const input = parseFields(LINK_CHANGE_INPUT, req.body);
  return linkWrite(s, req, async (tx, link, p, ctx) => {
    const b = await ownBooking(tx, ctx, link, p, id);
    if (input.slot !== undefined && input.slot !== b.slot) await checkSlot(tx, link, p, input.slot);
    const fixed = link.carrier !== null ? { carrier_name: link.carrier_name } : {};
    const changed = await update(tx, ctx, booking, String(b.id), { ...input, ...fixed, version: b.version });
    await mailBooking(s, tx, 'booking_changed', changed);
    await tellTerminal(tx, link, p, 'changed', changed);
    return changed;
  });
}

function cancel(s: Services, req: FastifyRequest, id: string) {
  const input = parseFields(LINK_CANCEL_INPUT, req.body);
  return linkWrite(s, req, async (tx, link, p, ctx) => {
    const b = await ownBooking(tx, ctx, link, p, id);
    const cancelled = await update(tx, ctx, booking, String(b.id), cancellation(input.reason, b.version));
    await mailBooking(s, tx, 'booking_cancelled', cancelled);
    await tellTerminal(tx, link, p, 'cancelled', cancelled);
    return cancelled;
  });
}

async function bumpUses(db: Db, link: Link) {
  const l = tableOf(bookingLink);
  await db.update(l).set({ uses: sql`${l.uses} + 1` }).where(eq(l.id, link.id));
}

/**
 * The link's routes: public (no session), each answering only for a valid link.
 */
export function mountBookingLinks(app: FastifyInstance, s: Services) {
  app.get('/api/schedule/book/', PUBLIC, async (req) => page(s, req));
  app.post('/api/schedule/book/', PUBLIC, async (req, reply) => {
    const made = await book(s, req);
    return reply.code(201).send(made);
  });
  app.post<{ Params: { id: string } }>('/api/schedule/book/:id/change/', PUBLIC, async (req) => change(s, req, req.params.id));
  app.post<{ Params: { id: string } }>('/api/schedule/book/:id/cancel/', PUBLIC, async (req) => cancel(s, req, req.params.id));
}
