/**
 * The terminal overview's figures (docs/terminal.md, Terminal overview), under
 * `/api/terminalboss/overview/`, each over the rows the user may read (tenancy, a driver's own
 * loads) and only with the terminal subscription:
 * - `GET allocation_performance/ ?date&site&product&groupby` (view allocations and tickets): each
 *   allocation's window holding the day, its limit and what the loads (of the site) used of it,
 *   grouped by allocation, stockholder, product or direction, fullest first;
 * - `POST allocation_performance_aggregate_sites/ {date?, product?, groupby?, sites?}`: the same
 *   over several sites together, with what each site used;
 * - `GET product_transferred/ ?from&to&site&interval`: the net m³ and loads of completed tickets per
 *   product and type in each day, week or month;
 * - `GET loads_widget/ ?date&site`: a day's loads by status and type, the completed net m³, and the
 *   loads started in each hour of the site's day.
 * "Today" is the site's day (the company's without a site). Unknown parameters are refused.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { terminalCompany } from '../../../src/resources/terminal/terminal-company';
import { terminalProduct } from '../../../src/resources/terminal/terminal-product';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allocation } from '../../../src/resources/terminal/allocation';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { site } from '../../../src/resources/terminal/site';
import { ticket } from '../../../src/resources/terminal/ticket';
import { TICKET_STATUSES } from '../../../src/resources/terminal/ticket-status';
import { addDays } from '../../../src/lib/limit-periods';
import { zonedParts, zoneOr } from '../../../src/lib/time-zone';
import { type Dec, add, div, mul, parse, round, sub, text } from '../../../src/lib/pg-decimal';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { ErrorBag } from '../../engine/errors';
import { authorize, scopeOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { day, decimalText, int, listOf, maybe, num, obj, oneOf, str } from '../../../src/resources/answers';
import { NET_M3, windowsOnDay } from './allocation-limits';
import { todayAtSite } from './site-day';

export const OVERVIEW = '/api/terminalboss/overview';

const PERFORMANCE = obj({
  key: str('The allocation id, company or product id, or direction.'), label: str(), limit: decimalText('m³, the windows\' limits added up.'),
  used: decimalText(), in_progress: decimalText(), remaining: decimalText(), percent_used: maybe(num()), loads: int(), allocations: int(),
});
/** What each figure answers (published in the OpenAPI document; every API test checks answers against it). */
export const OVERVIEW_ANSWERS = {
  allocation_performance: obj({ date: day(), site: maybe(str()), groupby: oneOf(['allocation', 'stockholder', 'product', 'direction']), rows: listOf(PERFORMANCE) }),
  allocation_performance_aggregate_sites: obj({
    date: day(), groupby: oneOf(['allocation', 'stockholder', 'product', 'direction']), sites: listOf(str()), rows: listOf(PERFORMANCE),
    by_site: listOf(obj({ site: str(), used: decimalText(), loads: int() })),
  }),
  product_transferred: obj({
    from: day(), to: day(), interval: oneOf(['day', 'week', 'month']), site: maybe(str()),
    rows: listOf(obj({ period: day('The first day of the interval.'), product: str(), product_name: maybe(str()), ticket_type: str(), net_m3: decimalText(), loads: int() })),
  }),
  loads_widget: obj({
    date: day(), site: maybe(str()), by_status: obj({}, { open: true }), by_type: obj({}, { open: true }), completed_net_m3: decimalText(), loads: int(),
    hours: listOf(int(), 'Loads started in each hour of the site\'s day, 0 to 23.'),
  }),
};
export const GROUP_BYS = ['allocation', 'stockholder', 'product', 'direction'] as const;
export const INTERVALS = ['day', 'week', 'month'] as const;
/** The longest span `product_transferred/` adds up. */
export const MAX_DAYS = 400;

