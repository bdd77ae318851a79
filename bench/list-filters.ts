/**
 * `npx tsx bench/list-filters.ts`: lists stay fast on whatever a user filters. On PostgreSQL (a
 * database of its own, dropped at the end) with BENCH_ROWS products and as many terminal tickets,
 * a page of 25 is asked through the real HTTP API, as the operator of the demo terminal, filtered
 * on each list column of `product` and of `terminalboss/v3/ticket` in turn, under the default
 * ordering and one other. Each column is tried with two values that really match rows: the rarest
 * value that still fills a page (the hardest for an ordering index walked with a filter) and the
 * most common one. Prints req/s and latency per (column, value, ordering), the plan PostgreSQL
 * picks for the same query (best of the passes), the slowest against the fastest, and what the list indexes cost
 * (size, bulk load, inserts). Reports only; never fails on timing.
 *
 * Env: BENCH_ROWS (1,000,000 of each), BENCH_SECONDS (per case, default 5, after 1 s of warm-up),
 * BENCH_PASSES (each case keeps the best of this many passes, default 2), BENCH_CONNECTIONS (default 16), BENCH_PRODUCT_ORDERING / BENCH_TICKET_ORDERING (the other
 * ordering, default `code` and `-net_volume`), BENCH_COST_ROWS (rows inserted for the write cost,
 * default 100,000; 0 skips the cost part), BENCH_PG_URL (admin connection).
 */
import os from 'node:os';
import pg from 'pg';
import { columnName } from '../server/db/tables';
import { type Resource, sortFields } from '../src/resources/define';
import { isFilterable } from '../src/resources/fields';
import { joinCommaList } from '../src/lib/comma-list';
import { product } from '../src/resources/logistics/product';
import { ticket } from '../src/resources/terminal/ticket';
import { createTempDb, endRun } from './lib/pg-admin';
import { startServerProcess } from './lib/child';
import { hammer, type Load } from './lib/measure';
import { num, runBench } from './lib/report';
import { insertTickets } from './lib/tickets';
import { type IndexInfo, indexesOf, loadCost } from './lib/index-cost';
import { envInt, login } from './lib/run-env';

const ROWS = Math.max(100, envInt('BENCH_ROWS', 1_000_000));
const SECONDS = Math.max(1, envInt('BENCH_SECONDS', 5));
const PASSES = Math.max(1, envInt('BENCH_PASSES', 2));
const CONNECTIONS = Math.max(1, envInt('BENCH_CONNECTIONS', 16));
const COST_ROWS = envInt('BENCH_COST_ROWS', 100_000);
const OTHER: Record<string, string> = {
  [product.name]: process.env.BENCH_PRODUCT_ORDERING || 'code',
  [ticket.name]: process.env.BENCH_TICKET_ORDERING || '-net_volume',
};

const say = (m = '') => process.stdout.write(`${m}\n`);
const q = (name: string) => `"${name}"`;

interface Case {
  resource: Resource; column: string; value: string; matches: number; which: 'rare' | 'common';
  ordering: string | null; load?: Load; plan?: string; planMs?: number;
}

const sqlColumn = (r: Resource, name: string) => (name in r.fields ? columnName(name, r.fields[name]) : name);

/** The rarest value that still fills a page (or, when none does, the most common) and the most common value. */
async function valuesOf(c: pg.Client, r: Resource, column: string, companyId: number): Promise<{ value: string; n: number; which: 'rare' | 'common' }[]> {
  const col = q(sqlColumn(r, column));
  const { rows } = await c.query<{ value: string; n: string }>(`
    (select ${col}::text as value, count(*) as n from ${r.table} where company_id = $1 and ${col} is not null group by ${col}
     having count(*) >= 25 order by count(*), ${col} limit 1)
    union all
    (select ${col}::text, count(*) from ${r.table} where company_id = $1 and ${col} is not null group by ${col} order by count(*) desc, ${col} limit 1)`, [companyId]);
  const out = rows.map((x, i) => ({ value: x.value, n: Number(x.n), which: (i === 0 && rows.length === 2 ? 'rare' : 'common') as 'rare' | 'common' }));
  return out.length === 2 && out[0].value === out[1].value ? [out[1]] : out;
}

function pathOf(k: Case): string {
  const ordering = k.ordering ? `&ordering=${encodeURIComponent(k.ordering)}` : '';
  // The shared table asks for its visible columns only: the list's columns by default.
  const fields = `&fields=${k.resource.list.columns.join(',')}`;
  return `/api/${k.resource.name}/?${k.column}=${encodeURIComponent(joinCommaList([k.value]))}${ordering}${fields}`;
}

/**
 * The indexes PostgreSQL reads for a statement shaped like the engine's (a page of 25 plus one,
 * with the count capped at 1,001 rows in the same statement), and its execution time.
 */
