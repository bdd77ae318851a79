/**
 * Front-end budget (`npx tsx bench/frontend.ts`):
 *  1. gzip size of the JavaScript the login page and the shell need: the entry script of
 *     dist/index.html and every chunk it preloads (lazy page chunks are not counted);
 *  2. in headless Chromium against the real server on localhost: time to a usable login page (cold
 *     cache), and time to a usable list page (/config/products/ with its rows shown, signed in);
 * each against a baseline measured in the same run: first paint of a static page served by the
 * same server. Aim: shell < 400 KB gzip.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureFrontendBuilt } from '../server/cli/frontend-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8777);
const base = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. Shell size.
const dist = await ensureFrontendBuilt(root, (m) => console.log(m));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
let raw = 0;
let gz = 0;
for (const src of new Set(scripts)) {
  const buf = readFileSync(join(dist, src.replace(/^\//, '')));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
console.log(`\nShell JavaScript (entry + ${new Set(scripts).size - 1} preloaded chunks): ${kb(raw)} raw, ${kb(gz)} gzip  (budget 400 KB gzip: ${gz < 400 * 1024 ? 'OK' : 'OVER'})`);

// 2. Timings against the real server. The baseline page is written into dist/ before the server
// starts, so the static file server registers it like the app's own files.
writeFileSync(join(dist, 'bench-baseline.html'), '<!doctype html><html><body><h1>Baseline</h1></body></html>');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-frontend-'));
const server = spawn('npx', ['tsx', 'server/cli/start.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
  server.stdout.on('data', (d: Buffer) => { if (d.toString().includes('Ready in')) { clearTimeout(timer); resolve(); } });
  server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const baseline: number[] = [];
  const login: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    let t = Date.now();
    await page.goto(`${base}/bench-baseline.html`);
    await page.waitForFunction("performance.getEntriesByName('first-contentful-paint').length > 0");
    baseline.push(Number(await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")) || Date.now() - t);

    t = Date.now();
    await page.goto(`${base}/auth/login/`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    login.push(Date.now() - t);

    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('demo12345');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(/^Welcome/).waitFor();

    // A fresh page load of the list (signed in, assets cached as a returning user has them).
    t = Date.now();
    await page.goto(`${base}/config/products/`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    list.push(Date.now() - t);
    await ctx.close();
  }
  const b = median(baseline);
  console.log(`\nMedian of ${RUNS} runs (headless Chromium, localhost):`);
  console.log(`  baseline: first paint of a static page    ${b.toFixed(0)} ms`);
  console.log(`  login page usable (cold cache)             ${median(login)} ms   (${(median(login) / b).toFixed(1)}x baseline)`);
  console.log(`  product list usable (signed in, warm)      ${median(list)} ms   (${(median(list) / b).toFixed(1)}x baseline)`);
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
