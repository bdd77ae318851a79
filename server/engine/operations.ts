/**
 * HTTP-free operations on any declared resource: find, get, create, update, remove, clone.
 * They apply permission checks, tenancy, defaults, version checks and transactions; route handlers
 * and domain actions call them.
 */
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type PartnerDecl, type Resource, type Verb, codename, contentType } from '../../src/resources/define';
import { registry } from '../../src/resources/index';
import { canView, canWriteField, hasPermissions, hasResourceFeature, readsAll } from '../../src/authProvider/permissions';
import type { Db } from '../db/connection';
import { type AnyTable, joinTableOf, tableOf } from '../db/tables';
import { hashPassword } from '../auth/passwords';
import type { Ctx } from './context';
import { ErrorBag, badRequest, conflict, fieldError, forbidden, notFound, preconditionFailed } from './errors';
import { type ParsedInput, parseInput } from './input';
import { type ListQuery, type Query, parseListQuery } from './list-query';
import { translateDbError } from './db-errors';
import { type Row, serialize } from './serialize';
import { hooksOf } from './hooks';
import { checkDeletable, checkTransitions, hasLifecycle } from './transitions';
import { logTransitions } from './transition-log';
import { DEFAULT_EXACT_COUNT_LIMIT, countSql, estimateRows, resolveCount } from './list-count';
import { selectKeys, selectPage } from './select-rows';
import { type KeyColumn, encodeCursor, isDataException, keyText, keyValueText, keysetCondition, keysetOrder } from './keyset';
import { WALK_MIN_ROWS, selectWalkPage } from './ref-walk';
import { selectJsonArray } from './json-list';
import { type PlainUpdate, preparedUpdate, updateValues } from './update-statement';
import { fieldSchema, isUuid } from './field-schemas';
import { storedFile } from '../db/internal-tables';
import { fileScope } from '../files/scope';
import { columnOf } from './computed';
import { ownRowsOf } from './own-rows';
import { partnerScope, sharedRows } from './partner-scope';
import { stampCondition } from '../audit/audit-scope';
import { assertMayWriteRow, ownOrPlatform } from './platform-rows';
import { additionalScopeFor } from './additional-filter';
import { attachAdditional, pendingAdditional, throwAdditionalErrors, withAdditionalErrors, writeAdditional } from './additional';
import { ADDITIONAL } from '../../src/resources/additional-values';

export function can(ctx: Ctx, r: Resource, verb: Verb): boolean {
  if (verb === 'view') return canView(ctx.user.profile, r);
  return hasResourceFeature(ctx.user.profile, r) && hasPermissions(ctx.user.profile, { [contentType(r)]: [codename(r, verb)] });
}

/** A resource of a feature the user's company does not subscribe to is refused whatever the permissions. */
export function requireFeature(ctx: Ctx, r: Pick<Resource, 'feature'>) {
  if (!hasResourceFeature(ctx.user.profile, r)) throw forbidden(`Your company does not subscribe to the ${r.feature} feature.`);
}

export function authorize(ctx: Ctx, r: Resource, verb: Verb) {
  requireFeature(ctx, r);
  if (!can(ctx, r, verb)) throw forbidden();
}

/**
 * Rows of this resource the user may read and act on: his company's (tenancy), and of those only
 * his own where he may read only his own (docs/security.md, Own rows); undefined = no restriction.
 */
export function scopeOf(ctx: Ctx, r: Resource): SQL | undefined {
  const tenant = tenantScopeOf(ctx, r);
  if (!readsOwnOnly(ctx, r)) return tenant;
  const own = ownRowsOf(r as Resource & { own: NonNullable<Resource['own']> }, ctx.user.id);
  return tenant ? and(tenant, own) : own;
}

/** The user reads only his own rows of this resource (the prepared one-company statements do not apply). */
const readsOwnOnly = (ctx: Ctx, r: Resource) => Boolean(r.own) && (Boolean(r.own?.personal) || (!ctx.user.isSuperuser && !readsAll(ctx.user.profile, r)));

