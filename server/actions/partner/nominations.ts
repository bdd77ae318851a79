/**
 * Nominations (docs/partners.md, Nominations): the partner's dated quantities of cars on a sent
 * order, versioned. The rules:
 * - made by the order's partner on a sent order; one open version (draft or sent) per order at a
 *   time; each new version takes the next `revision` and names the one it replaces (`previous`);
 * - its days lie inside the order's window (src/lib/nomination-days.ts); the totals and first and
 *   last days are kept with it;
 * - the partner forecasts, auto-schedules (the rail schedule's spreading rule), clears, edits and
 *   sends a draft; the shipper approves or rejects (with a reason) a sent one;
 * - approving writes the contract's rail schedule in the same transaction: a nominated day's
 *   planned cars become the sum of the contract's approved nominations on that day, and the
 *   version it replaces is superseded (its days no longer count).
 */
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import { partnerRailNomination } from '../../../src/resources/partner/rail-nomination';
import { partnerRailOrder } from '../../../src/resources/partner/rail-order';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { SHOWN_TO_PARTNER } from '../../../src/resources/partner/rail-shipment';
import { type NominationDay, checkNominationDays, daysBetween, spreadOver, totalOf } from '../../../src/lib/nomination-days';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { defineBehaviour } from '../../engine/behaviour';
import { type Ctx, userLabel } from '../../engine/context';
import { badRequest, conflict, forbidden } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { can, create, find, get, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { lockSchedule } from '../rail/schedule';
import { isOwner, requireSide } from './sides';
import { nominationBoard } from './board';
import { tellNomination } from './nomination-notices';

const N = partnerRailNomination;
const OPEN = ['draft', 'sent'];

interface OrderFacts { id: number; company: number; partner: number; contract: number; status: string; from: string; to: string; cars: number }

async function orderFacts(db: Db, id: unknown): Promise<OrderFacts> {
  const o = tableOf(partnerRailOrder);
  const [row] = await db.select({ id: o.id, company: o.company, partner: o.partner_company, contract: o.contract, status: o.status, from: o.start_date, to: o.end_date, cars: o.number_of_cars })
    .from(o).where(eq(o.id, id as number));
  return row as unknown as OrderFacts;
}

/** The order's open version (draft or sent), if any. */
async function openVersion(db: Db, order: number) {
  const n = tableOf(N);
  const [row] = await db.select({ id: n.id, revision: n.revision, status: n.status }).from(n)
    .where(and(eq(n.order, order), inArray(n.status, OPEN))).limit(1);
  return row;
}

const daysOf = (row: Row | Record<string, unknown>): NominationDay[] => (Array.isArray(row.shipping_schedule) ? row.shipping_schedule as NominationDay[] : []);

const nominationHooks: ResourceHooks = {
  // A version is made from the one before it, with its revision and the one it replaces.
  beforeClone() { throw badRequest({ non_field_errors: ['A nomination is not copied: revise it into a new version.'] }); },
  async beforeWrite({ db, input, mode, current }) {
    const v = input.values;
    if (mode === 'update' && 'order' in v && v.order !== current?.order) throw badRequest({ order: ['A nomination stays with its order.'] });
    const order = await orderFacts(db, mode === 'create' ? v.order : current!.order);
    if (mode === 'create') {
      if (order.partner !== v.partner_company) throw badRequest({ order: ['Nominations are made by the partner that ordered.'] });
      if (order.status !== 'sent') throw badRequest({ order: [`This order is ${order.status}: nominations are made on a sent order.`] });
      const open = await openVersion(db, order.id);
      if (open) throw conflict(`Version ${String(open.revision)} of this order's nomination is still ${String(open.status)}: change that one, or wait for the shipper's answer.`);
      const n = tableOf(N);
      const [last] = await db.select({ id: n.id, revision: n.revision }).from(n).where(eq(n.order, order.id)).orderBy(desc(n.revision)).limit(1);
      Object.assign(v, { company: order.company, contract: order.contract, revision: Number(last?.revision ?? 0) + 1, previous: last?.id ?? null });
      if (v.shipping_schedule === undefined || v.shipping_schedule === null) v.shipping_schedule = daysBetween(order.from, order.to);
    }
    if ('shipping_schedule' in v) {
      const checked = checkNominationDays(v.shipping_schedule ?? [], order.from, order.to);
      if (!checked.ok) throw badRequest({ shipping_schedule: checked.errors });
      const used = checked.days.filter((d) => d.quantity > 0);
      Object.assign(v, { shipping_schedule: checked.days, nominated_total: totalOf(checked.days), first_date: used[0]?.date ?? null, last_date: used.at(-1)?.date ?? null });
    }
  },
};

/** Writes a draft's days (or forecast) as its partner, through the update (lifecycle, versions, the days' checks). */
async function editDraft(db: Db, ctx: Ctx, row: Row, values: Record<string, unknown>, what: string) {
  requireSide(ctx, row, 'partner', what);
  if (row.status !== 'draft') throw conflict(`This nomination is ${String(row.status)}: only a draft is changed. Revise it into a new version.`);
  return update(db, ctx, N, String(row.id), { ...values, version: row.version });
}

const forecast: ActionHandler = async ({ db, ctx, record, input }) => editDraft(db, ctx, record!, { forecast: input.forecast }, 'forecasts');

const autoSchedule: ActionHandler = async ({ db, ctx, record }) => {
  const row = record!;
  const order = await orderFacts(db, row.order);
  const days = daysOf(row).length ? daysOf(row) : daysBetween(order.from, order.to);
  const cars = row.forecast ?? order.cars;
  return editDraft(db, ctx, row, { shipping_schedule: spreadOver(days, Number(cars)) }, 'auto-schedules its nomination');
};

const clear: ActionHandler = async ({ db, ctx, record }) =>
  editDraft(db, ctx, record!, { shipping_schedule: daysOf(record!).map((d) => ({ date: d.date, quantity: 0 })) }, 'clears its nomination');

const send: ActionHandler = async ({ db, ctx, record }) => db.transaction(async (tx) => {
  const row = record!;
  requireSide(ctx, row, 'partner', 'sends its nomination');
  if (row.status !== 'draft') throw conflict(`This nomination is ${String(row.status)}: only a draft is sent.`);
  if (!Number(row.nominated_total)) throw badRequest({ shipping_schedule: ['Nominate cars on at least one day before sending.'] });
  const order = await orderFacts(tx, row.order);
  if (order.status !== 'sent') throw conflict(`The order is ${order.status}: nothing more is nominated on it.`);
  const sent = await update(tx, ctx, N, String(row.id), { status: 'sent', sent_at: new Date().toISOString(), version: row.version });
  await tellNomination(tx, sent);
  return sent;
});

const reject: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const row = record!;
  requireSide(ctx, row, 'owner', 'rejects a nomination');
  if (row.status !== 'sent') throw conflict(`This nomination is ${String(row.status)}: only a sent one is answered.`);
  const rejected = await update(tx, ctx, N, String(row.id), { status: 'rejected', reject_reason: input.reason, reviewed_at: new Date().toISOString(), reviewed_by: userLabel(ctx), version: row.version });
  await tellNomination(tx, rejected);
  return rejected;
});

