/**
 * The list query language (docs/api.md, Lists): page, page_size (0 = all), cursor (keyset.ts),
 * ordering (`-field`, comma list), search, and per-field filters `field=a,b` (include),
 * `field__not_in`, `__gte`, `__lte`, `__gt`, `__lt`, `__icontains`, `__isnull`. Unknown parameters
 * and bad values answer 400.
 */
import { type SQL, and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, not, notInArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Resource, sortFields } from '../../src/resources/define';
import { type Field, isFilterable, isSortable, text } from '../../src/resources/fields';
import { splitCommaList } from '../../src/lib/comma-list';
import { registry } from '../../src/resources/index';
import { ErrorBag } from './errors';
import { fieldSchema, isUuid } from './field-schemas';
import { textProblem } from './storable-text';
import { type AnyTable, joinTableOf, listIndexShapes, tableOf } from './../db/tables';
import { columnOf } from './computed';
import { type LabelScope, type RefWalkSource, refOrder } from './ref-order';
import { type Cursor, type KeyColumn, type KeyKind, decodeCursor } from './keyset';
import { type AdditionalScope, additionalCondition } from './additional-filter';
import { isAdditionalColumn } from '../../src/resources/additional-values';
import { containing } from './like-pattern';

export const MAX_PAGE_SIZE = 10_000;
export const DEFAULT_PAGE_SIZE = 25;
/**
 * Most values the include/exclude lists of one request may name together. Each value is one bound
 * parameter and PostgreSQL takes at most 65,535 per statement; no screen sends more than a few
 * hundred, so the cap is far below the limit and leaves room for the rest of the statement.
 */
export const MAX_LIST_VALUES = 10_000;
const RESERVED = new Set(['page', 'page_size', 'cursor', 'ordering', 'search', 'fields', 'labels', 'additional_fields']);
const OPS = ['not_in', 'in', 'gte', 'lte', 'gt', 'lt', 'icontains', 'isnull'] as const;
type Op = (typeof OPS)[number] | 'include';

export type Query = Record<string, string | string[] | undefined>;

export interface ListQuery {
  where: SQL | undefined;
  /** Self-contained ORDER BY terms (a reference column sorts by its records' labels, ref-order.ts). */
  orderBy: SQL[];
  /** The same order as a page reads it: `joins` (after `from <table>`) bring the label columns once. */
  pageOrder: { orderBy: SQL[]; joins?: SQL };
  /**
   * Set when the list is ordered by one reference that a list index serves (a large list): the
   * page may be read as a walk in label order (ref-walk.ts), `inner` being the order within one
   * referenced record.
   */
  walk?: { source: RefWalkSource; inner: SQL[] };
  /**
   * The ordering as keyset columns, the id last, when every term is a stored column (not a
   * reference's label nor a computed expression): a cursor can page it (keyset.ts).
   */
  keys?: KeyColumn[];
  /**
   * `cursor=`: the page after (or before) a row's position instead of at an offset; `page`, when
   * given with it, is only the number the page goes by (docs/api.md, Cursors).
   */
  cursor?: Cursor;
  /** Whether the request named its page (with a cursor, the page is otherwise of no known number). */
  pageGiven: boolean;
  /** null = every row, as a plain array. */
  pageSize: number | null;
  page: number;
  /** Answer with `{count, next, previous, results}`. */
  paged: boolean;
  /** `fields=a,b`: only these fields (plus id and version) in each row; null = all. */
  fields: string[] | null;
}

/** System columns behave like fields for filtering and ordering. */
const SYSTEM: Record<string, Field> = {
  version: { kind: 'integer' },
  created_at: { kind: 'datetime' },
  updated_at: { kind: 'datetime' },
};

