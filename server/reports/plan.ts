/**
 * A report definition made into the queries that run it (docs/reports.md, Running a report), for
 * one user: every part checked first (400 naming the part and what is wrong, nothing run), then
 * the SQL of each output column, the filters and the order.
 *
 * - The source's rows are those the user may read (`scopeOf`: tenancy and own rows), filtered as
 *   its list filters them; a filter on a referenced record's field (`product.name__icontains`)
 *   keeps the rows whose reference is among the referenced records the user may read that match.
 * - A referenced record's field is read by a subquery in the referenced resource's own scope, so a
 *   record the user may not read reads as empty, never as another company's value.
 * - Every value is read as text (exact decimals, times in UTC) and turned into a cell by its kind.
 */
import { type SQL, and, asc, count, inArray, sql } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { TIME_ZONE_FIELD } from '../../src/lib/time-zone';
import { labelWithUnit } from '../../src/lib/format';
import { AGGREGATES, type Aggregate, DATE_GROUPINGS, type DateGrouping, PERIODS, type Period } from '../../src/resources/reports/report-terms';
import { isDateKind, reportField } from '../../src/resources/reports/report-columns';
import type { Db } from '../db/connection';
import { type AnyTable, tableOf } from '../db/tables';
import { columnOf } from '../engine/computed';
import type { Ctx } from '../engine/context';
import { ErrorBag, HttpError } from '../engine/errors';
import { type Query, parseListQuery } from '../engine/list-query';
import { scopeOf, tenantScopeOf } from '../engine/operations';
import { bodyFilters } from '../engine/csv-export';
import { type ColumnRef, type Join, joinsOf, resolveColumn, sourceOf } from './sources';
import { periodBounds } from './periods';

/** What a report asks, as it is saved (or as `sample/` takes a draft of it). */
export interface Definition {
  source: string;
  columns?: string[] | null;
  group_by?: string[] | null;
  totals?: string[] | null;
  filters?: Record<string, unknown> | null;
  ordering?: string | null;
}

export type Role = 'column' | 'group' | 'unit' | 'count' | 'total';

/** How a column's text becomes a cell. */
export type Display =
  | { as: 'text' | 'date' | 'datetime' | 'boolean' | 'integer' | 'decimal' }
  | { as: 'choice'; labels: Map<string, string> }
  | { as: 'ref'; target: Resource };

export interface OutColumn {
  key: string;
  label: string;
  /** The header of a file: the label with its unit, or the column that holds each row's unit. */
  header: string;
  kind: string;
  unit: string | null;
  /** Decimal places a spreadsheet shows (a decimal's own; an average's). */
  places?: number;
  role: Role;
  display: Display;
  /** The value as text (of a group: the group's key). */
  expr: SQL;
  /** A total: the aggregate over the rows' values (`value` as the database holds it), written as text. */
  aggregate?: { agg: Aggregate | 'count'; value: SQL; places: number };
}

export interface Plan {
  source: Resource;
  table: AnyTable;
  where: SQL | undefined;
  orderBy: SQL[];
  /** The rows' columns: the chosen columns, or the groups' columns when grouped. */
  columns: OutColumn[];
  grouped: boolean;
  /** The totals line's columns (the unit columns, the count and the totals); none when no totals are asked. */
  totalColumns: OutColumn[];
  /** The row's own time zone, where the source declares one (else the company's, `zone`). */
  rowZone?: SQL;
  zone: string;
  /** References' labels of a source two companies share are shared with it (docs/partners.md). */
  sharedLabels: boolean;
}

const AGGREGATE_LABEL = new Map<string, string>(AGGREGATES);
const GROUPING_LABEL = new Map<string, string>(DATE_GROUPINGS);
const PERIOD_NAMES = new Set<string>(PERIODS.map(([p]) => p));
const GROUP_FORMAT: Record<DateGrouping, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/** A field's value in SQL: its column or computed expression, through a reference a subquery in the referenced records' scope. */
function valueSql(ctx: Ctx, r: Resource, t: AnyTable, c: ColumnRef): SQL {
  const own = (res: Resource, tab: AnyTable, name: string): SQL => sql`${Object.hasOwn(res.fields, name) ? columnOf(res, name, tab) : tab[name]}`;
  if (!c.join) return own(r, t, c.name);
  const target = c.join.target;
  const tt = tableOf(target);
  const scope = scopeOf(ctx, target);
  return sql`(select ${own(target, tt, c.name)} from ${tt} where ${tt.id} = ${t[c.join.ref]}${scope ? sql` and ${scope}` : sql``})`;
}