/**
 * Approves a sent nomination and writes the contract's schedule with it, in one transaction under
 * the schedule's lock: each day this version or the one it supersedes names gets, as planned
 * cars, the sum of the contract's approved nominations on that day. Days with actual cars keep
 * their actual; their plan follows the nominations like any other.
 */
const approve: ActionHandler = async ({ db, ctx, record }) => db.transaction(async (tx) => {
  const row = record!;
  requireSide(ctx, row, 'owner', 'approves a nomination');
  if (row.status !== 'sent') throw conflict(`This nomination is ${String(row.status)}: only a sent one is answered.`);
  const order = await orderFacts(tx, row.order);
  if (order.status !== 'sent') throw conflict(`The order is ${order.status}: its nominations are no longer approved.`);
  if (!can(ctx, railScheduleEntry, 'change') || !can(ctx, railScheduleEntry, 'add')) throw forbidden("Approving writes the contract's schedule: you need the right to add and change schedule days.");
  const s = tableOf(railSchedule);
  const [schedule] = await tx.select({ id: s.id }).from(s).where(eq(s.contract, row.contract as number));
  if (!schedule) throw conflict("The contract has no schedule to write the nomination into.");
  await lockSchedule(tx, ctx, schedule.id);
  const n = tableOf(N);
  const replaced = await tx.select().from(n).where(and(eq(n.order, row.order as number), eq(n.status, 'approved')));
  for (const old of replaced) await update(tx, ctx, N, String(old.id), { status: 'superseded', version: old.version });
  const approved = await update(tx, ctx, N, String(row.id), { status: 'approved', reviewed_at: new Date().toISOString(), reviewed_by: userLabel(ctx), version: row.version });
  const touched = new Set([...daysOf(row), ...replaced.flatMap((x) => daysOf(x))].map((d) => d.date));
  const current = await tx.select({ shipping_schedule: n.shipping_schedule }).from(n).where(and(eq(n.contract, row.contract as number), eq(n.status, 'approved')));
  const planned = new Map<string, number>();
  for (const day of current.flatMap((x) => daysOf(x))) if (touched.has(day.date)) planned.set(day.date, (planned.get(day.date) ?? 0) + day.quantity);
  const e = tableOf(railScheduleEntry);
  const stored = new Map((await tx.select().from(e).where(eq(e.schedule, schedule.id)).orderBy(asc(e.date))).map((d) => [String(d.date), d]));
  for (const date of [...touched].sort()) {
    const quantity = planned.get(date) ?? 0;
    const old = stored.get(date);
    if (!old) { if (quantity > 0) await create(tx, ctx, railScheduleEntry, { schedule: schedule.id, date, quantity }); }
    else if (old.quantity !== quantity) await update(tx, ctx, railScheduleEntry, String(old.id), { quantity, version: old.version });
  }
  await tellNomination(tx, approved);
  return approved;
});

