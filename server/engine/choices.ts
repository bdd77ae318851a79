/**
 * Choices (`[{id, label}]` for reference inputs), autocomplete (distinct values of one column, for
 * column-filter suggestions) and named pickers.
 */
import { type SQL, and, inArray, not, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import { isFilterable } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { type Db, rawRows } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Ctx } from './context';
import { badRequest, notFound } from './errors';
import { containing } from './like-pattern';
import { type Query, fieldFor, orderTerms, parseListQuery, searchMatch } from './list-query';
import { authorize, scopeOf, selectionOf, tenantScopeOf } from './operations';
import { labelsFor } from './labels';
import { hooksOf } from './hooks';
import { columnOf } from './computed';
import { additionalScopeFor } from './additional-filter';
import { additionalKeyOf, isAdditionalColumn } from '../../src/resources/additional-values';
import { additionalValue } from '../db/internal-tables';

export const MAX_CHOICES = 200;

/** A `limit`/`offset` query value: digits, at most `max`; `fallback` when left out. */
export function limitOf(raw: unknown, fallback: number, max: number, key = 'limit'): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw badRequest({ [key]: ['A valid integer is required.'] });
  return Math.min(Number(raw), max);
}

export interface Choice { id: unknown; label: string }

export async function choices(db: Db, ctx: Ctx, r: Resource, query: Query, selectedIds: unknown[] = []): Promise<Choice[] | Record<string, unknown>[]> {
  authorize(ctx, r, 'view');
  const own = await hooksOf(r).choices?.({ db, ctx, resource: r, query });
  if (own) return own;
  const { limit: rawLimit, offset: rawOffset, ...filters } = query;
  const limit = limitOf(rawLimit, 50, MAX_CHOICES);
  const offset = limitOf(rawOffset, 0, 1_000_000, 'offset');
  const scope = scopeOf(ctx, r);
  const q = parseListQuery(r, { ...filters, page_size: '0' }, scope ? [scope] : []);
  const t = tableOf(r);
  const sel = selectionOf(r);
  const ids = selectedIds.filter((x) => x !== null && x !== undefined && x !== '');
  const selected = ids.length
    ? await db.select(sel).from(t).where(and(inArray(t.id, ids), scope)).orderBy(...q.orderBy).catch(() => { throw badRequest({ selected_ids: ['Invalid ids.'] }); })
    : [];
  const rest = await db.select(sel).from(t)
    .where(and(q.where, selected.length ? not(inArray(t.id, selected.map((x) => x.id))) : undefined))
    .orderBy(...q.orderBy).limit(limit).offset(offset);
  return [...selected, ...rest].map((row) => ({ id: row.id, label: r.choiceLabel(row) }));
}

export interface Suggestion { value: unknown; label: string }

