/**
 * Keyset cursors of paged lists (docs/api.md, Cursors). A page read by OFFSET costs the rows
 * before it: 10,000,000 car events newest first took 7.7 ms at page 1 and 5.6 s at the last page
 * (docs/trace.md, Scale). A cursor is instead the position of a row in the list's ordering, the
 * values of its ordering columns with the id that breaks ties, and the page is the rows after
 * (or before) it: an index read from that position, as fast at the millionth page as at the first,
 * and no row skipped or repeated when rows are written between two pages.
 *
 * The token is opaque to clients: base64url of `{o, k, d}`, the ordering keys (`-event_time`,
 * `id`), their values as PostgreSQL writes them in JSON (`to_json(col) #>> '{}'`: exact, a
 * time with its microseconds and offset) and `p` for a page read backwards (`previous`). It is
 * not signed: any position is a legitimate place to start, and the rows are always narrowed to
 * the caller's own (tenancy) first, so a made-up position shows nothing a page number would not.
 */
import { type SQL, and, asc, desc, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { textProblem } from './storable-text';

/** How a key's values are written and checked: by the kind of its field. */
export type KeyKind = 'integer' | 'decimal' | 'datetime' | 'date' | 'boolean' | 'text' | 'uuid';

/** One ordering column of a keyset: its SQL, direction, whether it can be null and its type for a cast. */
export interface KeyColumn {
  name: string;
  desc: boolean;
  kind: KeyKind;
  column: SQL | PgColumn;
  notNull: boolean;
  /** The column's SQL type (`timestamp with time zone`), what a cursor's text value is cast to. */
  sqlType: string;
}

export interface Cursor {
  /** One value per key, as text; null where the row had none. */
  values: (string | null)[];
  /** A `previous` page: the rows before the position, read backwards. */
  back: boolean;
}

/** Longest cursor accepted: a few ordering values and an id, with room to spare. */
export const MAX_CURSOR_LENGTH = 4096;

export const keyName = (k: Pick<KeyColumn, 'name' | 'desc'>) => `${k.desc ? '-' : ''}${k.name}`;

export function encodeCursor(keys: Pick<KeyColumn, 'name' | 'desc'>[], values: (string | null)[], back: boolean): string {
  const body = back ? { o: keys.map(keyName), k: values, d: 'p' } : { o: keys.map(keyName), k: values };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d{2}(:[0-5]\d(:[0-5]\d)?)?)$/;
/** A calendar day that exists (JavaScript would read 2025-02-30 as 2 March). */
const realDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))
  && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INFINITE = /^-?infinity$/;

/** Why `value` cannot be a value of a key of this kind, or undefined when it can. */
export function keyValueProblem(kind: KeyKind, value: string): string | undefined {
  switch (kind) {
    case 'integer': return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_647 ? undefined : 'not an integer';
    case 'decimal': return /^-?\d{1,40}(\.\d{1,40})?$/.test(value) || value === 'NaN' ? undefined : 'not a number';
    case 'datetime': return INFINITE.test(value) || realDay(ISO_TIME.exec(value)?.[1] ?? '') ? undefined : 'not a time';
    case 'date': return INFINITE.test(value) || realDay(value) ? undefined : 'not a date';
    case 'boolean': return value === 'true' || value === 'false' ? undefined : 'not true or false';
    case 'uuid': return UUID.test(value) ? undefined : 'not a UUID';
    case 'text': return textProblem(value);
  }
}

/**
 * The cursor in `raw` for a list ordered by `keys`, or the reason it is refused (a string): not a
 * cursor, made for another ordering, or a value its key cannot hold.
 */