async function planOf(c: pg.Client, k: Case, companyId: number): Promise<{ plan: string; ms: number }> {
  const r = k.resource;
  const terms = k.ordering ? k.ordering.split(',') : r.list.ordering;
  const order = terms.flatMap((t) => sortFields(r, t.replace(/^-/, '')).map((f) => `${q(sqlColumn(r, f))}${t.startsWith('-') ? ' desc' : ''}`));
  if (!terms.some((t) => t.replace(/^-/, '') === 'id')) order.push('id');
  const where = `company_id = $1 and ${q(sqlColumn(r, k.column))} = $2`;
  const { rows } = await c.query(`explain (analyze, format json)
    select (select count(*) from (select 1 from ${r.table} where ${where} limit 1001) capped) as n, id from ${r.table} where ${where}
    order by ${order.join(', ')} limit 26`, [companyId, k.value]);
  const root = (rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[])[0];
  // What the page reads, and what the count (the InitPlan) reads.
  const page = new Set<string>();
  const count = new Set<string>();
  const walk = (n: PlanNode, into: Set<string>) => {
    const to = n['Parent Relationship'] === 'InitPlan' ? count : into;
    if (n['Index Name']) to.add(`${n['Node Type'] === 'Index Only Scan' ? 'only ' : ''}${n['Index Name'].replace(`${r.table}_`, '')}`);
    else if (n['Node Type'] === 'Seq Scan') to.add('seq scan');
    (n.Plans ?? []).forEach((x) => walk(x, to));
  };
  walk(root.Plan, page);
  return { plan: `${[...page].join(' + ')}; count: ${[...count].join(' + ')}`, ms: root['Execution Time'] };
}
interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Parent Relationship'?: string; Plans?: PlanNode[] }