/** Rows of this resource in the user's companies (tenancy alone); undefined = no restriction. */
export function tenantScopeOf(ctx: Ctx, r: Resource): SQL | undefined {
  if (ctx.user.isSuperuser && r.partner?.sharedOnly) return sharedRows(r as Resource & { partner: PartnerDecl });
  if (ctx.user.isSuperuser || !r.tenant) return undefined;
  const t = tableOf(r);
  if (r.tenant === 'self') return ctx.user.companyIds.length ? inArray(t.id, ctx.user.companyIds) : sql`false`;
  if (ctx.user.companyId === null) return sql`false`;
  if (r.partner) return partnerScope(r as Resource & { partner: PartnerDecl }, ctx.user.companyId);
  return r.platformRows ? ownOrPlatform(t, ctx.user.companyId) : eq(t.company, ctx.user.companyId);
}

const selections = new WeakMap<Resource, Record<string, PgColumn>>();
/** Every column a client may read (never the password hash). */
export function selectionOf(r: Resource): Record<string, PgColumn> {
  let s = selections.get(r);
  if (!s) {
    const t = tableOf(r);
    s = { id: t.id, version: t.version, created_at: t.created_at, updated_at: t.updated_at };
    for (const [name, f] of Object.entries(r.fields)) if (f.kind !== 'refs' && f.kind !== 'password') s[name] = columnOf(r, name, t);
    selections.set(r, s);
  }
  return s;
}

const refsFields = (r: Resource) => Object.keys(r.fields).filter((n) => r.fields[n].kind === 'refs');

/** Many-to-many values for a set of rows: field -> owner id -> target ids. */
async function loadLinks(db: Db, r: Resource, ids: unknown[], only: string[] | null = null): Promise<Map<unknown, Record<string, unknown[]>>> {
  const out = new Map<unknown, Record<string, unknown[]>>();
  const fields = refsFields(r).filter((f) => !only || only.includes(f));
  if (!fields.length || !ids.length) return out;
  for (const id of ids) out.set(id, Object.fromEntries(fields.map((f) => [f, []])));
  await Promise.all(fields.map(async (field) => {
    const j = joinTableOf(r, field);
    const rows = await db.select({ o: j.owner_id, t: j.target_id }).from(j).where(inArray(j.owner_id, ids)).orderBy(j.target_id);
    for (const row of rows) out.get(row.o)![field].push(row.t);
  }));
  return out;
}

/** `fields` (from `?fields=`) limits each row to those fields plus id and version. */
export async function serializeRows(db: Db, r: Resource, rows: Row[], fields: string[] | null = null): Promise<Row[]> {
  // Most resources have no many-to-many field: no links to load, no extra await.
  const links = hasRefs(r) ? await loadLinks(db, r, rows.map((x) => x.id), fields) : undefined;
  return rows.map((row) => serialize(r, row, links?.get(row.id), fields));
}

const withRefs = new WeakMap<Resource, boolean>();
function hasRefs(r: Resource): boolean {
  let has = withRefs.get(r);
  if (has === undefined) withRefs.set(r, (has = refsFields(r).length > 0));
  return has;
}

