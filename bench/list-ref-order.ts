/**
 * `npx tsx bench/list-ref-order.ts`: what ordering a list by a reference costs (docs/architecture.md,
 * Ordering by a reference). On PostgreSQL (a database of its own, dropped at the end) with
 * BENCH_ROWS terminal tickets of the demo terminal, a page of 25 is asked through the real HTTP API
 * as the operator, ordered by a plain column (`net_volume`, which a list index hands out in order)
 * and by references (`product`: a one-field label; `driver`: first and last name), in the same run.
 * Prints req/s and latency per ordering, the ratio of each reference ordering against the plain
 * one, and EXPLAIN ANALYZE of the statement a page sends (a walk in label order where a list index
 * serves the reference, else the label columns joined once) beside the self-contained one exports
 * use (one look-up per row). Reports only; never fails on timing.
 *
 * Env: BENCH_ROWS (tickets, default 1,000,000), BENCH_SECONDS (per case, default 5, after 1 s of
 * warm-up), BENCH_PASSES (best of, default 2), BENCH_CONNECTIONS (default 8), BENCH_PG_URL (admin).
 */
import os from 'node:os';
import pg from 'pg';
import { type SQL, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { tableOf } from '../server/db/tables';
import { parseListQuery } from '../server/engine/list-query';
import { walkParts } from '../server/engine/ref-walk';
import { ticket } from '../src/resources/terminal/ticket';
import { createTempDb, endRun } from './lib/pg-admin';
import { startServerProcess } from './lib/child';
import { hammer, type Load } from './lib/measure';
import { num, runBench } from './lib/report';
import { insertTickets } from './lib/tickets';
import { envInt, login } from './lib/run-env';

const ROWS = Math.max(100, envInt('BENCH_ROWS', 1_000_000));
const SECONDS = Math.max(1, envInt('BENCH_SECONDS', 5));
const PASSES = Math.max(1, envInt('BENCH_PASSES', 2));
const CONNECTIONS = Math.max(1, envInt('BENCH_CONNECTIONS', 8));
/** The plain ordering first: every other case is measured against it. */
const ORDERINGS = ['net_volume', '-ticket_date', 'product', '-product', 'driver', 'shipper'];
const PLAIN = ORDERINGS[0];

const say = (m = '') => process.stdout.write(`${m}\n`);
const dialect = new PgDialect();

interface Case { ordering: string; load?: Load; pageMs?: number; selfContainedMs?: number }

const pathOf = (ordering: string) => `/api/${ticket.name}/?ordering=${encodeURIComponent(ordering)}&fields=${ticket.list.columns.join(',')}`;

/** Execution time of a page of 25 (plus one) in the given rendering of the engine's order. */
async function explainMs(c: pg.Client, companyId: number, ordering: string, rendering: 'page' | 'self-contained'): Promise<number> {
  const t = tableOf(ticket);
  // The label scope the engine applies for the operator: his company's records.
  const q = parseListQuery(ticket, { ordering }, [eq(t.company, companyId)], (target) => eq(tableOf(target).company, companyId));
  let statement: SQL;
  if (rendering === 'page' && q.walk) {
    // A page of this many tickets is a walk in label order (server/engine/ref-walk.ts).
    const w = walkParts(t, q.walk.source, q.where, q.walk.inner, 26);
    statement = sql`explain (analyze, format json) select ${t.id} from ${w.from}${w.joins} order by ${sql.join(w.orderBy, sql`, `)} limit 26`;
  } else {
    const order = rendering === 'page' ? q.pageOrder : { orderBy: q.orderBy, joins: undefined };
    statement = sql`explain (analyze, format json) select ${t.id} from ${t}${order.joins ?? sql``} where ${q.where} order by ${sql.join(order.orderBy, sql`, `)} limit 26`;
  }
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const { rows } = await c.query(text, params);
  return (rows[0]['QUERY PLAN'] as { 'Execution Time': number }[])[0]['Execution Time'];
}

async function main() {
  const started = Date.now();
  say(`Ordering by a reference: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; ${num(ROWS)} tickets; `
    + `${CONNECTIONS} connections, ${SECONDS} s per case after 1 s of warm-up, best of ${PASSES} passes.`);
  const db = await createTempDb();
  const server = await startServerProcess({ BENCH_DB_URL: db.url, BENCH_LOAD_ROWS: '100' }).catch(async (e: unknown) => { await db.drop(); throw e; });
  const c = new pg.Client({ connectionString: db.url });
  try {
    const { companyId } = server.ready;
    await c.connect();
    const t0 = performance.now();
    await insertTickets(db.url, companyId, ROWS);
    say(`  ${db.name}: ${num(ROWS)} tickets loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = await login(server.base);
    const cases: Case[] = ORDERINGS.map((ordering) => ({ ordering }));

    for (let pass = 1; pass <= PASSES; pass++) {
      say(`  pass ${pass} of ${PASSES}`);
      for (const k of cases) {
        const res = await fetch(`${server.base}${pathOf(k.ordering)}`, { headers: { authorization: `Token ${token}` } });
        if (res.status !== 200) throw new Error(`${pathOf(k.ordering)}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        await hammer(server.base, token, { path: () => pathOf(k.ordering) }, CONNECTIONS, 1);
        await server.ask({ type: 'drain' }, 'drained');
        const load = await hammer(server.base, token, { path: () => pathOf(k.ordering) }, CONNECTIONS, SECONDS);
        await server.ask({ type: 'drain' }, 'drained');
        if (!k.load || load.reqPerSec > k.load.reqPerSec) k.load = load;
        const page = await explainMs(c, companyId, k.ordering, 'page');
        const self = await explainMs(c, companyId, k.ordering, 'self-contained');
        k.pageMs = Math.min(k.pageMs ?? Infinity, page);
        k.selfContainedMs = Math.min(k.selfContainedMs ?? Infinity, self);
        say(`  ${k.ordering}: ${num(load.reqPerSec)} req/s, p50 ${num(load.p50)} ms${load.bad ? `, ${load.bad} failed` : ''}; SQL ${num(page, 1)} ms (page), ${num(self, 1)} ms (self-contained)`);
      }
    }

    const plain = cases[0];
    say('\n================================ RESULTS ================================');
    say(`PostgreSQL, ${num(ROWS)} tickets of one company; a page of 25 through the API with the list's columns; ${CONNECTIONS} connections, ${SECONDS} s each, best of ${PASSES} passes.`);
    say(`"SQL ms": EXPLAIN ANALYZE of the page's statement (a walk in label order where a list index serves the reference, else labels joined once) and of the self-contained order (a look-up per row) that exports use.\n`);
    const head = ['ordering', 'req/s', 'p50/p99 ms', 'vs plain', 'SQL page ms', 'SQL self-contained ms'];
    say(head.map((h, i) => (i ? h.padStart(12) : h.padEnd(14))).join('  '));
    for (const k of cases) {
      const ratio = plain.load!.reqPerSec / Math.max(k.load!.reqPerSec, 0.01);
      say([
        k.ordering.padEnd(14), num(k.load!.reqPerSec).padStart(12), `${num(k.load!.p50)}/${num(k.load!.p99)}`.padStart(12),
        (k === plain ? 'plain' : `${num(ratio, 1)}x`).padStart(12), num(k.pageMs!, 1).padStart(12), num(k.selfContainedMs!, 1).padStart(12),
      ].join('  '));
    }
    say(`\nRatio: req/s ordering by ${PLAIN} over req/s ordering by the reference, same run. Total ${((Date.now() - started) / 1000).toFixed(0)} s; `
      + `load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}.`);
  } finally {
    await endRun({ client: c, server }, db, say);
  }
}

runBench(main);