export function fieldFor(r: Resource, name: string): Field | undefined {
  if (name === 'id') return r.idKind === 'uuid' ? text({ max: 36 }) : { kind: 'integer', min: 1 };
  // Own keys only: `?constructor=x` names no field.
  return Object.hasOwn(r.fields, name) ? r.fields[name] : Object.hasOwn(SYSTEM, name) ? SYSTEM[name] : undefined;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Parse one filter value with the field's own rules (so `price=abc` is a 400, not a SQL error). */
function parseValue(r: Resource, name: string, f: Field, raw: string, errors: ErrorBag, key: string): unknown {
  if (name === 'id' && r.idKind === 'uuid') {
    if (!isUuid(raw)) errors.add(key, `"${raw}" is not a valid UUID.`);
    return raw.toLowerCase();
  }
  let schemaField: Field = f;
  if (f.kind === 'refs') schemaField = { kind: 'ref', to: f.to, onDelete: 'cascade' };
  if (f.kind === 'tags' || f.kind === 'longtext') return raw;
  if (f.kind === 'boolean') {
    if (['true', '1', 'True'].includes(raw)) return true;
    if (['false', '0', 'False'].includes(raw)) return false;
    errors.add(key, `"${raw}" is not a valid boolean.`);
    return raw;
  }
  // A filter value need not pass the field's input pattern; a value stored upper-case is looked for upper-case.
  if (f.kind === 'text') return f.upper ? raw.toUpperCase() : raw;
  const target = schemaField.kind === 'ref' ? registry.get(schemaField.to) : undefined;
  const res = fieldSchema(schemaField, target?.idKind === 'uuid').safeParse(raw);
  if (!res.success) errors.add(key, `"${raw}": ${res.error.issues[0].message}`);
  return res.success ? res.data : raw;
}

function filterCondition(r: Resource, t: AnyTable, name: string, f: Field, op: Op, raw: string, errors: ErrorBag, key: string, budget: { left: number }): SQL | undefined {
  const col = name === 'id' ? t.id as PgColumn : columnOf(r, name, t);
  if (op === 'isnull') {
    if (!['true', 'false', '1', '0'].includes(raw)) { errors.add(key, 'Use true or false.'); return; }
    const wantNull = raw === 'true' || raw === '1';
    if (f.kind === 'refs') {
      const j = joinTableOf(r, name);
      const has = sql`exists (select 1 from ${j} where ${j.owner_id} = ${t.id})`;
      return wantNull ? not(has) : has;
    }
    if (f.kind === 'tags') {
      // An empty list is "no value" for a tag list.
      const empty = sql`coalesce(cardinality(${col}), 0) = 0`;
      return wantNull ? empty : not(empty);
    }
    return wantNull ? isNull(col) : sql`${col} is not null`;
  }
  if (op === 'icontains') {
    if (!['text', 'longtext', 'choice'].includes(f.kind)) { errors.add(key, 'Contains filters apply to text fields only.'); return; }
    // A UUID id is searched as its text (there is no ilike on uuid).
    return ilike(name === 'id' && r.idKind === 'uuid' ? sql`${col}::text` : col, containing(raw));
  }
  if (['gte', 'lte', 'gt', 'lt'].includes(op)) {
    if (!['integer', 'decimal', 'date', 'datetime', 'text', 'choice'].includes(f.kind) && name !== 'id') { errors.add(key, 'Range filters apply to numbers, dates and text.'); return; }
    const v = parseValue(r, name, f, raw, errors, key);
    return ({ gte, lte, gt, lt } as const)[op as 'gte'](col, v);
  }
  // include / exclude lists
  const raws = splitCommaList(raw);
  budget.left -= raws.length;
  if (budget.left < 0) { errors.add(key, `Ensure the filter lists of one request name no more than ${MAX_LIST_VALUES} values in all.`); return; }
  const wantsEmpty = raws.includes('');
  const values = raws.filter((v) => v !== '').map((v) => parseValue(r, name, f, v, errors, key));
  let match: SQL | undefined;
  if (f.kind === 'refs') {
    const j = joinTableOf(r, name);
    const parts: SQL[] = [];
    if (values.length) parts.push(sql`exists (select 1 from ${j} where ${j.owner_id} = ${t.id} and ${inArray(j.target_id, values)})`);
    if (wantsEmpty) parts.push(not(sql`exists (select 1 from ${j} where ${j.owner_id} = ${t.id})`));
    match = or(...parts);
  } else if (f.kind === 'tags') {
    const parts: SQL[] = [];
    if (values.length) parts.push(sql`${col} && ${sql.param(values)}::text[]`);
    if (wantsEmpty) parts.push(sql`coalesce(cardinality(${col}), 0) = 0`);
    match = or(...parts);
  } else {
    const parts: SQL[] = [];
    if (values.length) parts.push(values.length === 1 ? eq(col, values[0]) : inArray(col, values));
    if (wantsEmpty) parts.push(f.kind === 'text' || f.kind === 'longtext' ? or(isNull(col), eq(col, ''))! : isNull(col));
    match = or(...parts);
  }
  if (!match) return;
  if (op === 'not_in') {
    // Excluding values keeps the rows that have no value at all.
    if (f.kind === 'refs' || f.kind === 'tags' || wantsEmpty) return not(match);
    return or(isNull(col), values.length === 1 ? sql`${col} <> ${values[0]}` : notInArray(col, values));
  }
  return match;
}

/** Rows where the term occurs in one of the resource's search fields (computed ones included). */
export function searchMatch(r: Resource, t: AnyTable, term: string): SQL {
  const pattern = containing(term);
  return or(...r.list.search.map((n) => ilike(columnOf(r, n, t), pattern)))!;
}

/** How a cursor writes a value of this field, or undefined when the field cannot be a key. */
function keyKindOf(r: Resource, name: string): KeyKind | undefined {
  if (name === 'id') return r.idKind === 'uuid' ? 'uuid' : 'integer';
  const f = fieldFor(r, name);
  if (!f || f.computed) return undefined;
  switch (f.kind) {
    case 'integer': return 'integer';
    case 'decimal': return 'decimal';
    case 'datetime': return 'datetime';
    case 'date': return 'date';
    case 'boolean': return 'boolean';
    case 'text': case 'longtext': case 'choice': return 'text';
    case 'file': return 'uuid';
    case 'ref': return registry.get(f.to)?.idKind === 'uuid' ? 'uuid' : 'integer';
    default: return undefined;
  }
}

/** The keyset column of one stored field (or system column) of the ordering, or undefined when it has none. */
function keyColumn(r: Resource, t: AnyTable, name: string, desc: boolean): KeyColumn | undefined {
  const kind = keyKindOf(r, name);
  if (!kind) return undefined;
  const column = (name in r.fields ? columnOf(r, name, t) : t[name]) as PgColumn;
  // A decimal is compared as any numeric, so a cursor's value never overflows the column's precision.
  return { name, desc, kind, column, notNull: column.notNull || name === 'id', sqlType: kind === 'decimal' ? 'numeric' : column.getSQLType() };
}

/** ORDER BY for one ordering term (`name` or `-name`); a field declared with `sortBy` sorts by those fields. */
export function orderTerms(r: Resource, t: AnyTable, term: string): SQL[] {
  const dir = term.startsWith('-') ? desc : asc;
  return sortFields(r, term.replace(/^-/, '')).map((n) => dir(n in r.fields ? columnOf(r, n, t) : t[n]));
}

/**
 * A list can be walked in the label order of its reference `field` when an index holds the rows of
 * one referenced record in the list's own order: (tenant, field, default ordering...), which a
 * large list derives for each filterable list column (server/db/tables.ts `listIndexShapes`).
 */
const walks = new WeakMap<Resource, Map<string, boolean>>();
function walkable(r: Resource, field: string): boolean {
  // Declarations do not change while the server runs: worked out once per resource and field, not per request.
  let known = walks.get(r);
  if (!known) walks.set(r, (known = new Map()));
  let ok = known.get(field);
  if (ok === undefined) {
    const lead = r.tenant === 'company' ? ['company'] : [];
    const order = [...new Set(r.list.ordering.flatMap((o) => sortFields(r, o.replace(/^-/, ''))))].filter((n) => n !== field && n !== 'id');
    const want = [...lead, field, ...order].join();
    ok = listIndexShapes(r).some((s) => s.join() === want);
    known.set(field, ok);
  }
  return ok;
}

/**
 * `labelScope` says which referenced records' labels the caller may see (docs/security.md,
 * Reference labels); without it a reference column sorts by its ids. `additional` (additional-filter.ts)
 * lets the query filter on the caller's company's additional fields; without it they are unknown.
 */
export function parseListQuery(r: Resource, q: Query, extra: SQL[] = [], labelScope?: LabelScope, additional?: AdditionalScope): ListQuery {
  const t = tableOf(r);
  const errors = new ErrorBag();
  const conditions: SQL[] = [...extra];
  const budget = { left: MAX_LIST_VALUES };

  // Values come from query strings, and from JSON (the export's `filters`): anything but text is refused here.
  for (const [key, rawValue] of Object.entries(q)) {
    const problem = textProblem(key) ?? (Array.isArray(rawValue) ? rawValue : [rawValue]).map((v) => (typeof v === 'string' ? textProblem(v) : undefined)).find(Boolean);
    if (problem) { errors.add(key, problem); continue; }
    if (rawValue === null || (rawValue !== undefined && typeof one(rawValue) !== 'string')) {
      errors.add(key, rawValue === null ? 'This value may not be null.' : 'Expected a text value.');
      continue;
    }
  }
  errors.throwIfAny();

  for (const [key, rawValue] of Object.entries(q)) {
    if (RESERVED.has(key) || rawValue === undefined) continue;
    const raw = one(rawValue)!;
    const sep = key.lastIndexOf('__');
    let name = key;
    let op: Op = 'include';
    if (sep > 0 && (OPS as readonly string[]).includes(key.slice(sep + 2))) {
      name = key.slice(0, sep);
      op = key.slice(sep + 2) as Op;
      if (op === 'in') op = 'include';
    }
    // A company's own field (additional-filter.ts): read by its definition, not the declaration.
    if (isAdditionalColumn(name)) {
      budget.left -= splitCommaList(raw).length;
      if (budget.left < 0) { errors.add(key, `Ensure the filter lists of one request name no more than ${MAX_LIST_VALUES} values in all.`); continue; }
      const c = additionalCondition(r, t, additional, name, op, raw, errors, key);
      if (c) conditions.push(c);
      continue;
    }
    // A reference may be named by its column, Django's way (`?order_id=5` is `?order=5`).
    if (!fieldFor(r, name) && name.endsWith('_id') && r.fields[name.slice(0, -3)]?.kind === 'ref') name = name.slice(0, -3);
    const f = fieldFor(r, name);
    if (!f) { errors.add(key, `Unknown filter field "${name}".`); continue; }
    if (!isFilterable(f) && name !== 'id') { errors.add(key, `Filtering on "${name}" is not supported.`); continue; }
    const c = filterCondition(r, t, name, f, op, raw, errors, key, budget);
    if (c) conditions.push(c);
  }

  const search = one(q.search)?.trim();
  if (search) {
    if (!r.list.search.length) errors.add('search', 'This list has no searchable fields.');
    for (const term of search.split(/\s+/).slice(0, 10)) conditions.push(searchMatch(r, t, term));
  }

  const orderBy: SQL[] = [];
  const pageOrderBy: SQL[] = [];
  const joins: SQL[] = [];
  const ordering = one(q.ordering);
  const requested = ordering ? ordering.split(',').map((s) => s.trim()).filter(Boolean) : r.list.ordering;
  const named = (x: string) => x.replace(/^-/, '');
  // Rows of one referenced record follow the list's own order (newest tickets first within a
  // product), which is also the order its list index holds them in.
  const lastIsRef = requested.length > 0 && fieldFor(r, named(requested.at(-1)!))?.kind === 'ref';
  const terms = lastIsRef ? [...requested, ...r.list.ordering.filter((d) => !requested.some((x) => named(x) === named(d)))] : requested;
  let walkSource: RefWalkSource | undefined;
  let keys: KeyColumn[] | undefined = [];
  for (const [i, term] of terms.entries()) {
    const name = named(term);
    const f = fieldFor(r, name);
    if (!f || (!isSortable(f) && name !== 'id')) { errors.add('ordering', `Unknown ordering field "${name}".`); continue; }
    const byLabel = f.kind === 'ref' && !f.sortBy ? refOrder(r, t, name, term.startsWith('-'), labelScope) : null;
    if (byLabel) {
      keys = undefined;
      orderBy.push(...byLabel.orderBy);
      pageOrderBy.push(...byLabel.joined.orderBy);
      joins.push(byLabel.joined.join);
      if (i === 0 && requested.length === 1 && walkable(r, name)) walkSource = byLabel.walk;
    } else {
      const plain = orderTerms(r, t, term);
      orderBy.push(...plain);
      pageOrderBy.push(...plain);
      for (const n of sortFields(r, name)) {
        const k: KeyColumn | undefined = keys && keyColumn(r, t, n, term.startsWith('-'));
        keys = k ? [...keys!, k] : undefined;
      }
    }
  }
  if (!terms.some((x) => named(x) === 'id')) {
    orderBy.push(asc(t.id));
    pageOrderBy.push(asc(t.id));
    keys = keys && [...keys, keyColumn(r, t, 'id', false)!];
  }
  // The id is unique: keys after it never decide, and a cursor does not carry them.
  if (keys) keys = keys.slice(0, keys.findIndex((k) => k.name === 'id') + 1);
  const walk = walkSource && { source: walkSource, inner: terms.slice(1).flatMap((x) => orderTerms(r, t, x)).concat(terms.some((x) => named(x) === 'id') ? [] : [asc(t.id)]) };

  let pageSize: number | null = r.list.paged ? DEFAULT_PAGE_SIZE : null;
  let paged = r.list.paged;
  const ps = one(q.page_size);
  if (ps !== undefined) {
    if (!/^\d{1,9}$/.test(ps)) errors.add('page_size', 'A valid integer is required.');
    else if (Number(ps) > MAX_PAGE_SIZE) errors.add('page_size', `Ensure this value is less than or equal to ${MAX_PAGE_SIZE} (use 0 for all rows).`);
    else if (Number(ps) === 0) { pageSize = null; paged = false; }
    else { pageSize = Number(ps); paged = true; }
  }
  let page = 1;
  const p = one(q.page);
  if (p !== undefined) {
    if (!/^\d{1,9}$/.test(p) || Number(p) < 1) errors.add('page', 'A valid page number is required.');
    else {
      page = Number(p);
      // An unpaged resource asked for a page (without page_size=0) pages at the default size.
      if (pageSize === null && ps === undefined) { pageSize = DEFAULT_PAGE_SIZE; paged = true; }
    }
  }
  let cursor: Cursor | undefined;
  const rawCursor = one(q.cursor);
  if (rawCursor !== undefined) {
    const decoded = keys ? decodeCursor(rawCursor, keys) : 'This ordering is paged by page numbers only: a reference sorted by its label, or a computed field.';
    if (typeof decoded === 'string') errors.add('cursor', decoded);
    else if (ps !== undefined && Number(ps) === 0) errors.add('cursor', 'A cursor reads one page: give a page_size from 1, or leave it out.');
    else {
      cursor = decoded;
      if (pageSize === null) { pageSize = DEFAULT_PAGE_SIZE; paged = true; }
    }
  }
  let fields: string[] | null = null;
  const rawFields = one(q.fields);
  if (rawFields !== undefined) {
    fields = rawFields.split(',').map((x) => x.trim()).filter(Boolean);
    for (const name of fields) {
      if (!fieldFor(r, name) || r.fields[name]?.kind === 'password') errors.add('fields', `Unknown field "${name}".`);
    }
  }
  errors.throwIfAny();
  return {
    where: conditions.length ? and(...conditions) : undefined, orderBy,
    pageOrder: { orderBy: pageOrderBy, joins: joins.length ? sql.join(joins) : undefined },
    walk, keys, cursor, pageGiven: p !== undefined,
    pageSize, page, paged, fields,
  };
}