function pick<T>(o: Record<string, T>, keys: string[]): Record<string, T> {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

export interface FindResult {
  /** Paged lists only: the total, exact up to the cap (see list-count.ts). */
  count?: number;
  /** True when `count` is the planner's estimate. */
  countIsEstimate?: boolean;
  /** Paged lists only: whether rows follow this page. */
  hasMore?: boolean;
  /**
   * Paged lists of a large resource (or asked by cursor) in an ordering a cursor can follow: where
   * the pages after and before this one are, by number and cursor (keyset.ts), null where there is
   * none. Other paged lists have page numbers only (`hasMore`).
   */
  cursors?: { next: PageRef | null; previous: PageRef | null };
  rows: Row[];
  /** Unpaged lists asked for `asJson`: the whole answer as JSON text (json-list.ts); rows is empty. */
  json?: string;
  query: ListQuery;
}

/** A page to link to: its number when known, its cursor when it is read from a position (page 1 never is: it is the list's head). */
export interface PageRef { page?: number; cursor?: string }

export interface FindOptions {
  /** Counts up to this many rows exactly, beyond it estimates; 0 = always exact. */
  exactCountLimit?: number;
  /** Beyond that cap, counts exactly when it takes at most this many milliseconds (list-count.ts). */
  countBudgetMs?: number;
  /** A page ordered by a reference is walked in label order once the planner expects this many matches (ref-walk.ts). */
  walkMinRows?: number;
  /** An unpaged list comes back as JSON text written by the database (for the HTTP list route). */
  asJson?: boolean;
}

export async function find(db: Db, ctx: Ctx, r: Resource, query: Query, extra: SQL[] = [], o: FindOptions = {}): Promise<FindResult> {
  authorize(ctx, r, 'view');
  const scope = scopeOf(ctx, r);
  const q = parseListQuery(r, query, scope ? [scope, ...extra] : extra, (target) => tenantScopeOf(ctx, target), await additionalScopeFor(db, ctx, r, Object.keys(query)));
  const t = tableOf(r);
  if (!q.paged && o.asJson) return { rows: [], json: await selectJsonArray(db, r, t, q.fields, q.where, q.orderBy), query: q };
  const selection = q.fields ? pick(selectionOf(r), ['id', 'version', ...q.fields]) : selectionOf(r);
  // One row more than the page says whether a next page exists without trusting the count.
  const limit = q.pageSize === null ? null : q.pageSize + (q.paged ? 1 : 0);
  const offset = q.pageSize === null ? 0 : (q.page - 1) * q.pageSize;
  const cap = o.exactCountLimit ?? DEFAULT_EXACT_COUNT_LIMIT;
  const alongside = q.paged ? countSql(t, q.where, cap) : undefined;
  // Large lists page by cursor (docs/api.md, Cursors): the page carries its first and last rows' keys.
  const keys = q.paged && q.keys && (r.large || q.cursor) ? q.keys : undefined;
  if (keys && q.cursor) return findByCursor(db, r, q, selection, keys, cap, o);
  const walk = q.walk && limit !== null && await estimateRows(db, t, q.where) >= (o.walkMinRows ?? WALK_MIN_ROWS) ? q.walk : undefined;
  const { rows: fetched, alongside: counted, keys: raw } = walk
    ? await selectWalkPage(db, t, selection, { where: q.where, source: walk.source, inner: walk.inner, orderBy: q.orderBy, limit, offset, alongside })
    : await selectPage(db, t, selection, { where: q.where, ...q.pageOrder, limit, offset, alongside, keys: keys?.map((k) => k.column) });
  if (!q.paged) return { rows: await serializeRows(db, r, fetched, q.fields), query: q };
  if (q.page > 1 && fetched.length === 0) throw Object.assign(notFound(), { body: { detail: 'Invalid page.' } });
  // An empty first page is an empty list: the count rode on the rows, and there are none.
  const upTo = counted ?? 0;
  const pageSize = q.pageSize!;
  const hasMore = fetched.length > pageSize;
  const rows = hasMore ? fetched.slice(0, pageSize) : fetched;
  const facts = { offset: (q.page - 1) * pageSize, rows: rows.length, hasMore };
  const total = cap > 0 ? await resolveCount(db, t, q.where, cap, upTo, facts, o.countBudgetMs) : { count: upTo, estimated: false };
  let cursors: FindResult['cursors'];
  if (keys && rows.length) {
    const edges = await edgeKeys(db, t, keys, rows, raw);
    // A row deleted since the page was read has no position: its link keeps the page number alone.
    const from = (at: (string | null)[] | undefined, back: boolean, page: number): PageRef => (page > 1 && at ? { page, cursor: encodeCursor(keys, at, back) } : { page });
    cursors = { next: hasMore ? from(edges.last, false, q.page + 1) : null, previous: q.page > 1 ? from(edges.first, true, q.page - 1) : null };
  }
  return { count: total.count, countIsEstimate: total.estimated, hasMore, cursors, rows: await serializeRows(db, r, rows, q.fields), query: q };
}

/**
 * The exact key values (keyset.ts) of a page's first and last rows: as the page's own statement
 * read them, or read again by id where the driver's value was not exact (a time on PGlite).
 */
async function edgeKeys(db: Db, t: AnyTable, keys: KeyColumn[], rows: Row[], raw: unknown[][]) {
  const exact = (i: number) => {
    const v = keys.map((k, j) => keyValueText(k, raw[i]?.[j]));
    return v.includes(undefined) ? undefined : (v as (string | null)[]);
  };
  const [a, b] = [rows[0].id, rows[rows.length - 1].id];
  let first = exact(0);
  let last = exact(rows.length - 1);
  if (!first || !last) {
    const again = await selectKeys(db, t, keys.map(keyText), a === b ? [a] : [a, b]);
    first ??= again.get(String(a));
    last ??= again.get(String(b));
  }
  return { first, last };
}

/**
 * A page read from a cursor's position (keyset.ts): the rows after it in the list's order, or for a
 * `previous` cursor the rows before it, read backwards and turned round. The count is the list's
 * whole count, as on a numbered page.
 */
async function findByCursor(db: Db, r: Resource, q: ListQuery, selection: Record<string, PgColumn>, keys: NonNullable<ListQuery['keys']>, cap: number, o: FindOptions): Promise<FindResult> {
  const t = tableOf(r);
  const { values, back } = q.cursor!;
  const pageSize = q.pageSize!;
  let page;
  try {
    page = await selectPage(db, t, selection, {
      where: and(q.where, keysetCondition(keys, values, back)), orderBy: keysetOrder(keys, back), limit: pageSize + 1, offset: 0,
      alongside: countSql(t, q.where, cap), keys: keys.map((k) => k.column),
    });
  } catch (e) {
    // A value the cursor's checks let through but its column cannot hold (an hour 24 of some zone).
    if (isDataException(e)) throw fieldError('cursor', 'Invalid cursor.');
    throw e;
  }
  // More rows beyond the page in the direction read: after it going forwards, before it going back.
  const more = page.rows.length > pageSize;
  const rows = page.rows.slice(0, pageSize);
  const raw = page.keys.slice(0, pageSize);
  if (back) { rows.reverse(); raw.reverse(); }
  // The count rides on the rows: an empty page (everything after the position deleted) asks for it alone.
  const upTo = page.alongside ?? (cap > 0 ? Number((await db.execute(sql`select ${countSql(t, q.where, cap)} as n`) as unknown as { rows: { n: number }[] }).rows[0].n) : 0);
  const total = cap > 0 ? await resolveCount(db, t, q.where, cap, upTo, null, o.countBudgetMs) : { count: upTo, estimated: false };
  // The position's own row lies on the other side: there is a page there, unless the row was deleted.
  // Page numbers follow the one the request named; the page before page 2 is the list's head.
  const number = q.pageGiven ? q.page : undefined;
  const edges: { first?: (string | null)[]; last?: (string | null)[] } = rows.length ? await edgeKeys(db, t, keys, rows, raw) : {};
  const cursors = {
    next: edges.last && (back || more) ? { page: number && number + 1, cursor: encodeCursor(keys, edges.last, false) } : null,
    previous: rows.length && (!back || more)
      ? (number !== undefined && number <= 2 ? { page: 1 } : edges.first ? { page: number && number - 1, cursor: encodeCursor(keys, edges.first, true) } : null)
      : null,
  };
  return { count: total.count, countIsEstimate: total.estimated, hasMore: back ? rows.length > 0 : more, cursors, rows: await serializeRows(db, r, rows, q.fields), query: q };
}

export async function countWhere(db: Db, t: AnyTable, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
  return Number(n);
}

export async function count(db: Db, ctx: Ctx, r: Resource, query: Query): Promise<number> {
  authorize(ctx, r, 'view');
  const scope = scopeOf(ctx, r);
  const { page: _p, page_size: _ps, cursor: _c, ordering: _o, ...filters } = query;
  const q = parseListQuery(r, filters, scope ? [scope] : [], undefined, await additionalScopeFor(db, ctx, r, Object.keys(filters)));
  return countWhere(db, tableOf(r), q.where);
}

/** A path id that cannot name a row answers 404, like a row that does not exist. */
export function parseId(r: Resource, id: string): number | string {
  if (r.idKind === 'uuid') {
    if (!isUuid(id)) throw notFound();
    return id.toLowerCase();
  }
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647 || Number(id) < 1) throw notFound();
  return Number(id);
}

