/**
 * The fleet's bulk calls (docs/fleet.md, Bulk changes), also under their older name `railcar/`:
 * - `GET car/list/ ?query=` the cars whose `MARK NUMBER` begins with the query (a picker's answer);
 * - `POST car/bulk_create/ {cars, status}` adds cars to the fleet: each a `MARK NUMBER` string or
 *   an object of the car's fields; `status` is the fleet status of all of them;
 * - `PUT car/bulk_update/ {cars}` changes cars: each `{id, version?, ...fields}`.
 * Both are all or nothing: every car goes through the single create's or update's own checks in
 * one transaction (each in its own savepoint, so one car's fault does not end the others' checks),
 * and any fault answers 400 `{cars: {"<index>": {field: [messages]}}}` with nothing written.
 */
import { and, asc, ilike, or, sql } from 'drizzle-orm';
import { car, MAX_BULK_CARS } from '../../../src/resources/fleet/car';
import { parseMarkNumber } from '../../../src/lib/reporting-mark';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest, HttpError } from '../../engine/errors';
import { create, scopeOf, update } from '../../engine/operations';
import type { Db } from '../../db/connection';

export const LIST_LIMIT = 50;

type CarErrors = Record<string, Record<string, string[]>>;

/** The `cars` of a bulk call as a list, or a 400 on `cars` saying why not. */
function listOf(raw: unknown): unknown[] {
  if (!Array.isArray(raw)) throw badRequest({ cars: ['Give the cars as a list.'] });
  if (raw.length === 0) throw badRequest({ cars: ['Give at least one car.'] });
  if (raw.length > MAX_BULK_CARS) throw badRequest({ cars: [`At most ${MAX_BULK_CARS.toLocaleString('en-US')} cars at a time; this has ${raw.length.toLocaleString('en-US')}.`] });
  return raw;
}

/** A car's messages from a refused write: its field errors, or the refusal itself on `non_field_errors`. */
function messagesOf(e: HttpError): Record<string, string[]> {
  const body = e.body as Record<string, unknown>;
  const fields = Object.entries(body).filter(([, v]) => Array.isArray(v)) as [string, string[]][];
  if (fields.length) return Object.fromEntries(fields);
  return { non_field_errors: [String(body.detail ?? body.message ?? `Refused (${e.status}).`)] };
}

/**
 * Runs each car's write in one transaction and collects each car's refusal by its index; any
 * refusal rolls the whole call back. Other errors (the database gone) end it as they are.
 */
async function allOrNothing(db: Db, items: unknown[], write: (tx: Db, item: unknown, i: number) => Promise<unknown>, before: CarErrors = {}) {
  const errors: CarErrors = { ...before };
  const done: unknown[] = [];
  const Refused = class extends Error {};
  try {
    await db.transaction(async (tx) => {
      for (const [i, item] of items.entries()) {
        if (errors[i]) continue;
        try {
          done.push(await write(tx as unknown as Db, item, i));
        } catch (e) {
          if (!(e instanceof HttpError) || e.status >= 500) throw e;
          errors[i] = messagesOf(e);
        }
      }
      if (Object.keys(errors).length) throw new Refused();
    });
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
  }
  if (Object.keys(errors).length) throw new HttpError(400, { cars: errors });
  return done;
}

export const carList: ActionHandler = async ({ db, ctx, input }) => {
  const c = tableOf(car);
  const q = String(input.query ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  // `TILX 12` is a mark and the start of a number; `TILX12` is written without the space.
  const spaced = q.replace(/^([A-Z]{2,4})(\d)/, '$1 $2');
  const like = (s: string) => `${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const markNumber = sql<string>`${c.mark} || ' ' || ${c.number}::text`;
  const rows = await db.select({ id: c.id, mark: c.mark, number: c.number, mark_number: markNumber, car_type: c.car_type, fleet_status: c.fleet_status })
    .from(c).where(and(scopeOf(ctx, car), q ? or(ilike(markNumber, like(spaced)), ilike(sql`${c.number}::text`, like(q))) : undefined))
    .orderBy(asc(c.mark), asc(c.number)).limit(LIST_LIMIT);
  return rows;
};

/** A car to add: `TILX 123456`, or its fields. */
function carValues(item: unknown, status: unknown): { values?: Record<string, unknown>; error?: Record<string, string[]> } {
  if (typeof item === 'string') {
    const mn = parseMarkNumber(item);
    if (!mn) return { error: { non_field_errors: [`"${item.slice(0, 20)}" is not a car: write its mark and number, e.g. TILX 123456.`] } };
    return { values: { ...mn, fleet_status: status } };
  }
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return { error: { non_field_errors: ['A car is its mark and number ("TILX 123456") or an object of its fields.'] } };
  return { values: { ...(item as Record<string, unknown>), fleet_status: status } };
}

export const carBulkCreate: ActionHandler = async ({ db, ctx, input }) => {
  const items = listOf(input.cars);
  const prepared = items.map((item) => carValues(item, input.status ?? 'P'));
  const errors: CarErrors = {};
  // A car twice in the call is named at its second place, before any write.
  const seen = new Map<string, number>();
  prepared.forEach((p, i) => {
    if (p.error) { errors[i] = p.error; return; }
    const key = `${String(p.values!.mark ?? '').toUpperCase()} ${Number(p.values!.number)}`;
    const first = seen.get(key);
    if (first !== undefined) errors[i] = { number: [`${key} is car ${first + 1} of this list already.`] };
    else seen.set(key, i);
  });
  const made = await allOrNothing(db, items, (tx, _item, i) => create(tx, ctx, car, prepared[i].values), errors) as { id: number }[];
  return { created: made.length, ids: made.map((m) => m.id) };
};

export const carBulkUpdate: ActionHandler = async ({ db, ctx, input }) => {
  const items = listOf(input.cars);
  const errors: CarErrors = {};
  const seen = new Map<number, number>();
  items.forEach((item, i) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (item === null || typeof item !== 'object' || Array.isArray(item) || !Number.isInteger(id)) { errors[i] = { id: ['Each car is an object with its id and the fields to change.'] }; return; }
    const first = seen.get(id as number);
    if (first !== undefined) errors[i] = { id: [`Car ${String(id)} is change ${first + 1} of this list already.`] };
    else seen.set(id as number, i);
  });
  const changed = await allOrNothing(db, items, (tx, item) => {
    const { id, ...changes } = item as { id: number } & Record<string, unknown>;
    return update(tx, ctx, car, String(id), changes);
  }, errors) as { id: number; version: number }[];
  return { updated: changed.length, cars: changed.map((c) => ({ id: c.id, version: c.version })) };
};