/** The value as text: times in UTC to the second, lists joined, the rest as PostgreSQL writes them. */
function asText(f: Field, v: SQL): SQL {
  if (f.kind === 'datetime') return sql`to_char((${v}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  if (f.kind === 'tags') return sql`array_to_string(${v}, ', ')`;
  return sql`(${v})::text`;
}

function displayOf(f: Field): Display {
  switch (f.kind) {
    case 'choice': return { as: 'choice', labels: new Map(f.choices.map(([v, l]) => [v, l])) };
    case 'ref': return { as: 'ref', target: registry.get(f.to)! };
    case 'date': case 'datetime': case 'boolean': case 'integer': case 'decimal': return { as: f.kind };
    default: return { as: 'text' };
  }
}

function headerOf(c: ColumnRef, label: string, all: ColumnRef[]): string {
  const f = reportField(c.owner, c.name)!;
  if (f.kind !== 'decimal') return label;
  if (!c.info.unitKey) return labelWithUnit(label, f.unit);
  const unitCol = all.find((x) => x.key === c.info.unitKey);
  return `${label} (in ${unitCol?.info.label ?? c.info.unitKey})`;
}

/** Makes the plan, or a 400 naming every part that is wrong. */
export function planReport(ctx: Ctx, def: Definition, o: { zone: string; now: Date }): Plan {
  const r = sourceOf(ctx, def.source);
  const t = tableOf(r);
  const joins = joinsOf(ctx, r);
  const errors = new ErrorBag();
  const resolved = new Map<string, ColumnRef>();
  const column = (key: string, field: string): ColumnRef | undefined => {
    let c = resolved.get(key);
    if (!c) {
      const hit = resolveColumn(r, joins, key);
      if (typeof hit === 'string') { errors.add(field, hit); return undefined; }
      resolved.set(key, (c = hit));
    }
    return c;
  };
  const text = (c: ColumnRef) => asText(reportField(c.owner, c.name)!, valueSql(ctx, r, t, c));
  const rowZone = r.timeZone ? sql`${columnOf(r, TIME_ZONE_FIELD, t)}` : undefined;

  // Groups: a column, a date or time by its day, month or year (`ticket_date:month`).
  const groups: { c: ColumnRef; by?: DateGrouping }[] = [];
  for (const g of def.group_by ?? []) {
    const [key, by, extra] = g.split(':');
    const c = column(key, 'group_by');
    if (!c) continue;
    if (!c.info.groupable) { errors.add('group_by', `"${c.info.label}" cannot group rows.`); continue; }
    if (by !== undefined || extra !== undefined) {
      if (!isDateKind(reportField(c.owner, c.name)!)) { errors.add('group_by', `Only a date or a time groups by ${by}: "${c.info.label}" is neither.`); continue; }
      if (!GROUPING_LABEL.has(by) || extra !== undefined) { errors.add('group_by', `"${g}": group a date by day, month or year (${key}:month).`); continue; }
    }
    if (groups.some((x) => x.c.key === c.key && x.by === by)) { errors.add('group_by', `"${g}" is named twice.`); continue; }
    groups.push({ c, by: by as DateGrouping | undefined });
  }

  // Totals: `net_volume:sum`.
  const totals: { c: ColumnRef; agg: Aggregate }[] = [];
  for (const x of def.totals ?? []) {
    const [key, agg] = x.split(':');
    const c = column(key, 'totals');
    if (!c) continue;
    if (!c.info.totals.length) { errors.add('totals', `"${c.info.label}" is no quantity to total.`); continue; }
    if (!c.info.totals.includes(agg as Aggregate)) { errors.add('totals', `"${x}": total a column by sum, avg, min or max (${key}:sum).`); continue; }
    if (totals.some((y) => y.c.key === c.key && y.agg === agg)) { errors.add('totals', `"${x}" is named twice.`); continue; }
    totals.push({ c, agg: agg as Aggregate });
  }

  // The columns (ungrouped): as asked, else the source's list columns; a quantity whose unit is
  // each row's own brings its unit column, as the table's export does.
  const asked = def.columns?.length ? def.columns : groups.length ? [] : ['id', ...r.list.columns.filter((n) => reportField(r, n))];
  const chosen: ColumnRef[] = [];
  for (const key of asked) {
    const c = column(key, 'columns');
    if (!c) continue;
    if (chosen.some((x) => x.key === key)) { errors.add('columns', `"${key}" is named twice.`); continue; }
    if (c.info.unitKey && !asked.includes(c.info.unitKey) && !chosen.some((x) => x.key === c.info.unitKey)) {
      const u = column(c.info.unitKey, 'columns');
      if (u) chosen.push(u);
    }
    chosen.push(c);
  }

  const { where, orderBy } = filtersOf(ctx, r, t, joins, def, o, errors, column);
  errors.throwIfAny();

  const all = [...resolved.values()];
  const out = (c: ColumnRef, role: Role, label = c.info.label, expr = text(c), display = displayOf(reportField(c.owner, c.name)!)): OutColumn => ({
    key: c.key, label, header: headerOf(c, label, all), kind: c.info.kind, unit: c.info.unit, role, display, expr,
    ...(reportField(c.owner, c.name)!.kind === 'decimal' ? { places: (reportField(c.owner, c.name) as { places: number }).places } : {}),
  });
  // A quantity whose unit is each row's own is never added across units: its totals are per unit.
  const unitKeys = [...new Set(totals.map((x) => x.c.info.unitKey).filter((k): k is string => !!k))];
  const units = unitKeys.filter((k) => !groups.some((g) => g.c.key === k && !g.by)).map((k) => out(column(k, 'totals')!, 'unit'));
  const countCol: OutColumn = {
    key: 'count', label: 'Count', header: 'Count', kind: 'integer', unit: null, role: 'count', display: { as: 'integer' },
    expr: sql`1`, aggregate: { agg: 'count', value: sql`1`, places: 0 },
  };
  const totalCols = totals.map(({ c, agg }): OutColumn => {
    const f = reportField(c.owner, c.name)!;
    const value = valueSql(ctx, r, t, c);
    // An average keeps the field's places (two for whole numbers); a sum, the lowest and the highest are exact.
    const places = f.kind === 'decimal' ? f.places : 2;
    return {
      ...out(c, 'total', `${c.info.label}, ${AGGREGATE_LABEL.get(agg)!.toLowerCase()}`, value, { as: agg === 'avg' || f.kind === 'decimal' ? 'decimal' : 'integer' }),
      key: `${c.key}:${agg}`, places, aggregate: { agg, value, places },
    };
  });
  const groupCols = groups.map(({ c, by }) => {
    if (!by) return out(c, 'group');
    const f = reportField(c.owner, c.name)!;
    const v = valueSql(ctx, r, t, c);
    // A time's day, month or year is the row's local one: in its own zone, else the company's.
    const local = f.kind === 'datetime' ? sql`((${v}) at time zone ${rowZone ?? sql`${o.zone}`})` : v;
    const col = out(c, 'group', `${c.info.label} (${GROUPING_LABEL.get(by)!.toLowerCase()})`, sql`to_char(${local}, ${GROUP_FORMAT[by]})`, { as: by === 'day' ? 'date' : 'text' });
    return { ...col, kind: by === 'day' ? 'date' : 'text' };
  });

  const grouped = groups.length > 0;
  // A grouped report's total line stands under its groups, in the same columns (the same list).
  const groupedColumns = [...groupCols, ...units, countCol, ...totalCols];
  return {
    source: r, table: t, where, orderBy,
    columns: grouped ? groupedColumns : chosen.map((c) => out(c, 'column')),
    grouped,
    totalColumns: grouped ? groupedColumns : totals.length ? [...units, countCol, ...totalCols] : [],
    rowZone, zone: o.zone, sharedLabels: Boolean(r.partner),
  };
}

/** An operator of the list filters, or the report's own `period`. */
const FILTER_OPS = ['not_in', 'in', 'gte', 'lte', 'gt', 'lt', 'icontains', 'isnull', 'period'];

/**
 * The filters: the source's own fields as its list takes them (with `search`), those of
 * referenced records through the reference, and `__period` on dates and times as bounds reckoned now.
 */
function filtersOf(
  ctx: Ctx, r: Resource, t: AnyTable, joins: Join[], def: Definition, o: { zone: string; now: Date }, errors: ErrorBag,
  column: (key: string, field: string) => ColumnRef | undefined,
): { where: SQL | undefined; orderBy: SQL[] } {
  let raw: Query = {};
  try {
    raw = bodyFilters(def.filters ?? undefined);
  } catch (e) {
    rethrowUnder(e, errors, '');
  }
  const own: Query = {};
  const through = new Map<string, Query>();
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'search') { own.search = value; continue; }
    const sep = key.lastIndexOf('__');
    const op = sep > 0 && FILTER_OPS.includes(key.slice(sep + 2)) ? key.slice(sep + 2) : undefined;
    const colKey = op ? key.slice(0, sep) : key;
    const c = column(colKey, 'filters');
    if (!c) continue;
    const add = (k: string, v: string | string[] | undefined) => {
      if (!c.join) { own[k] = v; return; }
      const q = through.get(c.join.ref) ?? {};
      q[k.slice(c.join.ref.length + 1)] = v;
      through.set(c.join.ref, q);
    };
    if (op !== 'period') { add(key, value); continue; }
    const f = reportField(c.owner, c.name)!;
    const period = String(value);
    if (!isDateKind(f)) { errors.add('filters', `${key}: only a date or a time filters by period.`); continue; }
    if (!PERIOD_NAMES.has(period)) { errors.add('filters', `${key}: "${period}" is no period (today, last_month, … : additional_filters/ lists them).`); continue; }
    const b = periodBounds(period as Period, o.now, o.zone, f.kind === 'datetime');
    add(`${colKey}__gte`, b.from);
    add(f.kind === 'datetime' ? `${colKey}__lt` : `${colKey}__lte`, b.to);
  }
  const conditions: SQL[] = [];
  let orderBy: SQL[] = [];
  const scope = scopeOf(ctx, r);
  try {
    const q = parseListQuery(r, { ...own, ...(def.ordering ? { ordering: def.ordering } : {}), page_size: '0' }, scope ? [scope] : [], (target) => tenantScopeOf(ctx, target));
    if (q.where) conditions.push(q.where);
    orderBy = q.orderBy;
  } catch (e) {
    rethrowUnder(e, errors, '');
  }
  for (const [ref, q] of through) {
    const join = joins.find((j) => j.ref === ref)!;
    const tt = tableOf(join.target);
    const targetScope = scopeOf(ctx, join.target);
    try {
      const jq = parseListQuery(join.target, { ...q, page_size: '0' }, targetScope ? [targetScope] : []);
      conditions.push(inArray(t[ref], sql`(select ${tt.id} from ${tt} where ${jq.where ?? sql`true`})`));
    } catch (e) {
      rethrowUnder(e, errors, `${ref}.`);
    }
  }
  if (!conditions.length && scope === undefined) conditions.push(sql`true`);
  return { where: conditions.length ? and(...conditions) : undefined, orderBy: orderBy.length ? orderBy : [asc(t.id)] };
}

/** A list query's 400, its messages moved under `filters` (or `ordering`) with the key they are about. */
function rethrowUnder(e: unknown, errors: ErrorBag, prefix: string) {
  if (!(e instanceof HttpError) || e.status !== 400) throw e;
  for (const [key, messages] of Object.entries(e.body)) {
    for (const m of Array.isArray(messages) ? messages : [messages]) {
      if (key === 'ordering') errors.add('ordering', String(m));
      else errors.add('filters', `${prefix}${key}: ${String(m)}`);
    }
  }
}

/** Records the filters select. */
export async function countRows(db: Db, p: Plan): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p.table).where(p.where);
  return Number(row.n);
}