async function fetchRow(db: Db, ctx: Ctx, r: Resource, id: number | string, lock = false): Promise<Row> {
  const t = tableOf(r);
  let q = db.select(selectionOf(r)).from(t).where(and(eq(t.id, id), scopeOf(ctx, r))).$dynamic();
  if (lock) q = q.for('update');
  const [row] = await q;
  if (!row) throw notFound();
  return row;
}

/**
 * Retrieve by id with the two common scopes (none, or one company) as statements built once per
 * database and resource: building a wide select costs more than running it. Other scopes build it.
 */
type Lookup = { execute(p: Record<string, unknown>): Promise<Row[]> };
const lookups = new WeakMap<Db, Map<string, Lookup>>();
function lookupById(db: Db, r: Resource, byCompany: boolean): Lookup {
  let byDb = lookups.get(db);
  if (!byDb) lookups.set(db, (byDb = new Map()));
  const key = `${r.name}:${byCompany}`;
  let lookup = byDb.get(key);
  if (!lookup) {
    const t = tableOf(r);
    const where = byCompany ? and(eq(t.id, sql.placeholder('id')), eq(t.company, sql.placeholder('company'))) : eq(t.id, sql.placeholder('id'));
    lookup = db.select(selectionOf(r)).from(t).where(where).prepare(`get_${r.table}_${byCompany ? 'company' : 'all'}`.slice(0, 63)) as Lookup;
    byDb.set(key, lookup);
  }
  return lookup;
}

