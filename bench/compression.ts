/**
 * Compression (`npx tsx bench/compression.ts`), each figure against a baseline measured in the same
 * run on the same data:
 *  1. bytes over the wire for the JavaScript the sign-in page loads (the script URLs Chromium
 *     requests for /auth/login/), sent plain (Accept-Encoding: identity, what every client got
 *     before) and from the precompressed .br/.gz files; aim <= 400 KB;
 *  2. bytes and time of the ticket list with All rows (page_size=0, 20,000 demo tickets), plain and
 *     compressed; aim >= 5x smaller;
 *  3. req/s of a small hot answer (a ticket and a product by id) from two apps in one server
 *     process on the same database, one with compression off (COMPRESSION=0: the baseline) and one
 *     as shipped, the client asking for br like a browser; runs alternate between the two (the
 *     machine is shared, so its load drifts) and the median of each is reported; aim: no slower.
 * One embedded database in a temporary directory, seeded (full volume) by the first server start.
 * `--serve` is the second server process (both apps); it is this file run as a child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { createApp } from '../server/app';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { ensureFrontendBuilt } from '../server/cli/frontend-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8779);
const base = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

if (process.argv.includes('--serve')) {
  // The two apps of part 3, on one database in this process: compression off on PORT, on at PORT + 1.
  const database = await openDatabase({ dataDir: process.env.DATA_DIR!, statementTimeoutMs: 30_000 });
  for (const [port, compression] of [[PORT, '0'], [PORT + 1, '1']] as const) {
    const app = await createApp({ config: loadConfig({ ...process.env, COMPRESSION: compression }), database, logger: false, spaDir: null });
    await app.listen({ port, host: '0.0.0.0' });
  }
  console.log('Ready in both');
  await new Promise(() => {});
}

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-compression-'));
await ensureFrontendBuilt(root, (m) => console.log(m));

function startServer(env: Record<string, string>, script = ['server/cli/start.ts']): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', ...script], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_ADDRESS: '100000', ...env },
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => { errors += d.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 600 s')), 600_000);
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('Ready in')) { clearTimeout(timer); resolve(child); } });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${errors.slice(-2000)}`)));
  });
}
async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** One request; the body's bytes as they came over the wire (not decoded), and the time to the last byte. */
function wire(path: string, headers: Record<string, string>, origin = base): Promise<{ status: number; bytes: number; encoding: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), ms: performance.now() - started }));
    }).on('error', reject).end();
  });
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'siteadmin@demo.test', password: 'demo12345' }) });
  return ((await res.json()) as { key: string }).key;
}

/** CPU seconds (user + system) used so far by every process of a process group (the server and its npx/tsx parents). */
function groupCpu(pgrp: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      if (Number(fields[2]) === pgrp) ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* the process ended */ }
  }
  return ticks / 100;
}

/** req/s, and the server's CPU per request in µs (less sensitive than req/s to the load of a shared machine). */
async function reqPerSec(url: string, headers: Record<string, string>, pgrp?: number) {
  const cpu0 = pgrp ? groupCpu(pgrp) : 0;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
  const cpuPerReq = pgrp ? ((groupCpu(pgrp) - cpu0) * 1e6) / r.requests.total : 0;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuPerReq };
}

const BROWSER = 'gzip, deflate, br, zstd';
const results: string[] = [];

const auth = () => ({ authorization: `Token ${token}` });
let token = '';

