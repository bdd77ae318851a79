/**
 * `tsx bench/profile.ts <scenario>`: one engine scenario under load against a server process, for
 * profiling it (set BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"). Scenarios: list,
 * list-selective, retrieve, patch, export. Env as bench/api.ts (BENCH_ROWS, BENCH_SECONDS, BENCH_CONNECTIONS).
 */
import { DEMO_PASSWORD } from '../server/seed/demo-data';
import { SAMPLE_STCC } from './lib/data';
import { createTempDb } from './lib/pg-admin';
import { startServerProcess } from './lib/child';
import { download, hammer, type Scenario } from './lib/measure';

const which = process.argv[2] ?? 'retrieve';
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const prefix = process.env.BENCH_BASELINE === '1' ? '/bench/base/product' : '/api/product';

const db = await createTempDb();
try {
  const s = await startServerProcess({ BENCH_DB_URL: db.url, BENCH_LOAD_ROWS: String(rows) });
  try {
    const res = await fetch(`${s.base}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@demo.test', password: DEMO_PASSWORD }) });
    const token = ((await res.json()) as { key: string }).key;
    const id = () => s.ready.firstId + Math.floor(Math.random() * (s.ready.lastId - s.ready.firstId + 1));
    const scenarios: Record<string, Scenario> = {
      list: { path: () => `${prefix}/?class=3&ordering=-name` },
      'list-selective': { path: () => `${prefix}/?stcc=${SAMPLE_STCC}&ordering=-name` },
      retrieve: { path: () => `${prefix}/${id()}/` },
      patch: { method: 'PATCH', path: () => `${prefix}/${id()}/`, body: JSON.stringify({ description: 'x' }) },
    };
    if (which === 'export') {
      const c0 = await s.ask({ type: 'cpu' }, 'cpu');
      await s.ask({ type: 'rss-start' }, 'rss-started');
      const d = await download(`${s.base}${prefix}/download_table/`, token, {});
      const rss = await s.ask({ type: 'rss-stop' }, 'rss');
      const c1 = await s.ask({ type: 'cpu' }, 'cpu');
      process.stdout.write(`${JSON.stringify(d)} server CPU ${((c1.micros - c0.micros) / 1e6).toFixed(2)} s, RSS growth ${(rss.peakMb - rss.startMb).toFixed(1)} MB\n`);
    } else {
      await hammer(s.base, token, scenarios[which], connections, 2);
      const c0 = await s.ask({ type: 'cpu' }, 'cpu');
      const r = await hammer(s.base, token, scenarios[which], connections, seconds);
      const c1 = await s.ask({ type: 'cpu' }, 'cpu');
      process.stdout.write(`${which} ${prefix}: ${JSON.stringify(r)} server CPU ${((c1.micros - c0.micros) / r.total).toFixed(0)} us/request, ${((c1.queries - c0.queries) / r.total).toFixed(2)} SQL/request\n`);
    }
  } finally {
    await s.close();
  }
} finally {
  await db.drop();
}