/**
 * A record as the caller's tenancy (and own rows) scope it, without the right to view the resource:
 * the record of a detail action whose right is another resource's (`ActionDecl.of`:
 * `company/{id}/contracts/` needs `view_contract`, not `view_company`). 404 outside the scope.
 */
export async function getInScope(db: Db, ctx: Ctx, r: Resource, rawId: string): Promise<Row> {
  return (await serializeRows(db, r, [await fetchRow(db, ctx, r, parseId(r, rawId))]))[0];
}

export async function get(db: Db, ctx: Ctx, r: Resource, rawId: string): Promise<Row> {
  authorize(ctx, r, 'view');
  const id = parseId(r, rawId);
  let row: Row | undefined;
  // The same rows scopeOf allows: no restriction, or the user's company (own rows take the general path).
  if (readsOwnOnly(ctx, r)) row = await fetchRow(db, ctx, r, id);
  else if ((ctx.user.isSuperuser && !r.partner?.sharedOnly) || !r.tenant) [row] = await lookupById(db, r, false).execute({ id });
  else if (r.tenant === 'company' && !r.partner && !r.platformRows && ctx.user.companyId !== null) [row] = await lookupById(db, r, true).execute({ id, company: ctx.user.companyId });
  else row = await fetchRow(db, ctx, r, id);
  if (!row) throw notFound();
  return (await serializeRows(db, r, [row]))[0];
}

/**
 * Every referenced record must exist and be visible to the user (a foreign company's row does not
 * exist), and every file named in a file field must be one he may read (server/files/scope.ts): a
 * file of a record he reads, or his own pending upload, never another user's pending upload.
 */
export async function checkReferences(db: Db, ctx: Ctx, r: Resource, input: ParsedInput) {
  const errors = new ErrorBag();
  const wanted: [string, string, unknown[]][] = [];
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind === 'ref' && input.values[name] !== undefined && input.values[name] !== null) wanted.push([name, f.to, [input.values[name]]]);
    if (f.kind === 'refs' && input.links[name]?.length) wanted.push([name, f.to, input.links[name]]);
  }
  for (const [name, f] of Object.entries(r.fields)) {
    const fileId = input.values[name];
    if (f.kind !== 'file' || typeof fileId !== 'string') continue;
    const [file] = await db.select({ type: storedFile.content_type, size: storedFile.size }).from(storedFile).where(and(eq(storedFile.id, fileId), fileScope(ctx)));
    if (!file) errors.add(name, `Invalid file "${fileId}" - upload it first.`);
    else if (!f.accept.includes(file.type)) errors.add(name, `Files of type ${file.type} are not accepted here (${f.accept.join(', ')}).`);
    else if (file.size > f.maxBytes) errors.add(name, `The file is larger than ${Math.round(f.maxBytes / 1024 / 1024)} MB.`);
  }
  // One after the other: this runs inside the write transaction, on one connection.
  for (const [name, to, ids] of wanted) {
    const target = registry.get(to)!;
    const tt = tableOf(target);
    const found = await db.select({ id: tt.id }).from(tt).where(and(inArray(tt.id, ids), scopeOf(ctx, target)));
    const seen = new Set(found.map((x) => String(x.id)));
    for (const id of ids) if (!seen.has(String(id))) errors.add(name, `Invalid pk "${id}" - object does not exist.`);
  }
  errors.throwIfAny();
}

