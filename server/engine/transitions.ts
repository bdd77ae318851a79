/**
 * Lifecycles declared on choice fields (`transitions`): a record may only move along the declared
 * moves, and may only be created in an initial state. Checked inside the write transaction against
 * the locked current row, so two concurrent moves cannot both pass.
 */
import type { Resource } from '../../src/resources/define';
import type { ChoiceField } from '../../src/resources/fields';
import { ErrorBag } from './errors';
import type { Row } from './serialize';

const lifecycleFields = (r: Resource) =>
  Object.entries(r.fields).filter((e): e is [string, ChoiceField] => e[1].kind === 'choice' && Boolean(e[1].transitions));

export const hasLifecycle = (r: Resource, values: Record<string, unknown>) => lifecycleFields(r).some(([name]) => name in values);

const labelOf = (f: ChoiceField, v: unknown) => f.choices.find(([value]) => value === v)?.[1] ?? String(v);

/** The message for a move that is not allowed, or null when it is. */
export function moveError(f: ChoiceField, from: unknown, to: unknown): string | null {
  const t = f.transitions!;
  if (from === to) return null;
  if (from === null || from === undefined) return t.initial.includes(String(to)) ? null : `A new record cannot start as ${labelOf(f, to)}.`;
  const allowed = t.moves[String(from)] ?? [];
  if (allowed.includes(String(to))) return null;
  const options = allowed.map((v) => labelOf(f, v)).join(', ');
  return `Cannot change from ${labelOf(f, from)} to ${labelOf(f, to)}. ${options ? `Allowed: ${options}.` : `${labelOf(f, from)} is final.`}`;
}

/** Throws a 400 naming every field whose move is not allowed; `current` is null on create. */
export function checkTransitions(r: Resource, current: Row | null, values: Record<string, unknown>) {
  const errors = new ErrorBag();
  for (const [name, f] of lifecycleFields(r)) {
    if (!(name in values)) continue;
    const msg = moveError(f, current ? current[name] : null, values[name]);
    if (msg) errors.add(name, msg);
  }
  errors.throwIfAny();
}
