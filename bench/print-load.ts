/**
 * `npx tsx bench/print-load.ts`: how a driver's print of 72 tickets affects everyone else. While
 * `print_multiple` runs, `/api/health/` is asked every 20 ms; the script prints the print's time and
 * the health answers' latency (median, p99, max), twice: with the PDFs rendered on the server's
 * own thread (PRINT_WORKERS=0, as before the worker pool) and on the worker pool. A print answered
 * 202 (a background job) is followed through its job until the zip is ready. In-memory PGlite,
 * demo seed; never fails on timing.
 *
 * Env: PRINT_TICKETS (72), HEALTH_EVERY_MS (20).
 */
import { Worker } from 'node:worker_threads';
import { startServer, type TestServer } from '../tests/api/harness';

const TB = '/api/terminalboss/v3';
const N = Number(process.env.PRINT_TICKETS ?? 72);
const EVERY = Number(process.env.HEALTH_EVERY_MS ?? 20);
const say = (m = '') => process.stdout.write(`${m}\n`);

/** The seed's tickets, copied until there are N of them. */
async function ticketIds(s: TestServer, admin: string): Promise<string[]> {
  const page = (await s.call('GET', `${TB}/ticket/?page_size=${N}`, { token: admin })).body;
  const rows: Record<string, unknown>[] = page.results;
  const ids = rows.map((r) => String(r.id));
  const keep = ['created_by_server', 'ticket_date', 'product', 'ticket_type', 'shipper', 'consignee', 'carrier', 'driver', 'vehicle', 'volume_unit', 'gross_volume', 'net_volume'];
  for (let i = 0; ids.length < N; i++) {
    const src = rows[i % rows.length];
    const body = Object.fromEntries(keep.filter((k) => src[k] !== null && src[k] !== undefined).map((k) => [k, src[k]]));
    const res = await s.call('POST', `${TB}/ticket/`, { token: admin, body });
    if (res.status !== 201) throw new Error(`copy ticket: ${res.status} ${res.text}`);
    ids.push(res.body.id);
  }
  return ids.slice(0, N);
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let stop = false;
parentPort.once('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t0 = performance.now();
    await fetch(workerData.url).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, workerData.every));
  }
  parentPort.postMessage(latencies);
})();
`;

async function main() {
  const s = await startServer();
  try {
    const admin = await s.login('siteadmin@demo.test');
    const driver = await s.login('driver@demo.test');
    const ids = await ticketIds(s, admin);
    for (const [label, workers] of [['on the server thread (PRINT_WORKERS=0)', '0'], ['on the worker pool', '']] as const) {
      process.env.PRINT_WORKERS = workers;
      say(`\n${label}:`);
      await measure(s, driver, ids);
    }
  } finally {
    await s.close();
  }
}

async function measure(s: TestServer, driver: string, ids: string[]) {
  {
    const auth = { authorization: `Token ${driver}` };

    // The health poller runs on its own thread: on the server's thread its timers would stall
    // with the server and hide the very wait being measured.
    const poller = new Worker(POLLER, { eval: true, workerData: { url: `${s.url}/api/health/`, every: EVERY } });
    const polled = new Promise<number[]>((resolve) => poller.once('message', resolve));

    const t0 = performance.now();
    const res = await fetch(`${s.url}${TB}/ticket/print_multiple/`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ticket_ids: ids }),
    });
    let zip: Buffer;
    let progressSeen = 0;
    if (res.status === 202) {
      const job = await res.json() as { id: string; url: string };
      for (;;) {
        const j = await (await fetch(`${s.url}${job.url}`, { headers: auth })).json() as { status: string; done: number; total: number; result_url?: string; error?: string };
        if (j.status === 'done') { zip = Buffer.from(await (await fetch(`${s.url}${j.result_url}`, { headers: auth })).arrayBuffer()); break; }
        if (j.status === 'failed') throw new Error(`print job failed: ${j.error}`);
        progressSeen = Math.max(progressSeen, j.done);
        await new Promise((r) => setTimeout(r, 200));
      }
    } else {
      if (res.status !== 200) throw new Error(`print_multiple: ${res.status} ${await res.text()}`);
      zip = Buffer.from(await res.arrayBuffer());
    }
    const took = performance.now() - t0;
    poller.postMessage('stop');
    const latencies = await polled;
    await poller.terminate();

    say(`  print_multiple of ${ids.length} tickets as driver@demo.test: ${(took / 1000).toFixed(1)} s, answer ${res.status}${res.status === 202 ? ` (job; progress seen up to ${progressSeen}/${ids.length})` : ''}, zip ${(zip.length / 1024).toFixed(0)} KiB`);
    say(`  /api/health/ during the print (${latencies.length} answers, one every ${EVERY} ms):`);
    say(`  median ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms   max ${Math.max(...latencies).toFixed(1)} ms`);
  }
}

await main();