/** A new draft version from a rejected or approved one: its forecast, days and notes, the next revision. */
const revise: ActionHandler = async ({ db, ctx, record }) => {
  const row = record!;
  requireSide(ctx, row, 'partner', 'revises its nomination');
  if (row.status !== 'rejected' && row.status !== 'approved') throw conflict(`This nomination is ${String(row.status)}: a rejected or approved version is revised.`);
  const n = tableOf(N);
  const [latest] = await db.select({ max: max(n.revision) }).from(n).where(eq(n.order, row.order as number));
  if (Number(latest?.max) !== Number(row.revision)) throw conflict(`Version ${String(latest?.max)} is the latest of this order: revise that one.`);
  return created(await create(db, ctx, N, { order: row.order, forecast: row.forecast, shipping_schedule: daysOf(row), notes: row.notes }));
};

/**
 * What a new nomination on an order would start with (`new-nominations/ ?order=`): the next
 * revision, the latest version's forecast and days (else the order's cars and every day of its
 * window at 0), and the open version if one is there. Nothing is written.
 */
const newNominations: ActionHandler = async ({ db, ctx, input }) => {
  const order = await get(db, ctx, partnerRailOrder, String(input.order));
  const versions = (await find(db, ctx, N, { order: String(order.id), page_size: '0', ordering: '-revision' })).rows;
  const latest = versions[0];
  const open = versions.find((x) => OPEN.includes(String(x.status)));
  return {
    order: order.id, contract: order.contract, revision: Number(latest?.revision ?? 0) + 1,
    forecast: latest?.forecast ?? order.number_of_cars,
    shipping_schedule: latest ? daysOf(latest) : daysBetween(String(order.start_date), String(order.end_date)),
    open: open ? { id: open.id, revision: open.revision, status: open.status } : null,
    may_nominate: order.status === 'sent' && !open && order.partner_company === ctx.user.companyId,
  };
};

