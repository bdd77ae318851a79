/**
 * The rules of declared lifecycles (docs/architecture.md "Lifecycles"), as pure functions of the
 * declaration, the record and the user's profile: the server enforces with them, and the screens
 * offer with them only the moves the server would accept.
 */
import type { Resource } from '../resources/define';
import { codename, contentType } from '../resources/define';
import type { ChoiceField } from '../resources/fields';
import { type AccessProfile, hasPermissions } from '../authProvider/permissions';
import { isEmpty } from './validators';

export type LifecycleField = [name: string, field: ChoiceField & { transitions: NonNullable<ChoiceField['transitions']> }];

/** The status fields of a resource that declare a lifecycle. */
export const lifecycleFields = (r: Pick<Resource, 'fields'>): LifecycleField[] =>
  Object.entries(r.fields).filter((e): e is LifecycleField => e[1].kind === 'choice' && Boolean(e[1].transitions));

export const stateLabel = (f: ChoiceField, v: unknown) => f.choices.find(([value]) => value === v)?.[1] ?? String(v);

/** The lifecycle field and state that make this record final (never edited, never deleted), if any. */
export function finalState(r: Pick<Resource, 'fields'>, record: Record<string, unknown>): { name: string; field: ChoiceField; state: string } | null {
  for (const [name, field] of lifecycleFields(r)) {
    const state = record[name];
    if (typeof state === 'string' && field.transitions.final?.includes(state)) return { name, field, state };
  }
  return null;
}

/** The lifecycle field and locked state this record is in (edited only by a move), if any. */
export function lockedState(r: Pick<Resource, 'fields'>, record: Record<string, unknown>): { name: string; field: ChoiceField; state: string; hint: string } | null {
  for (const [name, field] of lifecycleFields(r)) {
    const state = record[name];
    const hint = typeof state === 'string' ? field.transitions.locked?.[state] : undefined;
    if (hint !== undefined) return { name, field, state: state as string, hint };
  }
  return null;
}

/** Whether the record's form may be edited at all: neither final nor locked. */
export const isEditable = (r: Pick<Resource, 'fields'>, record: Record<string, unknown>) => !finalState(r, record) && !lockedState(r, record);

/**
 * The declaration a form of this record edits: as declared while it is editable; in a locked
 * state only its lifecycle field and the fields a move requires (a void reason) stay writable;
 * in a final state none. So a form never offers an input the server would refuse.
 */
export function editableView<R extends Pick<Resource, 'fields'>>(r: R, record: Record<string, unknown>): R {
  if (isEditable(r, record)) return r;
  const final = finalState(r, record);
  const keep = new Set<string>();
  if (!final) {
    for (const [name, field] of lifecycleFields(r)) {
      keep.add(name);
      for (const needs of Object.values(field.transitions.requires ?? {})) Object.keys(needs).forEach((n) => keep.add(n));
    }
  }
  const fields = Object.fromEntries(Object.entries(r.fields).map(([n, f]) => [n, keep.has(n) ? f : { ...f, readOnly: true }]));
  return { ...r, fields };
}

/** "A void ticket cannot be changed.", "An active contract cannot be deleted." */
export function finalMessage(r: Pick<Resource, 'label'>, f: ChoiceField, state: string, verb: 'changed' | 'deleted') {
  const words = `${stateLabel(f, state).toLowerCase()} ${r.label.toLowerCase()}`;
  return `${/^[aeiou]/.test(words) ? 'An' : 'A'} ${words} cannot be ${verb}.`;
}

/**
 * Why this record may not be deleted under its lifecycle, or null when it may: a final record stays
 * for the audit, and a record past its deletable states is voided instead ("void, never delete").
 */
export function deleteRefusal(r: Pick<Resource, 'fields' | 'label'>, record: Record<string, unknown>): string | null {
  const final = finalState(r, record);
  if (final) return finalMessage(r, final.field, final.state, 'deleted');
  for (const [name, field] of lifecycleFields(r)) {
    const state = record[name];
    const { deletable, final: ends, instead } = field.transitions;
    if (!deletable || typeof state !== 'string' || deletable.includes(state)) continue;
    const end = ends?.[0];
    const hint = instead ?? (end ? `${stateLabel(field, end).replace(/^./, (c) => c.toUpperCase())} it instead.` : '');
    return `${finalMessage(r, field, state, 'deleted')}${hint ? ` ${hint}` : ''}`;
  }
  return null;
}

/** Why a move is not part of the lifecycle, or null when it is (a record staying where it is always is). */
export function moveError(f: ChoiceField, from: unknown, to: unknown): string | null {
  const t = f.transitions!;
  if (from === to) return null;
  if (from === null || from === undefined) return t.initial.includes(String(to)) ? null : `A new record cannot start as ${stateLabel(f, to)}.`;
  const allowed = t.moves[String(from)] ?? [];
  if (allowed.includes(String(to))) return null;
  const options = allowed.map((v) => stateLabel(f, v)).join(', ');
  return `Cannot change from ${stateLabel(f, from)} to ${stateLabel(f, to)}. ${options ? `Allowed: ${options}.` : `${stateLabel(f, from)} is final.`}`;
}

/**
 * Whether the user holds what moving this field (into `to`, when given) needs: `change_<model>`,
 * the lifecycle's own codename, and the codename of a move into that state.
 */
export function mayMove(p: AccessProfile | null | undefined, r: Pick<Resource, 'perms'>, f: ChoiceField, to?: string): boolean {
  const t = f.transitions;
  const into = to === undefined ? undefined : t?.codenames?.[to];
  const needed = [codename(r, 'change'), ...(t?.permission ? [t.permission] : []), ...(into ? [into] : [])];
  return hasPermissions(p, { [contentType(r)]: needed });
}

const blank = (v: unknown) => (typeof v === 'string' ? !v.trim() : isEmpty(v));

/** The fields a move into `to` needs filled that `values` (the record as it will be) leaves blank, with their messages. */
export function missingForMove(f: ChoiceField, to: unknown, values: Record<string, unknown>): Record<string, string> {
  const needed = f.transitions?.requires?.[String(to)] ?? {};
  return Object.fromEntries(Object.entries(needed).filter(([name]) => blank(values[name])));
}

export interface AllowedMove { value: string; label: string; requires: string[] }

/** Per lifecycle field, the moves this user may make on this record (none from a final state). */
export function allowedMoves(p: AccessProfile | null | undefined, r: Pick<Resource, 'fields' | 'perms'>, record: Record<string, unknown>): Record<string, AllowedMove[]> {
  const out: Record<string, AllowedMove[]> = {};
  const final = finalState(r, record);
  for (const [name, f] of lifecycleFields(r)) {
    const from = record[name];
    const targets = final || typeof from !== 'string' ? [] : (f.transitions.moves[from] ?? []).filter((to) => mayMove(p, r, f, to));
    out[name] = targets.map((to) => ({ value: to, label: stateLabel(f, to), requires: Object.keys(f.transitions.requires?.[to] ?? {}) }));
  }
  return out;
}
