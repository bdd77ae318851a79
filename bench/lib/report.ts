/** The printed results. */
import type { Load } from './measure';

const num = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pad = (s: string, w: number, right = false) => (right ? s.padEnd(w) : s.padStart(w));

export interface Row { scenario: string; engine: Load; baseline: Load }

export function loadTable(title: string, rows: Row[]): string {
  const head = ['scenario', 'engine req/s', 'base req/s', 'ratio', 'engine p50/p99 ms', 'base p50/p99 ms', 'non-2xx e/b', 'srv CPU us/req e/b', 'SQL/req e/b'];
  const widths = [38, 12, 10, 5, 17, 15, 11, 18, 11];
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i], i === 0)).join('  ');
  const out = [title, line(head), '-'.repeat(widths.reduce((a, b) => a + b + 2, -2))];
  for (const r of rows) {
    const ratio = r.baseline.reqPerSec ? r.engine.reqPerSec / r.baseline.reqPerSec : 0;
    out.push(line([
      r.scenario, num(r.engine.reqPerSec), num(r.baseline.reqPerSec), num(ratio, 2),
      `${num(r.engine.p50)} / ${num(r.engine.p99)}`, `${num(r.baseline.p50)} / ${num(r.baseline.p99)}`, `${r.engine.bad}/${r.baseline.bad}`,
      `${num(r.engine.cpuPerReq ?? 0)} / ${num(r.baseline.cpuPerReq ?? 0)}`, `${num(r.engine.sqlPerReq ?? 0, 1)} / ${num(r.baseline.sqlPerReq ?? 0, 1)}`,
    ]));
  }
  return out.join('\n');
}

export function verdict(label: string, ok: boolean, detail: string) {
  return `  ${ok ? 'MET   ' : 'MISSED'}  ${label}: ${detail}`;
}

export { num };

/** Runs a benchmark's main, printing why it failed and setting the exit code instead of throwing. */
export function runBench(main: () => Promise<void>) {
  main().catch((e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