async function prepareValues(ctx: Ctx, r: Resource, values: Record<string, unknown>) {
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind === 'password' && !f.secret && typeof values[name] === 'string') values[name] = await hashPassword(values[name] as string);
  }
  assertMayWriteRow(ctx, r, values.company);
  if (r.tenant === 'company' && !ctx.user.isSuperuser && values.company !== undefined && !(r.platformRows && values.company === null) && !ctx.user.companyIds.includes(values.company as number)) {
    throw badRequest({ company: [`Invalid pk "${values.company}" - object does not exist.`] });
  }
}

async function writeLinks(db: Db, r: Resource, id: unknown, links: ParsedInput['links']) {
  for (const [field, ids] of Object.entries(links)) {
    const j = joinTableOf(r, field);
    await db.delete(j).where(eq(j.owner_id, id));
    if (ids.length) await db.insert(j).values(ids.map((target) => ({ owner_id: id, target_id: target })));
  }
}

export interface CreateOptions {
  /** A create of the generic API (a form, a client): each required additional field is asked for (docs/audit.md, Additional fields). */
  askAdditional?: boolean;
}

export async function create(db: Db, ctx: Ctx, r: Resource, body: unknown, o: CreateOptions = {}): Promise<Row> {
  authorize(ctx, r, 'add');
  const { body: own, pending } = await pendingAdditional(db, ctx, r, body, { required: Boolean(o.askAdditional) });
  let input: ParsedInput;
  try {
    // As on an update, an action may set the read-only fields it declares it writes (a mirror contract's supply contract).
    input = parseInput(r, own, 'create', { writable: writableFor(ctx, r), writes: ctx.writes?.resource === r.name ? ctx.writes.fields : undefined });
  } catch (e) {
    throw withAdditionalErrors(e, pending);
  }
  throwAdditionalErrors(pending);
  if (r.tenant === 'company' && input.values.company === undefined) {
    if (ctx.user.companyId === null) throw badRequest({ company: ['This field is required.'] });
    input.values.company = ctx.user.companyId;
  }
  // A two-sided row is made by its partner (docs/partners.md): the hook names the owner from what it is about.
  if (r.partner?.path.length === 1 && ctx.user.companyId !== null) input.values[r.partner.path[0]] = ctx.user.companyId;
  await prepareValues(ctx, r, input.values);
  const hooks = hooksOf(r);
  const t = tableOf(r);
  try {
    const row = await db.transaction(async (tx) => {
      await checkReferences(tx, ctx, r, input);
      checkTransitions(ctx, r, null, input.values);
      await hooks.beforeWrite?.({ db: tx, ctx, resource: r, input, mode: 'create' });
      const [inserted] = await tx.insert(t).values(input.values).returning(selectionOf(r));
      await writeLinks(tx, r, inserted.id, input.links);
      await writeAdditional(tx, r, pending, inserted, `${r.name}/create`);
      await logTransitions(tx, ctx, r, null, inserted);
      if (!hooks.afterWrite) return inserted;
      await hooks.afterWrite({ db: tx, ctx, resource: r, id: inserted.id, mode: 'create' });
      // The hook may have written the row itself (a status it works out): answer the row as it now is.
      return afterHook(tx, r, inserted.id);
    });
    return (await serializeRows(db, r, [row]))[0];
  } catch (e) {
    return translateDbError(e, r, 'write');
  }
}

/** The row as an afterWrite hook left it. */
async function afterHook(db: Db, r: Resource, id: unknown) {
  const t = tableOf(r);
  const [row] = await db.select(selectionOf(r)).from(t).where(eq(t.id, id as number));
  return row;
}

/**
 * Fields a given user may not write even with change permission: staff-only fields (billing and
 * identity) unless platform staff, and the tenant column unless the user acts for several companies.
 */
