/**
 * A company's additional fields on the records of a declared resource (docs/audit.md, Additional
 * fields), as the engine reads and writes them: the definitions of the caller's company, the values
 * of a page of records, and a record's values written with the record (its create or update body's
 * `additional_fields`), checked like declared fields and in the record's transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { additionalField } from '../../src/resources/accounts/additional-field';
import { ADDITIONAL, type AdditionalDef, additionalColumn, checkAdditionalValue, takesAdditionalFields } from '../../src/resources/additional-values';
import type { Database, Db } from '../db/connection';
import type { Subscription } from '../db/notifications';
import { tableOf } from '../db/tables';
import { additionalValue } from '../db/internal-tables';
import { recordChanges } from '../audit/direct-entry';
import type { Ctx } from './context';
import { ErrorBag, type FieldErrors, HttpError, badRequest } from './errors';
import type { Row } from './serialize';

export type AdditionalValues = Record<string, string | boolean>;
export type Definition = AdditionalDef & { id: number; help: string };

const defs = tableOf(additionalField);

/** The resource keeps additional fields for this caller: one of a company's own rows, and he works for a company. */
export const keepsAdditional = (ctx: Ctx, r: Resource) => ctx.user.companyId !== null && takesAdditionalFields(r);

/**
 * Definitions are read once per company and kept (per database: a process may serve several), so a
 * record of a company without fields on its resource costs no statement more than before. Any
 * change of them, from any process, drops them at commit (`watchDefinitions`); the additional
 * fields' own writes drop them at once too, and the TTL bounds a notification lost with its connection.
 */
const TTL_MS = 30_000;
type Kept = { at: number; byModel: Map<string, Definition[]> };
let kept = new WeakMap<Db, Map<number, Kept>>();

export function forgetDefinitions() {
  kept = new WeakMap();
}

export function watchDefinitions(database: Database): Subscription {
  return database.subscribe('additional_fields_changed', { message: forgetDefinitions, reset: forgetDefinitions });
}

/** The company's enabled definitions for a resource, in their order. */
export async function definitionsOf(db: Db, companyId: number, model: string): Promise<Definition[]> {
  let companies = kept.get(db);
  if (!companies) kept.set(db, (companies = new Map()));
  let hit = companies.get(companyId);
  if (!hit || Date.now() - hit.at >= TTL_MS) {
    const rows = await db.select().from(defs)
      .where(and(eq(defs.company, companyId), eq(defs.enabled, true)))
      .orderBy(asc(defs.position), asc(defs.label), asc(defs.id));
    const byModel = new Map<string, Definition[]>();
    for (const d of rows) {
      const list = byModel.get(String(d.model)) ?? [];
      list.push({
        id: d.id as number, name: String(d.name), label: String(d.label), kind: d.kind as AdditionalDef['kind'],
        required: Boolean(d.required), choices: (d.choices as string[] | null) ?? [], help: (d.help as string | null) ?? '',
      });
      byModel.set(String(d.model), list);
    }
    // Into the map taken before the read: a change meanwhile has replaced it, so this read is dropped with it.
    companies.set(companyId, (hit = { at: Date.now(), byModel }));
  }
  return hit.byModel.get(model) ?? [];
}

/** The company's values of each record (by id as text); a record without any is absent. */
export async function valuesOf(db: Db, companyId: number, model: string, ids: string[], lock = false): Promise<Map<string, AdditionalValues>> {
  if (!ids.length) return new Map();
  const q = db.select({ id: additionalValue.object_id, values: additionalValue.values }).from(additionalValue)
    .where(and(eq(additionalValue.company_id, companyId), eq(additionalValue.model, model), ids.length === 1 ? eq(additionalValue.object_id, ids[0]) : inArray(additionalValue.object_id, ids)));
  const rows = await (lock ? q.for('update') : q);
  return new Map(rows.map((x) => [x.id, x.values as AdditionalValues]));
}

/**
 * Each row gets `additional_fields`: the caller's company's values of its fields in use (`{}` when
 * none; a disabled field's values stay stored, unseen). Rows of other resources are left alone.
 */
export async function attachAdditional(db: Db, ctx: Ctx, r: Resource, rows: Row[]): Promise<void> {
  if (!keepsAdditional(ctx, r) || !rows.length) return;
  const list = await definitionsOf(db, ctx.user.companyId!, r.name);
  const found = list.length ? await valuesOf(db, ctx.user.companyId!, r.name, rows.map((x) => String(x.id))) : new Map<string, AdditionalValues>();
  for (const row of rows) {
    const values = found.get(String(row.id));
    row[ADDITIONAL] = values ? Object.fromEntries(list.filter((d) => Object.hasOwn(values, d.name)).map((d) => [d.name, values[d.name]])) : {};
  }
}

/** `additional_fields=1` on a list: each row carries its values (a record's own answer always does). */
export const wantsAdditional = (q: Record<string, unknown>) => ['1', 'true'].includes(String(q[ADDITIONAL] ?? ''));

/**
 * Checks the given values against the definitions: a message per key under `<prefix>.<key>`, a key
 * of no field in use refused. On a create, `required` asks every required field for a value.
 */