export async function autocomplete(db: Db, ctx: Ctx, r: Resource, query: Query): Promise<Suggestion[]> {
  authorize(ctx, r, 'view');
  const { model, field, input, limit: rawLimit, offset: rawOffset, ...filters } = query;
  if (model !== undefined && model !== r.name && model !== r.perms.model) throw badRequest({ model: [`This endpoint serves "${r.name}".`] });
  const name = typeof field === 'string' ? field : '';
  if (isAdditionalColumn(name)) return additionalSuggestions(db, ctx, r, name, filters, input, rawLimit, rawOffset);
  const f = fieldFor(r, name);
  if (!f) throw badRequest({ field: [`Unknown field "${name}".`] });
  if (!isFilterable(f) || f.kind === 'refs') throw badRequest({ field: [`Suggestions are not available for "${name}".`] });
  const limit = limitOf(rawLimit, 50, 50);
  const offset = limitOf(rawOffset, 0, 1_000_000, 'offset');
  const scope = scopeOf(ctx, r);
  const q = parseListQuery(r, { ...filters, page_size: '0' }, scope ? [scope] : []);
  const t = tableOf(r);
  const col = name === 'id' ? t.id as PgColumn : columnOf(r, name, t);
  const text = typeof input === 'string' ? input.trim() : '';
  const like = containing(text);

  if (f.kind === 'ref') {
    // Suggest referenced records whose label matches and that occur in this column of the rows the
    // user may read: labels he may read anyway (docs/security.md, Reference labels), never a list
    // of every record of a resource he may not list.
    const target = registry.get(f.to)!;
    const tt = tableOf(target);
    const used = db.selectDistinct({ v: col }).from(t).where(and(q.where, sql`${col} is not null`));
    const conds: SQL[] = [inArray(tt.id, used)];
    if (text && target.list.search.length) conds.push(searchMatch(target, tt, text));
    const rows = await db.select(selectionOf(target)).from(tt).where(and(...conds, tenantScopeOf(ctx, target)))
      .orderBy(...target.list.ordering.flatMap((o) => orderTerms(target, tt, o))).limit(limit).offset(offset);
    return rows.map((row) => ({ value: row.id, label: target.choiceLabel(row) }));
  }
  if (f.kind === 'tags') {
    const rows = await rawRows<{ v: string }>(db, sql`select distinct v from (select unnest(${col}) as v from ${t} ${q.where ? sql`where ${q.where}` : sql``}) s
      where v ilike ${like} order by v limit ${limit} offset ${offset}`);
    return rows.map((x) => ({ value: x.v, label: x.v }));
  }
  const conds = [q.where, sql`${col} is not null`, text ? sql`${col}::text ilike ${like}` : undefined];
  // Ordered by position: a computed column's expression may carry parameters, and PostgreSQL does
  // not take `ORDER BY <expr with $2>` as the `SELECT DISTINCT <expr with $1>` it must repeat.
  const rows = await db.selectDistinct({ v: col }).from(t).where(and(...conds)).orderBy(sql`1`).limit(limit).offset(offset);
  const labels = f.kind === 'choice' ? new Map(f.choices) : null;
  return rows.map(({ v }) => {
    const value = v instanceof Date ? v.toISOString() : v;
    return { value, label: labels?.get(String(v)) ?? String(value) };
  });
}

/**
 * The values the caller's company gave one of its additional fields on the rows he may read
 * (docs/audit.md, Additional fields), matching the input, as a declared field's suggestions are.
 */
async function additionalSuggestions(db: Db, ctx: Ctx, r: Resource, name: string, filters: Query, input: unknown, rawLimit: unknown, rawOffset: unknown): Promise<Suggestion[]> {
  const additional = await additionalScopeFor(db, ctx, r, [name, ...Object.keys(filters)]);
  const def = additional?.defs.get(additionalKeyOf(name));
  if (!additional || !def) throw badRequest({ field: [`Unknown field "${name}".`] });
  const limit = limitOf(rawLimit, 50, 50);
  const offset = limitOf(rawOffset, 0, 1_000_000, 'offset');
  const scope = scopeOf(ctx, r);
  const q = parseListQuery(r, { ...filters, page_size: '0' }, scope ? [scope] : [], undefined, additional);
  const t = tableOf(r);
  const av = additionalValue;
  const text = typeof input === 'string' ? input.trim() : '';
  const value = sql`${av.values} ->> ${def.name}`;
  const rows = await rawRows<{ v: string }>(db, sql`select distinct ${value} as v from ${t} join ${av} on ${av.company_id} = ${additional.companyId} and ${av.model} = ${r.name} and ${av.object_id} = ${t.id}::text
    where ${q.where ?? sql`true`} and ${value} is not null ${text ? sql`and ${value} ilike ${containing(text)}` : sql``}
    order by 1 limit ${limit} offset ${offset}`);
  return rows.map(({ v }) => (def.kind === 'boolean' ? { value: v === 'true', label: v === 'true' ? 'Yes' : 'No' } : { value: v, label: v }));
}

/** `picker/{name}/`: the choices of the named resource, filtered by the query. */
export async function picker(db: Db, ctx: Ctx, name: string, query: Query): Promise<Choice[] | Record<string, unknown>[]> {
  const r = registry.get(name.replace(/\/+$/, ''));
  if (!r) throw notFound();
  return choices(db, ctx, r, query);
}

export { labelsFor };