const tickets = tableOf(ticket);
const allocations = tableOf(allocation);
const units = tableOf(measurementUnit);
const sites = tableOf(site);
const companies = tableOf(terminalCompany);
const products = tableOf(terminalProduct);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Params = Record<string, unknown>;

/** Reads the parameters a figure takes, refusing others and bad values, all at once. */
function reader(query: Params, allowed: readonly string[]) {
  const bag = new ErrorBag();
  for (const k of Object.keys(query)) if (!allowed.includes(k)) bag.add(k, `Unknown parameter: this takes ${allowed.join(', ')}.`);
  const value = (k: string) => (query[k] === undefined || query[k] === '' ? undefined : query[k]);
  return {
    bag,
    day(k: string) {
      const v = value(k);
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || !DAY.test(v) || Number.isNaN(Date.parse(v))) { bag.add(k, 'A date, YYYY-MM-DD.'); return undefined; }
      return v;
    },
    id(k: string) {
      const v = value(k);
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || !UUID.test(v)) { bag.add(k, 'The id of a record.'); return undefined; }
      return v;
    },
    ids(k: string) {
      const v = value(k);
      if (v === undefined) return undefined;
      const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null;
      if (!list || list.length > 50 || list.some((x) => typeof x !== 'string' || !UUID.test(x))) { bag.add(k, 'Up to 50 ids of sites.'); return undefined; }
      return list as string[];
    },
    oneOf<T extends string>(k: string, values: readonly T[], fallback: T): T {
      const v = value(k);
      if (v === undefined) return fallback;
      if (!values.includes(v as T)) { bag.add(k, `One of ${values.join(', ')}.`); return fallback; }
      return v as T;
    },
  };
}

const ZERO: Dec = { units: 0n, scale: 3 };
const dec = (v: string) => parse(v)!;
const percent = (used: Dec, limit: Dec) => (limit.units === 0n ? null : Number(text(round(div(mul(used, parse('100')!), limit), 1))));

interface Performance { key: string; label: string; limit: string; used: string; in_progress: string; remaining: string; percent_used: number | null; loads: number; allocations: number }

/** The allocations' windows on a day, over the loads of some sites (all without), grouped. */
async function performance(db: Db, ctx: Ctx, o: { date: string; product?: string; groupby: (typeof GROUP_BYS)[number]; sites?: string[] }): Promise<Performance[]> {
  authorize(ctx, allocation, 'view');
  authorize(ctx, ticket, 'view');
  const list = await db.select().from(allocations).where(and(scopeOf(ctx, allocation), lte(allocations.effective_date, o.date),
    sql`(${allocations.expiration_date} is null or ${allocations.expiration_date} >= ${o.date})`,
    ...(o.product ? [eq(allocations.product_key, o.product)] : []))).orderBy(allocations.allocation_code);
  const groups = new Map<string, Performance & { u: Dec; p: Dec; l: Dec }>();
  const labels = await labelsOf(db, list as Row[], o.groupby);
  for (const a of list as Row[]) {
    const windows = await windowsOnDay(db, a, o.date, undefined, o.sites);
    if (!windows.length) continue;
    const key = o.groupby === 'allocation' ? String(a.id) : o.groupby === 'stockholder' ? String(a.stockholder) : o.groupby === 'product' ? String(a.product_key) : String(a.product_direction ?? 'any');
    const g = groups.get(key) ?? { key, label: labels.get(key) ?? key, limit: '', used: '', in_progress: '', remaining: '', percent_used: null, loads: 0, allocations: 0, u: ZERO, p: ZERO, l: ZERO };
    for (const w of windows) {
      g.u = add(g.u, dec(w.used)); g.p = add(g.p, dec(w.in_progress)); g.l = add(g.l, dec(w.limit)); g.loads += w.loads;
    }
    g.allocations += 1;
    groups.set(key, g);
  }
  return [...groups.values()].map(({ u, p, l, ...g }) => ({ ...g, limit: text(l), used: text(u), in_progress: text(p), remaining: text(sub(l, u)), percent_used: percent(u, l) }))
    .sort((a, b) => (b.percent_used ?? -1) - (a.percent_used ?? -1) || a.label.localeCompare(b.label));
}

