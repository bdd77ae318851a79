/**
 * `npm run bench`: the engine against hand-written SQL on the same Fastify and the same database
 * (issue 2, "Benchmark"). PostgreSQL with BENCH_ROWS (1,000,000) products for the demo terminal
 * company: list, retrieve, PATCH under load, and the full CSV export against `psql \copy`; then
 * in-memory PGlite with BENCH_PGLITE_ROWS (100,000): list and retrieve. Reports; never fails on timing.
 *
 * Env: BENCH_ROWS, BENCH_PGLITE_ROWS (0 skips PGlite), BENCH_SECONDS (per scenario, default 10),
 * BENCH_CONNECTIONS (PostgreSQL, default 32), BENCH_PGLITE_CONNECTIONS (default 8), BENCH_PG_URL
 * (admin connection, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import os from 'node:os';
import { SAMPLE_STCC } from './lib/data';
import { createTempDb, endRun } from './lib/pg-admin';
import { startServerProcess, type ServerProcess } from './lib/child';
import { compare, download, psqlCopy, type Scenario } from './lib/measure';
import { loadTable, num, verdict, type Row, runBench } from './lib/report';
import { EXPORT_SELECT } from './lib/baseline';
import { envInt, login } from './lib/run-env';

const ROWS = envInt('BENCH_ROWS', 1_000_000);
const PGLITE_ROWS = envInt('BENCH_PGLITE_ROWS', 100_000);
const SECONDS = Math.max(1, envInt('BENCH_SECONDS', 10));
const CONNECTIONS = Math.min(50, Math.max(16, envInt('BENCH_CONNECTIONS', 32)));
const PGLITE_CONNECTIONS = Math.max(1, envInt('BENCH_PGLITE_CONNECTIONS', 8));

const say = (m = '') => process.stdout.write(`${m}\n`);
const out: string[] = [];
const report = (m = '') => { out.push(m); say(m); };

function randomId(s: ServerProcess) {
  const { firstId, lastId } = s.ready;
  return () => firstId + Math.floor(Math.random() * (lastId - firstId + 1));
}

function scenarios(s: ServerProcess, withPatch: boolean): [string, Scenario, Scenario][] {
  const id = randomId(s);
  const list = (prefix: string, q: string): Scenario => ({ path: () => `${prefix}/?${q}` });
  const list1 = 'class=3&ordering=-name';
  const list2 = `stcc=${SAMPLE_STCC}&ordering=-name`;
  const rows: [string, Scenario, Scenario][] = [
    [`list class=3, -name (page 1 + count)`, list('/api/product', list1), list('/bench/base/product', list1)],
    [`list stcc=${SAMPLE_STCC}, -name (selective)`, list('/api/product', list2), list('/bench/base/product', list2)],
    ['retrieve by id (random ids)', { path: () => `/api/product/${id()}/` }, { path: () => `/bench/base/product/${id()}/` }],
  ];
  if (withPatch) {
    const body = JSON.stringify({ description: 'Inspected by the benchmark; seals intact.' });
    rows.push(['PATCH description (random ids)', { method: 'PATCH', path: () => `/api/product/${id()}/`, body }, { method: 'PATCH', path: () => `/bench/base/product/${id()}/`, body }]);
  }
  return rows;
}

async function runLoad(s: ServerProcess, token: string, withPatch: boolean, connections: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, engine, baseline] of scenarios(s, withPatch)) {
    say(`  ${name} ...`);
    const probe = { cpu: () => s.ask({ type: 'cpu' }, 'cpu'), drain: () => s.ask({ type: 'drain' }, 'drained') };
    const r = await compare(s.base, token, engine, baseline, connections, SECONDS, probe);
    rows.push({ scenario: name, ...r });
  }
  return rows;
}

async function exportWithRss(s: ServerProcess, token: string, path: string) {
  await s.ask({ type: 'drain' }, 'drained');
  await s.ask({ type: 'rss-start' }, 'rss-started');
  const d = await download(`${s.base}${path}`, token, {});
  const rss = await s.ask({ type: 'rss-stop' }, 'rss');
  return { ...d, rssGrowthMb: rss.peakMb - rss.startMb, startMb: rss.startMb };
}

async function postgresRun(): Promise<{ rows: Row[]; lines: string[] }> {
  say(`PostgreSQL: creating a database and loading ${num(ROWS)} products ...`);
  const db = await createTempDb();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ BENCH_DB_URL: db.url, BENCH_LOAD_ROWS: String(ROWS) });
    const r = server.ready;
    say(`  ${db.name}: ready in ${r.setupSeconds.toFixed(1)} s (COPY of ${num(ROWS)} rows + VACUUM ANALYZE: ${r.loadSeconds.toFixed(1)} s)`);
    const token = await login(server.base);
    const rows = await runLoad(server, token, true, CONNECTIONS);

    say('  CSV export ...');
    const select = EXPORT_SELECT(r.companyId);
    const psql1 = await psqlCopy(db.name, select);
    const engine = await exportWithRss(server, token, '/api/product/download_table/');
    const baseline = await exportWithRss(server, token, '/bench/base/product/download_table/');
    const psql2 = await psqlCopy(db.name, select);
    const psql = Math.min(psql1, psql2);
    const lines = [
      `CSV export of every row of the company (${num(engine.lines - 1)} rows, ${num(engine.bytes / 2 ** 20, 1)} MB; one request, server in its own process):`,
      `  engine download_table/ : ${engine.seconds.toFixed(2)} s  (status ${engine.status}, RSS growth ${num(engine.rssGrowthMb, 1)} MB from ${num(engine.startMb)} MB)`,
      `  baseline COPY route    : ${baseline.seconds.toFixed(2)} s  (${num(baseline.lines - 1)} rows, RSS growth ${num(baseline.rssGrowthMb, 1)} MB)`,
      `  psql \\copy (best of 2) : ${psql.toFixed(2)} s  (${psql1.toFixed(2)} / ${psql2.toFixed(2)})`,
      `  ratio engine / psql    : ${(engine.seconds / psql).toFixed(2)}x   engine / baseline route: ${(engine.seconds / baseline.seconds).toFixed(2)}x`,
    ];
    const list = rows[0];
    const retrieve = rows[2];
    lines.push('', 'Aims (issue 2):');
    for (const x of rows) lines.push(verdict(`${x.scenario} ratio >= 0.7`, x.engine.reqPerSec / x.baseline.reqPerSec >= 0.7, (x.engine.reqPerSec / x.baseline.reqPerSec).toFixed(2)));
    lines.push(verdict('list >= 1,000 req/s', list.engine.reqPerSec >= 1000, `${num(list.engine.reqPerSec)} req/s (selective filter: ${num(rows[1].engine.reqPerSec)})`));
    lines.push(verdict('retrieve >= 5,000 req/s', retrieve.engine.reqPerSec >= 5000, `${num(retrieve.engine.reqPerSec)} req/s`));
    lines.push(verdict('export within 2x psql \\copy', engine.seconds <= 2 * psql, `${(engine.seconds / psql).toFixed(2)}x`));
    lines.push(verdict('export RSS growth < 100 MB', engine.rssGrowthMb < 100, `${num(engine.rssGrowthMb, 1)} MB`));
    return { rows, lines };
  } finally {
    await endRun({ server }, db, say);
  }
}

async function pgliteRun(): Promise<Row[]> {
  say(`PGlite (in memory): loading ${num(PGLITE_ROWS)} products ...`);
  const server = await startServerProcess({ BENCH_DB_URL: '', BENCH_LOAD_ROWS: String(PGLITE_ROWS) });
  try {
    const r = server.ready;
    say(`  ready in ${r.setupSeconds.toFixed(1)} s (inserts + VACUUM ANALYZE: ${r.loadSeconds.toFixed(1)} s)`);
    const token = await login(server.base);
    return await runLoad(server, token, false, PGLITE_CONNECTIONS);
  } finally {
    await server.close().catch(() => undefined);
  }
}

async function main() {
  const started = Date.now();
  say(`Benchmark: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; `
    + `${SECONDS} s per run after a 2 s warm-up; ${CONNECTIONS} connections on PostgreSQL, ${PGLITE_CONNECTIONS} on PGlite.`);
  say('The load generator runs in this process, the server (app + baseline routes) in a child process; PostgreSQL shares the same cores.\n');
  const pgResult = ROWS > 0 ? await postgresRun() : null;
  const pgliteRows = PGLITE_ROWS > 0 ? await pgliteRun() : null;

  say('\n================================ RESULTS ================================');
  if (pgResult) {
    report(loadTable(`PostgreSQL, ${num(ROWS)} products, ${CONNECTIONS} connections, ${SECONDS} s each`, pgResult.rows));
    report();
    for (const l of pgResult.lines) report(l);
    report();
  }
  if (pgliteRows) report(loadTable(`PGlite (in memory), ${num(PGLITE_ROWS)} products, ${PGLITE_CONNECTIONS} connections, ${SECONDS} s each`, pgliteRows));
  report(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}. `
    + 'Figures are noisy: 2 cores shared by PostgreSQL, the server, the load generator and anything else running.');
}

runBench(main);