export function decodeCursor(raw: string, keys: Pick<KeyColumn, 'name' | 'desc' | 'kind' | 'notNull'>[]): Cursor | string {
  const invalid = 'Invalid cursor.';
  if (!raw || raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) return invalid;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return invalid;
  const { o, k, d, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length || !Array.isArray(o) || !Array.isArray(k) || (d !== undefined && d !== 'p')) return invalid;
  if (!o.every((x) => typeof x === 'string') || o.length !== k.length) return invalid;
  if (o.join() !== keys.map(keyName).join()) return 'This cursor belongs to another ordering: follow the links of a list in its own ordering.';
  for (const [i, v] of k.entries()) {
    if (v === null && !keys[i].notNull) continue;
    if (typeof v !== 'string') return invalid;
    if (keyValueProblem(keys[i].kind, v)) return invalid;
  }
  return { values: k as (string | null)[], back: d === 'p' };
}

/** A key's cursor value as SQL: a text parameter cast to the column's type. */
const valueOf = (k: KeyColumn, v: string) => (k.kind === 'text' ? sql`${v}` : sql`cast(${v} as ${sql.raw(k.sqlType)})`);
const col = (k: KeyColumn) => k.column;

/**
 * The rows after the position `values` in the order of `keys` (before it with `back`), in
 * PostgreSQL's own order: ascending puts nulls last, descending first. Compared key by key: a
 * row comes after when its first differing key does. The first key's bound is also stated on its
 * own (`event_time <= $1`) so PostgreSQL starts its index scan at the position instead of at the
 * list's head.
 */
export function keysetCondition(keys: KeyColumn[], values: (string | null)[], back: boolean): SQL {
  // Ascending: "after" is greater; descending, or reading backwards, it is less (both: greater).
  const greater = (k: KeyColumn) => k.desc === back;
  const beyond = (i: number): SQL | undefined => {
    const k = keys[i];
    const v = values[i];
    const up = greater(k);
    // Nulls sort last ascending, first descending: reading upwards (ascending, or descending
    // backwards) the nulls are past every value, and nothing is past a null.
    const nullsPast = up;
    if (v === null) return nullsPast ? sql`false` : isNotNull(col(k));
    const strict = up ? sql`${col(k)} > ${valueOf(k, v)}` : sql`${col(k)} < ${valueOf(k, v)}`;
    return nullsPast && !k.notNull ? or(strict, isNull(col(k))) : strict;
  };
  const same = (i: number) => (values[i] === null ? isNull(col(keys[i])) : sql`${col(keys[i])} = ${valueOf(keys[i], values[i]!)}`);
  const after = (i: number): SQL | undefined => (i === keys.length - 1 ? beyond(i) : or(beyond(i), and(same(i), after(i + 1))));
  const condition = after(0)!;
  const [k, v] = [keys[0], values[0]];
  if (keys.length < 2 || v === null || !k.notNull) return condition;
  const bound = greater(k) ? sql`${col(k)} >= ${valueOf(k, v)}` : sql`${col(k)} <= ${valueOf(k, v)}`;
  return and(bound, condition)!;
}

/**
 * A key's value as the cursor carries it, from the value the driver gave for its column, or
 * undefined when that value is not exact: PostgreSQL's driver gives times as PostgreSQL writes
 * them (`2026-03-08 05:00:00.123456+00`), PGlite gives a JavaScript Date, without microseconds
 * (then `keyText` reads it again).
 */
export function keyValueText(k: Pick<KeyColumn, 'kind'>, raw: unknown): string | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'boolean') return String(raw);
  // A date is a day: PGlite reads it as midnight UTC, exactly.
  if (raw instanceof Date && k.kind === 'date') return raw.toISOString().slice(0, 10);
  return undefined;
}

/** A key's value as PostgreSQL writes it in JSON: exact on every driver (a time with its microseconds). */
export const keyText = (k: KeyColumn) => sql`to_json(${col(k)}) #>> '{}'`;

/** The list's order by its keys, or its reverse for a page read backwards (which is then turned round). */
export const keysetOrder = (keys: KeyColumn[], back: boolean): SQL[] => keys.map((k) => (k.desc === back ? asc(col(k)) : desc(col(k))));

/** PostgreSQL refused a value of the statement (class 22, data exception): a cursor whose value its column cannot hold. */
export function isDataException(e: unknown): boolean {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (typeof x.code === 'string' && x.code.startsWith('22')) return true;
  return false;
}
