/**
 * Declared lifecycles (`transitions` on a status field; the rules in src/lib/lifecycle.ts), enforced
 * inside the write transaction against the locked current row, so two concurrent moves cannot both
 * pass: a record only moves along the declared moves, starts in an initial state, makes each move
 * with the codename and the fields it needs, and is never edited or deleted in a final state.
 * Every transition is recorded (server/engine/transition-log.ts).
 */
import type { Resource } from '../../src/resources/define';
import { fieldLabel } from '../../src/resources/define';
import { deleteRefusal, finalMessage, finalState, lifecycleFields, lockedState, mayMove, missingForMove, moveError } from '../../src/lib/lifecycle';
import type { Ctx } from './context';
import { ErrorBag, badRequest, conflict, forbidden } from './errors';
import type { Row } from './serialize';

/** A write that needs the lifecycle checks: it moves a status, or the resource has final states to keep. */
export const hasLifecycle = (r: Resource, values: Record<string, unknown>) =>
  lifecycleFields(r).some(([name, f]) => name in values || Boolean(f.transitions.final?.length));

/** The lifecycle fields whose value this write changes: `[name, from, to]` (from is null on create). */
export function movesOf(r: Resource, current: Row | null, values: Record<string, unknown>): [string, unknown, unknown][] {
  return lifecycleFields(r)
    .filter(([name]) => name in values && (current === null || current[name] !== values[name]))
    .map(([name]) => [name, current ? current[name] : null, values[name]]);
}

/**
 * Throws when this write breaks the lifecycle: 400 for a final record, a move off the map or a
 * missing reason, 403 for a move the user may not make. `current` is null on create.
 */
export function checkTransitions(ctx: Ctx, r: Resource, current: Row | null, values: Record<string, unknown>) {
  const moves = movesOf(r, current, values);
  // A move out of a final state is named as such ("Void is final") below; any other write is refused here.
  const final = current && finalState(r, current);
  if (final && !moves.length) throw badRequest({ [final.name]: [finalMessage(r, final.field, final.state, 'changed')] });
  const errors = new ErrorBag();
  const fields = Object.fromEntries(lifecycleFields(r));
  const after = { ...current, ...values };
  for (const [name, from, to] of moves) {
    const f = fields[name];
    const msg = moveError(f, from, to);
    if (msg) { errors.add(name, msg); continue; }
    if (current && !mayMove(ctx.user.profile, r, f, String(to))) {
      throw forbidden(`You do not have permission to change the ${fieldLabel(r, name).toLowerCase()} of ${r.pluralLabel.toLowerCase()}.`);
    }
    for (const [field, message] of Object.entries(missingForMove(f, to, after))) errors.add(field, message);
  }
  errors.throwIfAny();
  if (current) checkLocked(ctx, r, current, values, moves);
}

/** Loosely equal: the stored value and the same value as sent (dates, decimals and lists compare by their text). */
const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/**
 * A record in a locked state (`locked`) is changed only by a move: the lifecycle field, the fields
 * its move requires, and the read-only fields the running action declares it writes. "A shipped
 * rail shipment cannot be changed. Open it for correction first."
 */
function checkLocked(ctx: Ctx, r: Resource, current: Row, values: Record<string, unknown>, moves: [string, unknown, unknown][]) {
  const locked = lockedState(r, current);
  if (!locked) return;
  const fields = Object.fromEntries(lifecycleFields(r));
  const allowed = new Set<string>(ctx.writes?.resource === r.name ? ctx.writes.fields : []);
  for (const [name, , to] of moves) {
    allowed.add(name);
    Object.keys(fields[name].transitions.requires?.[String(to)] ?? {}).forEach((n) => allowed.add(n));
  }
  const changed = Object.keys(values).filter((k) => !allowed.has(k) && !same(current[k], values[k]));
  if (changed.length) throw badRequest({ [locked.name]: [`${finalMessage(r, locked.field, locked.state, 'changed')} ${locked.hint}`] });
}

/** A final record, or one past its deletable states, is never deleted: it stays for the audit ("void, never delete"). */
export function checkDeletable(r: Resource, current: Row) {
  const refusal = deleteRefusal(r, current);
  if (refusal) throw conflict(refusal);
}
