/**
 * What a write case needs to know about a resource, read from its declaration: which field an update
 * changes, which values a copy must be given to be a new record, and the way into a final state.
 */
import type { Resource } from '../../../src/resources/define';
import type { Field } from '../../../src/resources/fields';
import { lifecycleFields } from '../../../src/lib/lifecycle';
import type { Actor } from './world';
import { type Records, type Row, plainValue, writableBy } from './records';
import { CLONE_CHANGES } from './exceptions';

/** Kinds an update case may change, most harmless first; references and choices when nothing plainer is there. */
const EDITABLE_KINDS = ['longtext', 'text', 'date', 'integer', 'decimal', 'boolean', 'ref', 'choice'] as const;

export const uniqueKeys = (r: Resource): string[][] =>
  [...r.unique, ...Object.keys(r.fields).filter((n) => r.fields[n].unique).map((n) => [n])];

const inUniqueKey = (r: Resource, name: string) => uniqueKeys(r).some((key) => key.includes(name));

/** Fields a lifecycle move needs filled (the why of a move): the update case leaves them to the lifecycle case. */
const movesNeed = (r: Resource) => new Set(lifecycleFields(r).flatMap(([, f]) => Object.values(f.transitions.requires ?? {}).flatMap((x) => Object.keys(x))));

/**
 * The field an update case changes for this actor: a plain value, preferably in no unique key.
 * With `readOnlyToo`, read-only fields are candidates as well: the field a PATCH that must be
 * refused names on a record no client writes (FIXED_ROWS `changedBy`).
 */
export function editableField(r: Resource, as: Pick<Actor, 'staff'>, readOnlyToo = false): [string, Field] | undefined {
  const needed = movesNeed(r);
  const candidates = Object.entries(r.fields).filter(([name, f]) =>
    (writableBy(f, name, as) || (readOnlyToo && name !== 'company' && !f.computed)) && (EDITABLE_KINDS as readonly string[]).includes(f.kind) && !needed.has(name)
    && !(f.kind === 'text' && f.check) && !(f.kind === 'choice' && (f.transitions || f.choices.length < 2)));
  const rank = ([name, f]: [string, Field]) => (inUniqueKey(r, name) ? 100 : 0) + EDITABLE_KINDS.indexOf(f.kind as (typeof EDITABLE_KINDS)[number]);
  return candidates.sort((a, b) => rank(a) - rank(b))[0];
}

/** A new value for the field, different from the current one (a reference points to a new record of the actor's company). */
export async function changedValue(name: string, f: Field, current: unknown, as: Actor, rec: Records): Promise<unknown> {
  if (f.kind === 'boolean') return !current;
  if (f.kind === 'choice') return f.choices.map(([v]) => v).find((v) => v !== current);
  if (f.kind === 'ref' || f.kind === 'refs' || f.kind === 'file') return rec.value(name, f, as);
  for (let i = 0; i < 50; i++) {
    const v = plainValue(f, rec.next());
    if (v !== current && String(v) !== String(current)) return v;
  }
  throw new Error(`no value of ${name} differs from ${String(current)}`);
}

/** Rows of the resource are unique per company alone: a company holds at most one (its settings). */
export const onePerCompany = (r: Resource) => r.unique.some((key) => key.length === 1 && key[0] === 'company');

/** A copy starts without these: the server's own values, passwords, the lifecycle, and fields marked not to copy. */
const copies = (name: string, f: Field) =>
  !(f.readOnly || f.computed || f.kind === 'password' || name === 'company' || f.copy === false || (f.kind === 'choice' && f.transitions));

function takes(f: Field, v: string): boolean {
  if (f.kind === 'longtext') return true;
  if (f.kind !== 'text') return false;
  return v.length <= f.max && !(f.pattern && !new RegExp(`^(?:${f.pattern.source})$`).test(v)) && !f.check?.(v);
}

/**
 * The body a copy of `source` is made from (docs/api.md: body values override copied ones): every
 * copied value; a unique key the copy does not already change (a value left out, or one given)
 * gets " (copy)" on its text values where the field takes that, and loses an email.
 */
export function expectedCopy(r: Resource, source: Row, overrides: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(r.fields)) if (copies(name, f) && source[name] !== null && source[name] !== undefined) body[name] = source[name];
  for (const key of uniqueKeys(r)) {
    const members = key.filter((n) => n !== 'company');
    if (!members.length || members.some((n) => !(n in body) || n in overrides)) continue;
    for (const name of members) {
      const f = r.fields[name];
      const v = body[name];
      if (typeof v !== 'string' || (f.kind !== 'text' && f.kind !== 'longtext')) continue;
      if (f.kind === 'text' && f.format === 'email') { delete body[name]; continue; }
      const copy = `${v} (copy)`.slice(0, f.kind === 'text' ? f.max : undefined);
      if (copy !== v && takes(f, copy)) body[name] = copy;
    }
  }
  return { ...body, ...overrides };
}

/**
 * What a client must give for a copy of `source` to be a valid new record: a required value the copy
 * does not carry, and a new value on one member of a unique key the copy would otherwise repeat
 * (references, numbers, choices and codes that take no " (copy)").
 */
export async function cloneOverrides(r: Resource, source: Row, as: Actor, rec: Records): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const change = CLONE_CHANGES[r.name]?.field;
  if (change) out[change] = await changedValue(change, r.fields[change], source[change], as, rec);
  for (let round = 0; round < 10; round++) {
    const body = expectedCopy(r, source, out);
    const missing = Object.entries(r.fields).find(([name, f]) => f.required && f.default === undefined && writableBy(f, name, as) && !(name in body));
    if (missing) { out[missing[0]] = await changedValue(missing[0], missing[1], source[missing[0]], as, rec); continue; }
    const repeated = uniqueKeys(r).map((key) => key.filter((n) => n !== 'company'))
      .find((members) => members.length && members.every((n) => body[n] !== undefined && body[n] !== null && String(body[n]) === String(source[n])));
    if (!repeated) return out;
    const pick = repeated.find((n) => writableBy(r.fields[n], n, as));
    if (!pick) throw new Error(`${r.name}: a copy cannot differ on ${repeated.join(', ')}`);
    out[pick] = await changedValue(pick, r.fields[pick], source[pick], as, rec);
  }
  throw new Error(`${r.name}: no valid copy found`);
}

/**
 * The states from `from` to the nearest final state of a lifecycle field (moves as declared), or
 * undefined; with `reachable`, only through the states it allows (those an action moves into).
 */
export function pathToFinal(r: Resource, field: string, from: string, reachable: (state: string) => boolean = () => true): string[] | undefined {
  const f = lifecycleFields(r).find(([n]) => n === field)?.[1];
  const final = new Set(f?.transitions.final ?? []);
  if (!f || !final.size) return undefined;
  const prev = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (final.has(at)) {
      const path: string[] = [];
      for (let x: string | null = at; x !== null && x !== from; x = prev.get(x) ?? null) path.unshift(x);
      return path;
    }
    for (const to of f.transitions.moves[at] ?? []) if (!prev.has(to) && reachable(to)) { prev.set(to, at); queue.push(to); }
  }
  return undefined;
}