function writableFor(ctx: Ctx, r: Resource) {
  return (field: string) => canWriteField(ctx.user.profile, r.fields[field])
    && !(r.tenant === 'company' && field === 'company' && !ctx.user.isSuperuser && ctx.user.companyIds.length < 2);
}

function checkVersion(current: number, expected: number | undefined, fromHeader: boolean) {
  if (expected === undefined || current === expected) return;
  const msg = `This record was changed by someone else (you have version ${expected}, it is now version ${current}). Reload it to see the changes.`;
  throw fromHeader ? preconditionFailed(msg) : conflict(msg);
}

export async function update(db: Db, ctx: Ctx, r: Resource, rawId: string, body: unknown, ifMatch?: number): Promise<Row> {
  authorize(ctx, r, 'change');
  const id = parseId(r, rawId);
  const { body: own, pending } = await pendingAdditional(db, ctx, r, body, { required: false });
  let input: ParsedInput;
  try {
    input = parseInput(r, own, 'update', { id: String(rawId), writable: writableFor(ctx, r), writes: ctx.writes?.resource === r.name ? ctx.writes.fields : undefined });
  } catch (e) {
    throw withAdditionalErrors(e, pending);
  }
  throwAdditionalErrors(pending);
  await prepareValues(ctx, r, input.values);
  const hooks = hooksOf(r);
  const t = tableOf(r);
  const expected = ifMatch ?? input.version;
  const set = { ...input.values, version: sql`${t.version} + 1`, updated_at: sql`now()` };
  try {
    // Nothing to check against other rows and no hooks: one conditional UPDATE is the whole write.
    if (isPlainUpdate(r, input) && !pending) {
      const plain = plainUpdateOf(ctx, r, id, input.values, expected);
      const prepared = plain && preparedUpdate(db, r, selectionOf(r), plain);
      const [updated] = prepared && plain ? await prepared.execute(updateValues(plain)) : await db.update(t).set(set)
        .where(and(eq(t.id, id), scopeOf(ctx, r), expected === undefined ? undefined : eq(t.version, expected), stampCondition()))
        .returning(selectionOf(r));
      if (!updated) {
        const current = await fetchRow(db, ctx, r, id);
        checkVersion(current.version as number, expected, ifMatch !== undefined);
        throw conflict('The record was changed at the same time by another request. Try again.');
      }
      return (await serializeRows(db, r, [updated]))[0];
    }
    const row = await db.transaction(async (tx) => {
      const current = await fetchRow(tx, ctx, r, id, true);
      assertMayWriteRow(ctx, r, current.company);
      checkVersion(current.version as number, expected, ifMatch !== undefined);
      await checkReferences(tx, ctx, r, input);
      checkTransitions(ctx, r, current, input.values);
      await hooks.beforeWrite?.({ db: tx, ctx, resource: r, input, mode: 'update', id, current });
      // The hook may have changed or added values (e.g. parts derived from a UWI): build the SET after it.
      const [updated] = await tx.update(t).set({ ...input.values, version: set.version, updated_at: set.updated_at }).where(eq(t.id, id)).returning(selectionOf(r));
      await writeLinks(tx, r, id, input.links);
      await writeAdditional(tx, r, pending, updated, `${r.name}/update`);
      await logTransitions(tx, ctx, r, current, updated);
      if (!hooks.afterWrite) return updated;
      await hooks.afterWrite({ db: tx, ctx, resource: r, id, mode: 'update' });
      return afterHook(tx, r, id);
    });
    return (await serializeRows(db, r, [row]))[0];
  } catch (e) {
    return translateDbError(e, r, 'write');
  }
}

/** The update as a prepared statement's inputs; undefined when the tenancy condition is not "one company" or none. */
function plainUpdateOf(ctx: Ctx, r: Resource, id: number | string, values: Record<string, unknown>, version: number | undefined): PlainUpdate | undefined {
  if (readsOwnOnly(ctx, r)) return undefined;
  if (ctx.user.isSuperuser || !r.tenant) return { id, values, version };
  if (r.tenant === 'company' && !r.partner && !r.platformRows && ctx.user.companyId !== null) return { id, values, version, company: ctx.user.companyId };
  return undefined;
}