/** The labels of the groups: allocation codes, company and product names, directions. */
async function labelsOf(db: Db, list: Row[], groupby: string): Promise<Map<string, string>> {
  if (groupby === 'allocation') return new Map(list.map((a) => [String(a.id), String(a.allocation_code)]));
  if (groupby === 'direction') return new Map([['receipt', 'Receipts'], ['delivery', 'Deliveries'], ['transfer', 'Transfers'], ['any', 'Any direction']]);
  const ids = [...new Set(list.map((a) => String(groupby === 'stockholder' ? a.stockholder : a.product_key)))];
  if (!ids.length) return new Map();
  const rows = groupby === 'stockholder'
    ? await db.select({ id: companies.id, label: companies.name }).from(companies).where(inArray(companies.id, ids))
    : await db.select({ id: products.id, label: products.product_name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [String(r.id), String(r.label)]));
}

export async function allocationPerformance(db: Db, ctx: Ctx, query: Params) {
  const r = reader(query, ['date', 'site', 'product', 'groupby']);
  const siteId = r.id('site');
  const o = { date: r.day('date'), product: r.id('product'), groupby: r.oneOf('groupby', GROUP_BYS, 'allocation') };
  r.bag.throwIfAny();
  const date = o.date ?? await todayAtSite(db, siteId, ctx.user.companyId);
  return { date, site: siteId ?? null, groupby: o.groupby, rows: await performance(db, ctx, { ...o, date, sites: siteId ? [siteId] : undefined }) };
}

export async function allocationPerformanceSites(db: Db, ctx: Ctx, body: Params) {
  const r = reader(body ?? {}, ['date', 'product', 'groupby', 'sites']);
  const o = { date: r.day('date'), product: r.id('product'), groupby: r.oneOf('groupby', GROUP_BYS, 'allocation'), sites: r.ids('sites') };
  r.bag.throwIfAny();
  const date = o.date ?? await todayAtSite(db, undefined, ctx.user.companyId);
  const chosen = o.sites ?? (await db.select({ id: sites.id }).from(sites).where(scopeOf(ctx, site))).map((s) => String(s.id));
  const rows = await performance(db, ctx, { ...o, date, sites: chosen });
  // What each site's loads used of the same windows, for the share per site.
  const bySite = [];
  for (const s of chosen) {
    const own = await performance(db, ctx, { ...o, date, sites: [s] });
    bySite.push({ site: s, used: text(own.reduce((u, g) => add(u, dec(g.used)), ZERO)), loads: own.reduce((n, g) => n + g.loads, 0) });
  }
  return { date, groupby: o.groupby, sites: chosen, rows, by_site: bySite };
}

export async function productTransferred(db: Db, ctx: Ctx, query: Params) {
  authorize(ctx, ticket, 'view');
  const r = reader(query, ['from', 'to', 'site', 'interval']);
  const siteId = r.id('site');
  const o = { from: r.day('from'), to: r.day('to'), interval: r.oneOf('interval', INTERVALS, 'day') };
  r.bag.throwIfAny();
  const to = o.to ?? await todayAtSite(db, siteId, ctx.user.companyId);
  const from = o.from ?? addDays(to, -29);
  const bag = new ErrorBag();
  if (to < from) bag.add('to', 'The span cannot end before it starts.');
  else if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS) bag.add('from', `At most ${MAX_DAYS} days at once.`);
  bag.throwIfAny();
  // The interval is one of INTERVALS (checked above), written into the statement: a parameter in
  // the select list and another in the grouping would be two expressions to PostgreSQL.
  const period = sql`date_trunc('${sql.raw(o.interval)}', ${tickets.ticket_date}::timestamp)::date::text`;
  const rows = await db.select({
    period, product: tickets.product, product_name: products.product_name, ticket_type: tickets.ticket_type,
    net_m3: sql<string>`round(coalesce(sum(${NET_M3}), 0), 3)::text`, loads: sql<number>`count(*)::int`,
  }).from(tickets).leftJoin(units, eq(units.id, tickets.volume_unit)).leftJoin(products, eq(products.id, tickets.product))
    .where(and(scopeOf(ctx, ticket), eq(tickets.status, 'completed'), gte(tickets.ticket_date, from), lte(tickets.ticket_date, to),
      ...(siteId ? [eq(tickets.created_by_server, siteId)] : [])))
    .groupBy(period, tickets.product, products.product_name, tickets.ticket_type).orderBy(period, products.product_name);
  return { from, to, interval: o.interval, site: siteId ?? null, rows };
}