function caseTable(cases: Case[]): string {
  const head = ['list', 'filter', 'value', 'matches', 'ordering', 'req/s', 'p50/p99 ms', 'SQL ms', 'index read'];
  const widths = [8, 18, 26, 9, 12, 8, 11, 7, 0];
  const line = (cells: string[]) => cells.map((x, i) => (i >= 3 && i <= 7 && i !== 4 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ');
  const out = [line(head), '-'.repeat(120)];
  for (const k of cases) {
    out.push(line([
      k.resource === product ? 'product' : 'ticket', k.column, `${k.which} ${k.value.length > 19 ? `${k.value.slice(0, 18)}…` : k.value}`, num(k.matches),
      k.ordering ?? 'default', num(k.load!.reqPerSec), `${num(k.load!.p50)}/${num(k.load!.p99)}`, num(k.planMs!, 1), k.plan!,
    ]));
  }
  return out.join('\n');
}

function spread(label: string, cases: Case[]): string {
  if (!cases.length) return '';
  const sorted = [...cases].sort((a, b) => a.load!.reqPerSec - b.load!.reqPerSec);
  const slow = sorted[0];
  const fast = sorted[sorted.length - 1];
  const name = (k: Case) => `${k.resource === product ? 'product' : 'ticket'} ${k.column}=${k.which} ${k.ordering ?? 'default'}`;
  const ratio = fast.load!.reqPerSec / Math.max(slow.load!.reqPerSec, 0.01);
  const sql = cases.reduce((a, k) => (k.planMs! > a.planMs! ? k : a));
  return `  ${label.padEnd(34)} fastest ${num(fast.load!.reqPerSec).padStart(6)} req/s (${name(fast)}), slowest ${num(slow.load!.reqPerSec).padStart(6)} (${name(slow)}): `
    + `${num(ratio, 1)}x${ratio <= 3 ? '' : ' (aim: within 3x)'}; slowest SQL ${num(sql.planMs!, 1)} ms (${name(sql)})`;
}

const mb = (bytes: number) => `${num(bytes / 2 ** 20)} MB`;

async function costOf(c: pg.Client, r: Resource): Promise<string[]> {
  const { heapBytes, indexes } = await indexesOf(c, r.table);
  const list = indexes.filter((x) => x.list);
  const rest = indexes.filter((x) => !x.list);
  const sum = (xs: IndexInfo[]) => xs.reduce((a, x) => a + x.bytes, 0);
  const lines = [`${r.table}: table ${mb(heapBytes)}; ${list.length} list indexes ${mb(sum(list))}; ${rest.length} other indexes ${mb(sum(rest))}`];
  for (const x of list) lines.push(`    ${x.name}: ${mb(x.bytes)}`);
  const [{ n }] = (await c.query<{ n: string }>(`select count(*) as n from ${r.table}`)).rows;
  const bulk = Number(n);
  const without = await loadCost(c, r.table, rest, bulk, COST_ROWS);
  const withAll = await loadCost(c, r.table, indexes, bulk, COST_ROWS);
  const row = (label: string, x: typeof without) => `    ${label.padEnd(28)} bulk load of ${num(x.bulkRows)} rows ${x.bulkSeconds.toFixed(1).padStart(6)} s; `
    + `${num(x.insertRows)} more in 1,000-row INSERTs ${x.insertSeconds.toFixed(1).padStart(5)} s (${num((x.insertSeconds * 1e6) / x.insertRows)} µs/row); indexes ${mb(x.indexBytes)}`;
  lines.push(row('without the list indexes:', without), row('with them:', withAll),
    `    ratio: bulk load ${num(withAll.bulkSeconds / without.bulkSeconds, 2)}x, inserts ${num(withAll.insertSeconds / without.insertSeconds, 2)}x`);
  return lines;
}

async function main() {
  const started = Date.now();
  say(`List filters: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; ${num(ROWS)} products and tickets; `
    + `${CONNECTIONS} connections, ${SECONDS} s per case after 1 s of warm-up, best of ${PASSES} passes.`);
  const db = await createTempDb();
  const server = await startServerProcess({ BENCH_DB_URL: db.url, BENCH_LOAD_ROWS: String(ROWS) }).catch(async (e: unknown) => { await db.drop(); throw e; });
  const c = new pg.Client({ connectionString: db.url });
  try {
    const { companyId } = server.ready;
    say(`  ${db.name}: ${num(ROWS)} products loaded in ${server.ready.loadSeconds.toFixed(1)} s`);
    await c.connect();
    let t0 = performance.now();
    await insertTickets(db.url, companyId, ROWS);
    say(`  ${num(ROWS)} tickets loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = await login(server.base);

    const cases: Case[] = [];
    t0 = performance.now();
    for (const r of [product, ticket]) {
      for (const column of r.list.columns.filter((n) => isFilterable(r.fields[n]))) {
        for (const v of await valuesOf(c, r, column, companyId)) {
          for (const ordering of [null, OTHER[r.name]]) cases.push({ resource: r, column, value: v.value, matches: v.n, which: v.which, ordering });
        }
      }
    }
    say(`  ${cases.length} cases (values chosen in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

    // Every case once per pass; each keeps its best pass, so a burst of other work on the shared
    // cores during one case does not decide its figure.
    for (let pass = 1; pass <= PASSES; pass++) {
      say(`  pass ${pass} of ${PASSES}`);
      for (const k of cases) {
        const res = await fetch(`${server.base}${pathOf(k)}`, { headers: { authorization: `Token ${token}` } });
        const body = (await res.json()) as { results?: unknown[] };
        if (res.status !== 200 || !body.results?.length) throw new Error(`${pathOf(k)}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        await hammer(server.base, token, { path: () => pathOf(k) }, CONNECTIONS, 1);
        await server.ask({ type: 'drain' }, 'drained');
        const load = await hammer(server.base, token, { path: () => pathOf(k) }, CONNECTIONS, SECONDS);
        await server.ask({ type: 'drain' }, 'drained');
        if (!k.load || load.reqPerSec > k.load.reqPerSec) k.load = load;
        const p = await planOf(c, k, companyId);
        if (k.planMs === undefined || p.ms < k.planMs) { k.plan = p.plan; k.planMs = p.ms; }
        say(`  ${k.resource === product ? 'product' : 'ticket'} ${k.column}=${k.value} (${k.which}, ${num(k.matches)} rows) ${k.ordering ?? 'default'}: `
          + `${num(load.reqPerSec)} req/s, p50 ${num(load.p50)} ms${load.bad ? `, ${load.bad} failed` : ''}; ${p.plan} ${num(p.ms, 1)} ms`);
      }
    }

    say('\n================================ RESULTS ================================');
    say(`PostgreSQL, ${num(ROWS)} products and ${num(ROWS)} tickets of one company; page of 25 through the API; ${CONNECTIONS} connections, ${SECONDS} s each, best of ${PASSES} passes.`);
    say(`Other ordering: product ${OTHER[product.name]}, ticket ${OTHER[ticket.name]}. "SQL ms": EXPLAIN ANALYZE of the same filter and ordering (page + 1, count capped at 1,001).\n`);
    say(caseTable(cases));
    say('\nSlowest against fastest (req/s):');
    const def = cases.filter((k) => !k.ordering);
    say(spread('default ordering, both lists:', def));
    say(spread('other ordering, both lists:', cases.filter((k) => k.ordering)));
    for (const r of [product, ticket]) say(spread(`${r === product ? 'product' : 'ticket'}, default ordering:`, def.filter((k) => k.resource === r)));
    say(spread('every case:', cases));

    if (COST_ROWS > 0) {
      say('\nWhat the list indexes cost (scratch copies of the tables; same rows, with and without them):');
      for (const r of [product, ticket]) for (const l of await costOf(c, r)) say(l);
    }
    say(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}. `
      + 'Figures are noisy: 2 cores shared by PostgreSQL, the server and the load generator.');
  } finally {
    await endRun({ client: c, server }, db, say);
  }
}

runBench(main);