/** An update that touches no references, files or links, on a resource without hooks (or none that read what it sets). */
function isPlainUpdate(r: Resource, input: ParsedInput): boolean {
  const h = hooksOf(r);
  // A platform row is read by every company but written by platform staff only: the full path checks whose row it is.
  const hookReads = h.beforeWrite && (!h.beforeWriteFields || Object.keys(input.values).some((n) => h.beforeWriteFields!.includes(n)));
  if (r.platformRows || hookReads || h.afterWrite || Object.keys(input.links).length || hasLifecycle(r, input.values)) return false;
  return Object.keys(input.values).every((n) => !['ref', 'file'].includes(r.fields[n].kind));
}

export async function remove(db: Db, ctx: Ctx, r: Resource, rawId: string, expected?: number, fromHeader = false): Promise<void> {
  authorize(ctx, r, 'delete');
  const id = parseId(r, rawId);
  const t = tableOf(r);
  const hooks = hooksOf(r);
  try {
    await db.transaction(async (tx) => {
      const current = await fetchRow(tx, ctx, r, id, true);
      assertMayWriteRow(ctx, r, current.company);
      checkVersion(current.version as number, expected, fromHeader);
      checkDeletable(r, current);
      await hooks.beforeDelete?.({ db: tx, ctx, resource: r, id, current });
      await tx.delete(t).where(eq(t.id, id));
    });
  } catch (e) {
    translateDbError(e, r, 'delete');
  }
}

/** The fields a copy takes from its original. A copy is a new record: it starts its lifecycle afresh and takes no value marked not to copy. */
export const copiedFields = (r: Resource): string[] => Object.entries(r.fields)
  .filter(([name, f]) => !(f.readOnly || f.kind === 'password' || name === 'company' || f.copy === false || (f.kind === 'choice' && f.transitions)))
  .map(([name]) => name);

/** Copies a record (its writable fields and many-to-many links); `overrides` replace copied values. */
export async function clone(db: Db, ctx: Ctx, r: Resource, rawId: string, overrides: Record<string, unknown>): Promise<Row> {
  authorize(ctx, r, 'add');
  const source = await get(db, ctx, r, rawId);
  await hooksOf(r).beforeClone?.({ db, ctx, resource: r, source });
  const body: Record<string, unknown> = {};
  for (const name of copiedFields(r)) {
    const v = source[name];
    if (v !== null && v !== undefined) body[name] = v;
  }
  // A copy must not collide with its original on a unique key. A key already differs when the copy
  // leaves one of its values out (not copied, or blank) or the caller gives one; otherwise its text
  // values get " (copy)" where the field still takes that, and an email is left out. References,
  // choices and numbers are never altered: when nothing can differ, the key's own message names it.
  const keys = [...r.unique, ...Object.keys(r.fields).filter((n) => r.fields[n].unique).map((n) => [n])];
  for (const key of keys) {
    const members = key.filter((n) => n !== 'company');
    if (!members.length || members.some((n) => !(n in body) || n in overrides)) continue;
    for (const name of members) {
      const f = r.fields[name];
      const v = body[name];
      if ((f.kind !== 'text' && f.kind !== 'longtext') || typeof v !== 'string') continue;
      if (f.kind === 'text' && f.format === 'email') { delete body[name]; continue; }
      const copy = `${v} (copy)`.slice(0, f.kind === 'text' ? f.max : undefined);
      if (copy !== v && fieldSchema(f).safeParse(copy).success) body[name] = copy;
    }
  }
  // The copy takes the original's values as its answer carries them: the fields in use (a disabled field's stay behind).
  await attachAdditional(db, ctx, r, [source]);
  if (source[ADDITIONAL]) body[ADDITIONAL] = source[ADDITIONAL];
  Object.assign(body, await hooksOf(r).cloneValues?.({ db, ctx, resource: r, source, overrides }));
  const { afterClone } = hooksOf(r);
  if (!afterClone) return create(db, ctx, r, { ...body, ...overrides }, { askAdditional: true });
  return db.transaction(async (tx) => {
    const copy = await create(tx, ctx, r, { ...body, ...overrides }, { askAdditional: true });
    await afterClone({ db: tx, ctx, resource: r, source, copy });
    return copy;
  });
}