export async function loadsWidget(db: Db, ctx: Ctx, query: Params) {
  authorize(ctx, ticket, 'view');
  const r = reader(query, ['date', 'site']);
  const siteId = r.id('site');
  const d = r.day('date');
  r.bag.throwIfAny();
  const date = d ?? await todayAtSite(db, siteId, ctx.user.companyId);
  const where = and(scopeOf(ctx, ticket), eq(tickets.ticket_date, date), ...(siteId ? [eq(tickets.created_by_server, siteId)] : []));
  const counts = await db.select({ status: tickets.status, ticket_type: tickets.ticket_type, n: sql<number>`count(*)::int`, net_m3: sql<string>`round(coalesce(sum(${NET_M3}), 0), 3)::text` })
    .from(tickets).leftJoin(units, eq(units.id, tickets.volume_unit)).where(where).groupBy(tickets.status, tickets.ticket_type);
  // The hour a load started at its site, worked out here from the zone's rules (the embedded
  // database carries no zone data of its own): a day's loads are a few hundred rows at most.
  const starts = await db.select({ start: tickets.start_time, zone: sites.timezone }).from(tickets).leftJoin(sites, eq(sites.id, tickets.created_by_server))
    .where(and(where, sql`${tickets.start_time} is not null`, sql`${tickets.status} <> 'void'`));
  const perHour = Array.from({ length: 24 }, () => 0);
  for (const x of starts) {
    const hour = Number(zonedParts(x.start, zoneOr(x.zone))?.time.slice(0, 2));
    if (Number.isInteger(hour)) perHour[hour] += 1;
  }
  const byStatus = Object.fromEntries(TICKET_STATUSES.map(([v]) => [v, 0]));
  const byType: Record<string, number> = {};
  let completed = ZERO;
  for (const c of counts) {
    byStatus[c.status] = (byStatus[c.status] ?? 0) + c.n;
    if (c.status !== 'void') byType[c.ticket_type] = (byType[c.ticket_type] ?? 0) + c.n;
    if (c.status === 'completed') completed = add(completed, dec(c.net_m3));
  }
  return { date, site: siteId ?? null, by_status: byStatus, by_type: byType, completed_net_m3: text(completed), loads: counts.reduce((n, c) => n + (c.status === 'void' ? 0 : c.n), 0), hours: perHour };
}

export function mountTerminalOverview(app: FastifyInstance, db: Db) {
  type Q = FastifyRequest<{ Querystring: Params }>;
  app.get(`${OVERVIEW}/allocation_performance/`, async (req: Q) => allocationPerformance(db, req.ctx!, req.query));
  app.post(`${OVERVIEW}/allocation_performance_aggregate_sites/`, async (req: FastifyRequest<{ Body: Params }>) => allocationPerformanceSites(db, req.ctx!, req.body));
  app.get(`${OVERVIEW}/product_transferred/`, async (req: Q) => productTransferred(db, req.ctx!, req.query));
  app.get(`${OVERVIEW}/loads_widget/`, async (req: Q) => loadsWidget(db, req.ctx!, req.query));
}
