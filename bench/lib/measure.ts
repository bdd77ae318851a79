/** Load generation (autocannon), the streamed export timer and the psql \copy timer. */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export interface Load {
  reqPerSec: number; p50: number; p99: number; total: number; bad: number;
  /** Server process CPU (user + system) per request, microseconds; SQL statements per request. */
  cpuPerReq?: number; sqlPerReq?: number;
}

/** Reads the server process's CPU time and statement count. */
export interface Probe {
  cpu(): Promise<{ micros: number; queries: number }>;
  /** Resolves when the server has finished the requests the last run abandoned. */
  drain(): Promise<unknown>;
}

export interface Scenario {
  method?: 'GET' | 'PATCH';
  /** Path of each request; called per request so ids can rotate. */
  path: () => string;
  body?: string;
}

export async function hammer(base: string, token: string, s: Scenario, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { authorization: `Token ${token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    requests: [{
      method: s.method ?? 'GET',
      body: s.body,
      setupRequest: (req) => ({ ...req, path: s.path() }),
    }],
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Engine vs baseline, each after a short warm-up; the two runs alternate so drift hits both. */
export async function compare(base: string, token: string, engine: Scenario, baseline: Scenario, connections: number, seconds: number, probe: Probe) {
  const warm = Math.min(2, seconds);
  const run = async (s: Scenario) => {
    await probe.drain();
    await hammer(base, token, s, connections, warm);
    await probe.drain();
    const before = await probe.cpu();
    const load = await hammer(base, token, s, connections, seconds);
    const after = await probe.cpu();
    const n = Math.max(1, load.total);
    return { ...load, cpuPerReq: (after.micros - before.micros) / n, sqlPerReq: (after.queries - before.queries) / n };
  };
  const e = await run(engine);
  const b = await run(baseline);
  return { engine: e, baseline: b };
}

export interface Download { seconds: number; bytes: number; lines: number; status: number }

/** One request, body streamed and discarded (counting bytes and lines). */
export async function download(url: string, token: string, body: unknown): Promise<Download> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let bytes = 0;
  let lines = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
  }
  return { seconds: (performance.now() - t0) / 1000, bytes, lines, status: res.status };
}

/** `psql -c "\copy (...) to '/dev/null' csv"`, wall time. */
export function psqlCopy(dbName: string, select: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', dbName, '-v', 'ON_ERROR_STOP=1', '-c',
      `\\copy (${select}) to '/dev/null' with (format csv, header, force_quote *)`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += String(d); });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`psql exited ${code}: ${err}`))));
  });
}
