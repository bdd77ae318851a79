/**
 * The booking's calls (docs/scheduler.md, Booking statuses): book, change or move, cancel, keep
 * further data, and the lifecycle's moves through `get_actions/` and `run_action/`. Each writes
 * through the operations (so the booking rules, the lifecycle and its log hold) and mails the
 * contact in the same transaction.
 */
import { booking, BOOKING_MOVES, CANCEL_MOVE } from '../../../src/resources/schedule/booking';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import type { Ctx } from '../../engine/context';
import { conflict } from '../../engine/errors';
import { create, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { allowedMoves } from '../../../src/lib/lifecycle';
import { mailBooking } from './booking-mail';
import { slotFacts } from './slot-loads';

type Move = (typeof BOOKING_MOVES)[number][0];
const STAMP: Record<string, string> = { checked_in: 'checked_in_at', loading: 'loading_at', loaded: 'loaded_at' };

/** The moves this caller may make on this booking now: the lifecycle's, cut by the slot's time (a no-show once it has ended). */
export function movesNow(ctx: Ctx, b: Row, ends: Date): { action: string; label: string; status: string }[] {
  const open = new Set(allowedMoves(ctx.user.profile, booking, b).status.map((m) => m.value));
  const over = ends.getTime() <= Date.now();
  return [...BOOKING_MOVES, CANCEL_MOVE]
    .filter(([action, , to]) => open.has(to) && (action !== 'no_show' || over))
    .map(([action, label, status]) => ({ action, label, status }));
}

export const createBooking: ActionHandler = async ({ services, db, ctx, input }) => db.transaction(async (tx) => {
  const made = await create(tx, ctx, booking, { ...input, booked_by: ctx.user.name || ctx.user.email });
  await mailBooking(services, tx, 'booking_confirmed', made);
  return created(made);
});

export const updateBooking: ActionHandler = async ({ services, db, ctx, record, input }) => db.transaction(async (tx) => {
  const b = record!;
  if (b.status !== 'booked') throw conflict(`This booking is ${String(b.status).replace('_', ' ')}: only a booked one is changed.`);
  const changed = await update(tx, ctx, booking, String(b.id), { ...input, version: b.version });
  await mailBooking(services, tx, 'booking_changed', changed);
  return changed;
});

/** What a cancellation writes: the state, its reason (told to the contact) and when. */
export const cancellation = (reason: unknown, version: unknown) => ({ status: 'cancelled', cancel_reason: reason, cancelled_at: new Date().toISOString(), version });

export const cancelBooking: ActionHandler = async ({ services, db, ctx, record, input }) => db.transaction(async (tx) => {
  const b = record!;
  const cancelled = await update(tx, ctx, booking, String(b.id), cancellation(input.reason, b.version));
  await mailBooking(services, tx, 'booking_cancelled', cancelled);
  return cancelled;
});

/** Merges keys into the booking's data; a key set to null is removed. */
export const setData: ActionHandler = async ({ db, ctx, record, input }) => {
  const b = record!;
  const data: Record<string, unknown> = { ...(b.data as Record<string, unknown> | null) };
  for (const [k, v] of Object.entries(input.data as Record<string, unknown>)) {
    if (v === null) delete data[k];
    else data[k] = v;
  }
  return update(db, ctx, booking, String(b.id), { data, version: b.version });
};

export const getActions: ActionHandler = async ({ db, ctx, record }) => movesNow(ctx, record!, (await slotFacts(db, record!.slot))!.ends_at);

export const runAction: ActionHandler = async ({ db, ctx, record, input }) => {
  const b = record!;
  const move = BOOKING_MOVES.find(([a]) => a === (input.action as Move))!;
  const offered = movesNow(ctx, b, (await slotFacts(db, b.slot))!.ends_at);
  if (!offered.some((m) => m.action === move[0])) {
    const why = move[0] === 'no_show' && b.status === 'booked' ? 'a booking is a no-show once its slot has ended' : `a booking that is ${String(b.status).replace('_', ' ')} does not move to ${move[2].replace('_', ' ')}`;
    throw conflict(`${move[1]} is not possible now: ${why}.`);
  }
  const stamp = STAMP[move[2]];
  return update(db, ctx, booking, String(b.id), { status: move[2], ...(stamp ? { [stamp]: new Date().toISOString() } : {}), version: b.version });
};
