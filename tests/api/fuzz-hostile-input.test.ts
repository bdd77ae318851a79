/**
 * Never a 500 for bad input: for every declared resource and action (read from the registry, so new
 * ones are covered without editing this file), generated hostile bodies and query parameters must
 * answer 4xx. FUZZ_RUNS sets the cases per route, FUZZ_SEED replays a run.
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../../src/resources/index';
import { startServer, type TestServer } from './harness';
import { type FuzzRequest, platformTargets, targetsOf } from './fuzz/targets';

// Two cases a route on each database, about a minute each: every run draws new ones (the seed is
// the time), so the cases tried grow run after run; FUZZ_RUNS=50 for a deep search.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer({}, {});
  token = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

/** One existing row per resource (the newest), so detail routes and actions reach their handlers. */
async function existingIds(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const r of resources) {
    const res = await s.app.inject({ method: 'GET', url: `/api/${r.name}/?page_size=1&ordering=-id`, headers: { authorization: `Token ${token}` } });
    const body = res.json();
    const row = Array.isArray(body) ? body[0] : body.results?.[0];
    if (row) ids.set(r.name, String(row.id));
  }
  return ids;
}

const shown = (req: FuzzRequest) => {
  const p = req.payload === undefined ? '' : Buffer.isBuffer(req.payload) ? `<${req.payload.length} bytes: ${JSON.stringify(req.payload.subarray(0, 200).toString('latin1'))}>` : String(req.payload);
  return `${req.method} ${req.url.slice(0, 400)} ${JSON.stringify(req.headers ?? {})} ${p.slice(0, 400)}`;
};

it('no generated hostile request answers 5xx, on any resource or action', async () => {
  const targets = [...targetsOf(await existingIds()), ...platformTargets()];
  const failures: string[] = [];
  const failed: FuzzRequest[] = [];
  let cases = 0;
  const slowest: [number, string][] = [];
  for (const [i, target] of targets.entries()) {
    const started = Date.now();
    await fc.assert(fc.asyncProperty(target.request, async (req) => {
      cases++;
      let res: LightMyRequestResponse;
      try {
        res = await s.app.inject({ ...req, headers: { authorization: `Token ${token}`, ...req.headers } } as InjectOptions);
      } catch (e) {
        // A response cut mid-stream: the server met an error after the first byte.
        failures.push(`${target.name}: cut (${(e as Error).message})\n    ${shown(req)}`);
        return;
      }
      if (res.statusCode >= 500) failed.push(req);
      if (res.statusCode >= 500) failures.push(`${target.name}: ${res.statusCode} ${res.body.slice(0, 200)}\n    ${shown(req)}`);
      if (req.url.includes('download_table') && res.statusCode === 200 && res.headers['content-type']?.toString().includes('json')) failures.push(`${target.name}: a CSV export answered JSON\n    ${shown(req)}`);
    }), { numRuns: RUNS, seed: SEED + i });
    slowest.push([Date.now() - started, target.name]);
  }
  console.log(`fuzz (${process.env.TEST_DB ?? 'pglite'}, seed ${SEED}): ${targets.length} routes, ${cases} cases, ${failures.length} answered 5xx`);
  console.log(`slowest routes (ms): ${slowest.sort((a, b) => b[0] - a[0]).slice(0, 8).map(([ms, n]) => `${n} ${ms}`).join(', ')}`);
  for (const f of failures.slice(0, 60)) console.log(f);
  // FUZZ_REPORT=file keeps the failing requests whole, to replay them one by one.
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(failed.map((r) => ({ ...r, payload: Buffer.isBuffer(r.payload) ? { bytes: [...r.payload] } : r.payload }))));
  expect(failures).toEqual([]);
}, 600_000);