/** The contract's shipments on the nomination's days; a partner sees those shipped (or since voided), not the shipper's open work. */
async function shipmentsOn(db: Db, ctx: Ctx, row: Row) {
  const days = daysOf(row).map((d) => d.date);
  if (!days.length) return [];
  const t = tableOf(railShipment);
  const statuses = isOwner(ctx, row) ? undefined : SHOWN_TO_PARTNER;
  return db.select({ id: t.id, shipment_number: t.shipment_number, bol_number: t.bol_number, ship_date: t.ship_date, status: t.status, counted_cars: t.counted_cars })
    .from(t).where(and(eq(t.contract, row.contract as number), inArray(t.ship_date, days), statuses ? inArray(t.status, [...statuses]) : undefined))
    .orderBy(asc(t.ship_date), asc(t.id));
}

const getShipments: ActionHandler = async ({ db, ctx, record }) => shipmentsOn(db, ctx, record!);

/**
 * The nomination against the contract (`{id}/review/`): per day the cars nominated, approved by
 * the order's approved version, and shipped; the shipper also sees its planned and actual cars.
 * With the warnings a reviewer needs: days outside the contract, more cars than the order.
 */
const review: ActionHandler = async ({ db, ctx, record }) => {
  const row = record!;
  const owner = isOwner(ctx, row);
  const order = await orderFacts(db, row.order);
  const n = tableOf(N);
  const [approvedVersion] = await db.select({ id: n.id, shipping_schedule: n.shipping_schedule, revision: n.revision }).from(n).where(and(eq(n.order, order.id), eq(n.status, 'approved')));
  const approvedDays = new Map(daysOf(approvedVersion ?? {}).map((d) => [d.date, d.quantity]));
  const shipped = new Map<string, number>();
  for (const s of await shipmentsOn(db, ctx, row)) {
    if (s.status === 'shipped' || s.status === 'in_correction') shipped.set(String(s.ship_date), (shipped.get(String(s.ship_date)) ?? 0) + Number(s.counted_cars ?? 0));
  }
  const e = tableOf(railScheduleEntry);
  const s = tableOf(railSchedule);
  const plan = owner ? new Map((await db.select({ date: e.date, quantity: e.quantity, actual: e.actual }).from(e).innerJoin(s, eq(s.id, e.schedule)).where(eq(s.contract, row.contract as number))).map((d) => [String(d.date), d])) : null;
  const days = daysOf(row).map((d) => ({
    date: d.date, nominated: d.quantity, approved: approvedDays.get(d.date) ?? 0, shipped: shipped.get(d.date) ?? 0,
    ...(plan ? { planned: plan.get(d.date)?.quantity ?? 0, actual: plan.get(d.date)?.actual ?? null } : {}),
  }));
  const total = totalOf(daysOf(row));
  const warnings = total > order.cars ? [`${total} cars nominated; the order is for ${order.cars}.`] : [];
  return {
    nomination: row.id, revision: row.revision, status: row.status, approved_revision: approvedVersion?.revision ?? null,
    order: { id: order.id, number_of_cars: order.cars, start_date: order.from, end_date: order.to, status: order.status },
    totals: { nominated: total, approved: [...approvedDays.values()].reduce((a, b) => a + b, 0), shipped: [...shipped.values()].reduce((a, b) => a + b, 0) },
    days, warnings,
  };
};

export const partnerNominationBehaviour = defineBehaviour(N, {
  hooks: nominationHooks,
  actions: { forecast, auto_schedule: autoSchedule, clear_nomination: clear, send, reject, approve, revise, new_nominations: newNominations, get_shipments: getShipments, review, board: nominationBoard },
});
