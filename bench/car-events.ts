/**
 * `npx tsx bench/car-events.ts`: the car history and a trip's events at any depth (docs/trace.md,
 * Scale). On PostgreSQL (a database of its own, dropped at the end): the demo, then CARS cars of
 * the demo company with EVENTS car location messages between them over YEARS (bench/lib/car-events.ts,
 * written by PostgreSQL from generate_series), the trips of the measured car built by the server's
 * own rebuild. Then, through the real HTTP API of a server in this process, as the demo operator:
 *   - the company's car history, newest first (`car_event/?ordering=-event_time&page=N&page_size=25`),
 *     page 1 against pages deep in the history and the last page;
 *   - the pages their `next` and `previous` links lead to (what a client walking the history, or the
 *     table's next and previous, asks: by cursor on a large list, docs/api.md, Cursors);
 *   - one car's history (`?car=ID`), page 1 against its last page;
 *   - a trip's events (`trip/{id}/events/`), the car's newest trip against its oldest.
 * Each time is the median of BENCH_RUNS requests after one unmeasured request; each deep case is
 * also given as a ratio against page 1 of its list, same run. Reports only; never fails on timing.
 *
 * Env: EVENTS (10,000,000), CARS (10,000), YEARS (5), BENCH_RUNS (5; fewer for a case slower than
 * 4 s, at least 3), BENCH_PG_URL (admin connection), BENCH_KEEP=1 keeps the database (its name is
 * printed) and BENCH_DB=<name> measures such a kept database again without loading it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase, rawRows } from '../server/db/connection';
import { createApp } from '../server/app';
import { syncPermissions } from '../server/seed/permissions';
import { findUserId, seedDemo } from '../server/seed/demo';
import { rebuildCarTrips } from '../server/actions/trace/trip-build';
import { BENCH_MARK, insertCarEvents } from './lib/car-events';
import { PG_ADMIN, createTempDb } from './lib/pg-admin';
import { num, runBench } from './lib/report';
import { envInt, login } from './lib/run-env';

const EVENTS = Math.max(1_000, envInt('EVENTS', 10_000_000));
const CARS = Math.max(1, envInt('CARS', 10_000));
const YEARS = Math.max(1, envInt('YEARS', 5));
const RUNS = Math.max(3, envInt('BENCH_RUNS', 5));
const PAGE = 25;
const say = (m = '') => process.stdout.write(`${m}\n`);

interface Case { list: string; name: string; path: string; ms?: number; runs?: number; status?: number; first?: Case; links?: { next?: string | null; previous?: string | null } }

async function main() {
  const started = Date.now();
  say(`Car events at depth: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; `
    + `${num(EVENTS)} events of ${num(CARS)} cars over ${YEARS} years; median of ${RUNS} requests per case.`);
  const kept = process.env.BENCH_DB;
  const db = kept ? { name: kept, url: Object.assign(new URL(PG_ADMIN), { pathname: `/${kept}` }).toString(), drop: async () => undefined } : await createTempDb();
  const config = loadConfig({ LOGIN_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_EMAIL: '1000', PUBLIC_URL: 'http://127.0.0.1' });
  const database = await openDatabase({ url: db.url, statementTimeoutMs: config.statementTimeoutMs });
  const admin = new pg.Client({ connectionString: db.url });
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    await admin.connect();
    await database.migrate();
    await syncPermissions(database.db);
    const userId = await findUserId(database.db, 'operator@demo.test');
    if (!kept) {
      let t0 = performance.now();
      await seedDemo(database.db);
      say(`  ${db.name}: the demo seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      const [{ company_id: companyId }] = await rawRows<{ company_id: number }>(database.db, sql`select company_id from "user" where email = 'operator@demo.test'`);
      t0 = performance.now();
      const loaded = await insertCarEvents(db.url, companyId, { cars: CARS, events: EVENTS, years: YEARS, say });
      say(`  ${num(loaded.events)} events of ${num(loaded.cars.length)} cars written in ${loaded.insertSeconds.toFixed(0)} s, indexes and foreign keys made again in `
        + `${loaded.indexSeconds.toFixed(0)} s, vacuum analyze ${loaded.vacuumSeconds.toFixed(0)} s (${((performance.now() - t0) / 1000).toFixed(0)} s in all)`);
    } else if (userId === undefined) throw new Error(`${kept} holds no demo`);
    const [{ company_id: companyId }] = await rawRows<{ company_id: number }>(database.db, sql`select company_id from "user" where email = 'operator@demo.test'`);
    const { rows: [facts] } = await admin.query<{ events: number; cars: number; car: number; car_events: number; heap: string; indexes: string }>(`
      select (select count(*)::int from car_event where company_id = $1) as events,
             (select count(*)::int from car where company_id = $1 and mark = $2) as cars,
             (select id from car where company_id = $1 and mark = $2 order by number offset (select count(*) / 2 from car where company_id = $1 and mark = $2) limit 1) as car,
             0 as car_events, pg_size_pretty(pg_table_size('car_event')) as heap, pg_size_pretty(pg_indexes_size('car_event')) as indexes`, [companyId, BENCH_MARK]);
    if (!facts.car) throw new Error('no bench car in the database');
    facts.car_events = Number((await admin.query('select count(*)::int as n from car_event where car_id = $1', [facts.car])).rows[0].n);
    say(`  the company has ${num(facts.events)} events (car_event: ${facts.heap}, indexes ${facts.indexes}); measured car ${facts.car} has ${num(facts.car_events)}`);
    let t0 = performance.now();
    await rebuildCarTrips(database.db, facts.car);
    const { rows: trips } = await admin.query<{ id: number; released_at: Date }>('select id, released_at from trip where car_id = $1 order by released_at', [facts.car]);
    say(`  its ${trips.length} trips built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (trips.length < 2) throw new Error('the measured car has fewer than two trips');

    app = await createApp({ config, database, logger: false, spaDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await login(base);
    const ask = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Token ${token}` } });

    const lastOf = (n: number) => Math.max(1, Math.ceil(n / PAGE));
    const history = (page: number) => `/api/car_event/?ordering=-event_time&page=${page}&page_size=${PAGE}`;
    const ofCar = (page: number) => `/api/car_event/?car=${facts.car}&ordering=-event_time&page=${page}&page_size=${PAGE}`;
    const last = lastOf(facts.events);
    const carLast = lastOf(facts.car_events);
    const pages = [...new Set([1, 10, 100, 1_000, 10_000, 100_000, Math.floor(last / 2), last - 1, last].filter((p) => p >= 1 && p <= last))].sort((a, b) => a - b);
    const cases: Case[] = [];
    const add = (list: string, name: string, path: string) => {
      const k: Case = { list, name, path };
      k.first = cases.find((x) => x.list === list);
      cases.push(k);
    };
    const measure = async (k: Case) => {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const s = performance.now();
        const res = await ask(k.path);
        const text = await res.text();
        const ms = performance.now() - s;
        k.status = res.status;
        if (res.status !== 200) { say(`  ${k.name}: ${res.status} ${text.slice(0, 200)}`); break; }
        // The first request is not measured (plans, caches); a slow case stops after three runs.
        if (i > 0) times.push(ms);
        else if (text.startsWith('{')) k.links = JSON.parse(text) as Case['links'];
        if (times.length >= 3 && times.reduce((a, b) => a + b, 0) > 12_000) break;
      }
      times.sort((a, b) => a - b);
      k.runs = times.length;
      k.ms = times.length ? times[Math.floor(times.length / 2)] : undefined;
      say(`  ${k.name}: ${k.ms === undefined ? `status ${k.status}` : `${num(k.ms, 1)} ms`}`);
    };

    t0 = performance.now();
    for (const p of pages) add('history', `company history, page ${num(p)}${p === last ? ' (last)' : ''}`, history(p));
    for (const k of cases) await measure(k);
    // The links of each page: what a client walking the history (or the table's next and previous) reads next.
    const local = (link: string) => { const u = new URL(link, base); return u.pathname + u.search; };
    const numbered = [...cases];
    for (const which of ['next', 'previous'] as const) {
      for (const [i, k] of numbered.entries()) {
        const link = k.links?.[which];
        // The page before page 2 is page 1 itself, by number: not a cursor's page.
        if (link && (which === 'next' || pages[i] > 2)) add(which, `company history, the ${which} link of page ${num(pages[i])}`, local(link));
      }
    }
    for (const p of [...new Set([1, Math.ceil(carLast / 2), carLast])]) add('car', `one car's history, page ${num(p)} of ${num(carLast)}`, ofCar(p));
    const middle = trips[Math.floor(trips.length / 2)];
    add('trip', `trip events, newest trip (${trips.at(-1)!.released_at.toISOString().slice(0, 10)})`, `/api/trip/${trips.at(-1)!.id}/events/`);
    add('trip', `trip events, middle trip (${middle.released_at.toISOString().slice(0, 10)})`, `/api/trip/${middle.id}/events/`);
    add('trip', `trip events, oldest trip (${trips[0].released_at.toISOString().slice(0, 10)})`, `/api/trip/${trips[0].id}/events/`);
    for (const k of cases.slice(numbered.length)) await measure(k);

    say('\n================================ RESULTS ================================');
    say(`PostgreSQL, ${num(facts.events)} car events of one company (${num(CARS)} cars over ${YEARS} years); pages of ${PAGE} through the API as the operator.`);
    say('Median of the requests after one unmeasured request; "vs first" is the time over the first case of the same list, same run.\n');
    say(['case'.padEnd(48), 'rows before'.padStart(12), 'median ms'.padStart(10), 'runs'.padStart(5), 'vs first'.padStart(9)].join('  '));
    for (const k of cases) {
      const page = /[?&]page=(\d+)/.exec(k.path);
      const before = page ? num((Number(page[1]) - 1) * PAGE) : '';
      const ratio = k.first && k.first.ms && k.ms !== undefined ? `${num(k.ms / k.first.ms, 1)}x` : k.ms === undefined ? '' : 'base';
      say([k.name.padEnd(48), before.padStart(12), (k.ms === undefined ? `status ${k.status}` : num(k.ms, 1)).padStart(10), String(k.runs ?? 0).padStart(5), ratio.padStart(9)].join('  '));
    }
    say(`\nMeasuring took ${((performance.now() - t0) / 1000).toFixed(0)} s; total ${((Date.now() - started) / 1000).toFixed(0)} s; `
      + `load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}.`);
  } finally {
    await admin.end().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    if (process.env.BENCH_KEEP === '1' || kept) say(`  kept ${db.name}`);
    else {
      await db.drop();
      say(`  dropped ${db.name}`);
    }
  }
}

runBench(main);