// Parts 1 and 2: the server as shipped.
let server = await startServer({});
token = await login();
try {
  // 1. The sign-in page's JavaScript, as Chromium requests it.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
  await page.goto(`${base}/auth/login/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await browser.close();
  const sum = async (headers: Record<string, string>) => {
    let bytes = 0;
    const encodings = new Set<string>();
    for (const path of scripts) { const r = await wire(path, headers); bytes += r.bytes; encodings.add(r.encoding); }
    return { bytes, encodings: [...encodings].join('/') };
  };
  const plain = await sum({ 'accept-encoding': 'identity' });
  const br = await sum({ 'accept-encoding': BROWSER });
  const gz = await sum({ 'accept-encoding': 'gzip' });
  results.push(`Sign-in page JavaScript (${scripts.size} scripts): plain ${kb(plain.bytes)} (baseline), br ${kb(br.bytes)} [${br.encodings}] = ${(plain.bytes / br.bytes).toFixed(1)}x smaller, gzip ${kb(gz.bytes)} [${gz.encodings}] = ${(plain.bytes / gz.bytes).toFixed(1)}x smaller; aim <= 400 KB: ${br.bytes <= 400 * 1024 ? 'met' : 'NOT met'}`);

  // 2. All rows.
  const all = '/api/terminalboss/v3/ticket/?page_size=0';
  const best = async (headers: Record<string, string>) => {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await wire(all, headers));
    return runs.sort((a, b) => a.ms - b.ms)[0];
  };
  const rawAll = await best({ ...auth(), 'accept-encoding': 'identity' });
  const brAll = await best({ ...auth(), 'accept-encoding': BROWSER });
  const gzAll = await best({ ...auth(), 'accept-encoding': 'gzip' });
  results.push(`All tickets (page_size=0): plain ${mb(rawAll.bytes)} in ${rawAll.ms.toFixed(0)} ms (baseline); br ${mb(brAll.bytes)} [${brAll.encoding}] in ${brAll.ms.toFixed(0)} ms = ${(rawAll.bytes / brAll.bytes).toFixed(1)}x smaller; gzip ${mb(gzAll.bytes)} [${gzAll.encoding}] in ${gzAll.ms.toFixed(0)} ms = ${(rawAll.bytes / gzAll.bytes).toFixed(1)}x smaller; aim >= 5x: ${rawAll.bytes / brAll.bytes >= 5 ? 'met' : 'NOT met'}`);

} finally {
  await stopServer(server);
}

// Part 3: both apps in one process, alternating runs.
server = await startServer({}, ['bench/compression.ts', '--serve']);
try {
  const off = base;
  const on = `http://localhost:${PORT + 1}`;
  token = await login();
  const first = async (path: string) => ((await fetch(`${off}${path}`, { headers: auth() }).then((r) => r.json())) as { results: { id: string }[] }).results[0].id;
  const hot = [`/api/terminalboss/v3/ticket/${await first('/api/terminalboss/v3/ticket/?page_size=1')}/`, `/api/terminalboss/v3/product/${await first('/api/terminalboss/v3/product/?page_size=1')}/`];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const path of hot) {
    const plain = await wire(path, { ...auth(), 'accept-encoding': 'identity' });
    const sent = await wire(path, { ...auth(), 'accept-encoding': BROWSER }, on);
    const runs: Record<'off' | 'on', { rps: number; cpuPerReq: number }[]> = { off: [], on: [] };
    for (let i = 0; i < ROUNDS; i++) {
      runs.off.push(await reqPerSec(`${off}${path}`, { ...auth(), 'accept-encoding': BROWSER }, server.pid));
      runs.on.push(await reqPerSec(`${on}${path}`, { ...auth(), 'accept-encoding': BROWSER }, server.pid));
    }
    const m = (k: 'off' | 'on', f: 'rps' | 'cpuPerReq') => median(runs[k].map((x) => x[f]));
    results.push(`GET ${path.replace(/[^/]+\/$/, ':id/')} (${plain.bytes} bytes; sent as ${sent.encoding}, ${sent.bytes} bytes), median of ${ROUNDS} alternating ${SECONDS} s runs: compression off (baseline) ${m('off', 'rps').toFixed(0)} req/s, ${m('off', 'cpuPerReq').toFixed(0)} µs server CPU/req (req/s ${runs.off.map((x) => x.rps.toFixed(0)).join(', ')}); on ${m('on', 'rps').toFixed(0)} req/s, ${m('on', 'cpuPerReq').toFixed(0)} µs/req (req/s ${runs.on.map((x) => x.rps.toFixed(0)).join(', ')}); req/s ratio ${(m('on', 'rps') / m('off', 'rps')).toFixed(2)}, CPU ratio ${(m('on', 'cpuPerReq') / m('off', 'cpuPerReq')).toFixed(2)}`);
  }
} finally {
  await stopServer(server);
}
console.log(`\n${results.join('\n')}`);