export function checkValues(list: AdditionalDef[], given: Record<string, unknown>, o: { prefix: string; required: boolean }): { values: Record<string, string | boolean | null>; errors: FieldErrors } {
  const errors = new ErrorBag();
  const values: Record<string, string | boolean | null> = {};
  for (const [key, raw] of Object.entries(given)) {
    const def = list.find((d) => d.name === key);
    if (!def) { errors.add(`${o.prefix}.${key}`, 'No such additional field on this resource.'); continue; }
    const checked = checkAdditionalValue(def, raw);
    if ('error' in checked) errors.add(`${o.prefix}.${key}`, checked.error);
    else values[key] = checked.value;
  }
  if (o.required) for (const d of list) if (d.required && !Object.hasOwn(given, d.name)) errors.add(`${o.prefix}.${d.name}`, 'This field is required.');
  return { values, errors: errors.errors };
}

/** A body's `additional_fields` taken out of it (the rest is the record's own fields). */
export function splitBody(r: Resource, body: unknown): { body: unknown; given?: Record<string, unknown>; errors: FieldErrors } {
  if (!takesAdditionalFields(r) || body === null || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, ADDITIONAL)) return { body, errors: {} };
  const { [ADDITIONAL]: given, ...rest } = body as Record<string, unknown>;
  if (given === null || given === undefined) return { body: rest, errors: {} };
  if (typeof given !== 'object' || Array.isArray(given)) return { body: rest, errors: { [ADDITIONAL]: ['Expected an object of {key: value}.'] } };
  return { body: rest, given: given as Record<string, unknown>, errors: {} };
}

/** What a create or update will write of the additional fields, checked before anything is written. */
export interface PendingAdditional { companyId: number | null; values: Record<string, string | boolean | null>; errors: FieldErrors }

/**
 * What a create or update body asks of the additional fields, checked against the definitions. A
 * create made through the generic create (the screen's form, the API) asks each required field for
 * a value; one an area's action makes does not (a ticket from a scale has nobody to ask).
 */
export async function pendingAdditional(db: Db, ctx: Ctx, r: Resource, body: unknown, o: { required: boolean }): Promise<{ body: unknown; pending?: PendingAdditional }> {
  const split = splitBody(r, body);
  const keeps = keepsAdditional(ctx, r);
  if (!split.given && !Object.keys(split.errors).length && !(o.required && keeps)) return { body: split.body };
  const given = split.given ?? {};
  if (!keeps) {
    const errors = Object.keys(given).length ? { ...split.errors, [ADDITIONAL]: ['Only a company\'s users keep additional fields.'] } : split.errors;
    return { body: split.body, pending: { companyId: null, values: {}, errors } };
  }
  const companyId = ctx.user.companyId!;
  const list = await definitionsOf(db, companyId, r.name);
  const checked = checkValues(list, given, { prefix: ADDITIONAL, required: o.required });
  return { body: split.body, pending: { companyId, values: checked.values, errors: { ...split.errors, ...checked.errors } } };
}

/** The record's own 400 and the additional fields' messages as one answer, so the form shows them together. */
export function withAdditionalErrors(e: unknown, p: PendingAdditional | undefined): unknown {
  if (!p || !Object.keys(p.errors).length || !(e instanceof HttpError) || e.status !== 400) return e;
  return badRequest({ ...(e.body as FieldErrors), ...p.errors });
}

/** Refuses the values' messages when the record's own fields passed. */
export function throwAdditionalErrors(p: PendingAdditional | undefined) {
  if (p && Object.keys(p.errors).length) throw badRequest(p.errors);
}

/**
 * Writes the checked values in the record's transaction, after the record itself: its stored
 * values locked, the given keys set or cleared, the change recorded on the record.
 */
export async function writeAdditional(tx: Db, r: Resource, p: PendingAdditional | undefined, record: Record<string, unknown>, via: string): Promise<void> {
  if (!p || p.companyId === null || !Object.keys(p.values).length) return;
  const id = String(record.id);
  const stored = (await valuesOf(tx, p.companyId, r.name, [id], true)).get(id) ?? {};
  await storeValues(tx, p.companyId, r.name, id, (record.company as number | null) ?? p.companyId, stored, p.values, via);
}

/** Sets (or with null clears) the given keys of one record's values and records what changed; answers the values after. */
export async function storeValues(tx: Db, companyId: number, model: string, id: string, recordCompany: number, before: AdditionalValues, given: Record<string, string | boolean | null>, via: string): Promise<AdditionalValues> {
  const after: AdditionalValues = { ...before };
  for (const [k, v] of Object.entries(given)) { if (v === null) delete after[k]; else after[k] = v; }
  const changes = Object.fromEntries(Object.keys(given).filter((k) => before[k] !== after[k]).map((k) => [additionalColumn(k), [before[k] ?? null, after[k] ?? null] as [unknown, unknown]]));
  if (!Object.keys(changes).length) return after;
  await tx.insert(additionalValue).values({ company_id: companyId, model, object_id: id, values: after })
    .onConflictDoUpdate({ target: [additionalValue.company_id, additionalValue.model, additionalValue.object_id], set: { values: after, updated_at: new Date() } });
  await recordChanges(tx, [{ company: recordCompany, model, objectId: id, changes }], via);
  return after;
}
