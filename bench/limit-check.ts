/**
 * `npx tsx bench/limit-check.ts`: what checking loads against limits (docs/terminal.md, Limits at
 * the load) adds to keying tickets. The same loads are keyed one by one (POST, completed) and
 * started in bulk (update-tickets-status, draft -> in progress) twice in one run: with no limit
 * covering them (the baseline), and with three active periodic limits and two allocations with
 * transfer limits covering every one of them (generous, so nothing is refused). Prints the times
 * per ticket and their ratio. In-memory PGlite, small demo seed; never fails on timing.
 *
 * Env: LIMIT_TICKETS (150).
 */
import { startServer, type TestServer } from '../tests/api/harness';
import { TB, type Terminal, makeTerminal, ticketBody } from '../tests/api/terminal-tickets-fixtures';

const N = Number(process.env.LIMIT_TICKETS ?? 150);
/** Loads started at once: within what the allocations allow under way (99). */
const START = Math.min(N, 90);
const say = (m = '') => process.stdout.write(`${m}\n`);

async function post(s: TestServer, token: string, path: string, body: unknown) {
  const res = await s.call('POST', path, { token, body });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** N completed loads keyed one by one, then N drafts started in bulk: the milliseconds per ticket of each. */
async function keying(s: TestServer, token: string, t: Terminal, date: string) {
  const body = (status: string) => ticketBody(t, { status, ticket_type: 'delivery', shipper: t.shipper.id, volume_unit: t.unit.id, net_volume: '30.000', ticket_date: date });
  let t0 = performance.now();
  for (let i = 0; i < N; i++) await post(s, token, `${TB}/ticket/`, body('completed'));
  const keyed = (performance.now() - t0) / N;
  const drafts: string[] = [];
  for (let i = 0; i < START; i++) drafts.push((await post(s, token, `${TB}/ticket/`, body('draft'))).id);
  t0 = performance.now();
  await post(s, token, `${TB}/ticket/update-tickets-status/`, { ticket_ids: drafts, status: 'in_progress' });
  const started = (performance.now() - t0) / START;
  // Completed again, so the next round starts with no load under way.
  await post(s, token, `${TB}/ticket/update-tickets-status/`, { ticket_ids: drafts, status: 'completed' });
  return { keyed, started };
}

async function main() {
  const s = await startServer();
  try {
    const admin = await s.login('siteadmin@demo.test');
    const t = await makeTerminal(s, admin, 'B');
    // A warm-up round, so both measured rounds run on a warm server.
    await keying(s, admin, t, '2026-09-10');
    const base = await keying(s, admin, t, '2026-10-10');
    for (const [i, scope] of [{}, { shipper: t.shipper.id }, { product: t.product.id, ticket_type: 'delivery' }].entries()) {
      const limit = await post(s, admin, `${TB}/periodic-limit/`, { name: `Bench ${i}`, status: 'active', period_type: 'month', site: t.site.id, basis: 'net_volume', unit: t.unit.id, default_limit: '1000000', ...scope });
      await post(s, admin, `${TB}/limit-period/`, { periodic_limit: limit.id, period_start: '2026-11-01', period_end: '2026-11-30', limit: '1000000' });
    }
    for (const code of ['BENCH-1', 'BENCH-2']) {
      const a = await post(s, admin, '/api/terminalboss/allocation/', { allocation_code: code, product_key: t.product.id, stockholder: t.shipper.id, effective_date: '2026-01-01', max_allowed_uses: 99 });
      await post(s, admin, '/api/terminalboss/transferlimit/', { allocation: a.id, period_type: 'month', period_start_date: '2026-01-01', limit: '1000000' });
    }
    const limited = await keying(s, admin, t, '2026-11-10');
    const row = (label: string, a: number, b: number) => say(`${label.padEnd(34)} ${a.toFixed(2).padStart(8)} ms  ${b.toFixed(2).padStart(8)} ms  x${(b / a).toFixed(2)}`);
    say(`Per round: ${N} loads keyed, ${START} started at once`);
    say(`${''.padEnd(34)} ${'no limit'.padStart(11)}  ${'5 limits'.padStart(11)}`);
    row('key a completed load (POST)', base.keyed, limited.keyed);
    row('start a load (bulk status move)', base.started, limited.started);
  } finally {
    await s.close();
  }
}

void main();
