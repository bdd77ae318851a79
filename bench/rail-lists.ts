/**
 * `npx tsx bench/rail-lists.ts`: the rail desk's lists against the ticket list on the full demo
 * (docs/rail.md §14, slice 9: "the shipment list and a contract's shipments stay as fast as the
 * ticket list"). On PostgreSQL (a database of its own, dropped at the end) with the demo seeded
 * at full volume (its contracts, schedules, thousands of shipments in every status with their cars,
 * archived bills of lading and waybills, and the terminal's tickets), a page of 25 is asked
 * through the real HTTP API as the site administrator: the ticket list (the baseline), the
 * shipment list, the BOL register (shipments with a BOL number), a facility's outbound
 * shipments, the contract with the most shipments through its `get_shipments/`, and the contract
 * dashboard. Prints req/s, latency and each case's ratio against the ticket list, same run.
 * Reports only; never fails on timing.
 *
 * Env: BENCH_SECONDS (per case, default 5, after 1 s of warm-up), BENCH_PASSES (best of, default
 * 2), BENCH_CONNECTIONS (default 8), BENCH_PG_URL (admin).
 */
import os from 'node:os';
import pg from 'pg';
import { railShipment } from '../src/resources/rail/rail-shipment';
import { BOL_REGISTER_COLUMNS } from '../src/custom/rail/shipment/bol-register';
import { createTempDb, endRun } from './lib/pg-admin';
import { startServerProcess } from './lib/child';
import { hammer, type Load } from './lib/measure';
import { num, runBench } from './lib/report';
import { envInt, login } from './lib/run-env';

const SECONDS = Math.max(1, envInt('BENCH_SECONDS', 5));
const PASSES = Math.max(1, envInt('BENCH_PASSES', 2));
const CONNECTIONS = Math.max(1, envInt('BENCH_CONNECTIONS', 8));

const say = (m = '') => process.stdout.write(`${m}\n`);
const fields = `fields=${railShipment.list.columns.join(',')}`;

interface Case { name: string; path: string; load?: Load }

async function main() {
  const started = Date.now();
  say(`Rail lists against the ticket list: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; `
    + `${CONNECTIONS} connections, ${SECONDS} s per case after 1 s of warm-up, best of ${PASSES} passes.`);
  const db = await createTempDb();
  const t0 = performance.now();
  const server = await startServerProcess({ BENCH_DB_URL: db.url, BENCH_LOAD_ROWS: '100', BENCH_SEED_VOLUME: 'full' }).catch(async (e: unknown) => { await db.drop(); throw e; });
  const c = new pg.Client({ connectionString: db.url });
  try {
    const { companyId } = server.ready;
    await c.connect();
    const counts = (await c.query(`select (select count(*)::int from rail_shipment where company_id = $1) as shipments,
      (select count(*)::int from loaded_rail_car where company_id = $1) as cars, (select count(*)::int from contract where company_id = $1) as contracts,
      (select count(*)::int from terminalboss_v3_ticket) as tickets`, [companyId])).rows[0] as Record<string, number>;
    say(`  ${db.name}: the full demo seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${num(counts.contracts)} contracts, ${num(counts.shipments)} shipments, `
      + `${num(counts.cars)} loaded cars, ${num(counts.tickets)} tickets`);
    const [busiest] = (await c.query(`select contract_id as id, count(*)::int as n from rail_shipment where company_id = $1 and contract_id is not null
      group by 1 order by 2 desc limit 1`, [companyId])).rows as { id: number; n: number }[];
    const [origin] = (await c.query(`select origin_id as id from rail_shipment where company_id = $1 and origin_id is not null
      group by 1 order by count(*) desc limit 1`, [companyId])).rows as { id: number }[];
    const token = await login(server.base, 'siteadmin@demo.test');
    const cases: Case[] = [
      { name: 'ticket list (baseline)', path: '/api/terminalboss/v3/ticket/?page_size=25' },
      { name: 'shipment list', path: `/api/rail_shipment/?page_size=25&${fields}` },
      { name: 'BOL register', path: `/api/rail_shipment/?page_size=25&bol_number__isnull=false&fields=${BOL_REGISTER_COLUMNS.join(',')}` },
      { name: "a facility's shipments", path: `/api/rail_shipment/?page_size=25&origin=${origin.id}&${fields}` },
      { name: `contract's shipments (${busiest.n})`, path: `/api/contract/${busiest.id}/get_shipments/?page_size=25` },
      { name: 'contract dashboard', path: '/api/contract/get_dashboard_contract_list/' },
    ];
    for (let pass = 1; pass <= PASSES; pass++) {
      say(`  pass ${pass} of ${PASSES}`);
      for (const k of cases) {
        const res = await fetch(`${server.base}${k.path}`, { headers: { authorization: `Token ${token}` } });
        if (res.status !== 200) throw new Error(`${k.path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        await hammer(server.base, token, { path: () => k.path }, CONNECTIONS, 1);
        await server.ask({ type: 'drain' }, 'drained');
        const load = await hammer(server.base, token, { path: () => k.path }, CONNECTIONS, SECONDS);
        await server.ask({ type: 'drain' }, 'drained');
        if (!k.load || load.reqPerSec > k.load.reqPerSec) k.load = load;
        say(`  ${k.name}: ${num(load.reqPerSec)} req/s, p50 ${num(load.p50)} ms${load.bad ? `, ${load.bad} failed` : ''}`);
      }
    }
    const base = cases[0].load!;
    say('\n================================ RESULTS ================================');
    say(`PostgreSQL, the full demo; a page of 25 through the API as the site administrator; ${CONNECTIONS} connections, ${SECONDS} s each, best of ${PASSES} passes.\n`);
    say(['case'.padEnd(30), 'req/s'.padStart(10), 'p50/p99 ms'.padStart(12), 'vs tickets'.padStart(12)].join('  '));
    for (const k of cases) {
      say([k.name.padEnd(30), num(k.load!.reqPerSec).padStart(10), `${num(k.load!.p50)}/${num(k.load!.p99)}`.padStart(12),
        (k === cases[0] ? 'baseline' : `${num(k.load!.reqPerSec / Math.max(base.reqPerSec, 0.01), 2)}x`).padStart(12)].join('  '));
    }
    say(`\nRatio: the case's req/s over the ticket list's, same run (above 1: faster). Total ${((Date.now() - started) / 1000).toFixed(0)} s; `
      + `load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}.`);
  } finally {
    await endRun({ client: c, server }, db, say);
  }
}

runBench(main);
