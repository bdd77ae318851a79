/**
 * `npx tsx bench/reset-timing.ts`: the median answer time of `POST auth/password/reset/` for emails
 * that have an account and for emails that do not, side by side. They should be the same: the
 * lookup and the mail run after the answer (server/auth/reset-queue.ts). Reports; never fails.
 *
 * The server runs in a child process (this script with `--server`): measured from the server's own
 * thread, the client would also wait for the queued work, which is not what a remote caller sees.
 * Env: BENCH_RESETS (requests per kind, default 200). Each request comes from its own forwarded
 * address and names its own email, so neither reset throttle shapes the numbers.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startServer } from '../tests/api/harness';

const N = Math.max(10, Number(process.env.BENCH_RESETS ?? 200));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve() {
  const s = await startServer({ TRUST_PROXY: '1' });
  await s.database.db.execute(sql`insert into "user" (email, name, is_active, is_superuser, company_id, roles, ui_config, app_config)
    select 'bench' || g || '@demo.test', 'Bench ' || g, true, false, (select company_id from "user" where email = 'operator@demo.test'), '{}', '{}', '{}'
    from generate_series(1, ${N}) g`);
  process.send!({ url: s.url });
  process.on('message', () => { void s.close().then(() => process.exit(0)); });
}

async function measure() {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url } = await new Promise<{ url: string }>((r) => child.once('message', (m) => r(m as { url: string })));
  try {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 1; i <= N; i++) {
      // Alternate which goes first, so drift in the machine's load falls on both kinds alike.
      for (const kind of i % 2 ? ['known', 'unknown'] as const : ['unknown', 'known'] as const) {
        const email = kind === 'known' ? `bench${i}@demo.test` : `ghost${i}@demo.test`;
        const t0 = performance.now();
        const res = await fetch(`${url}/api/auth/password/reset/`, {
          method: 'POST', body: JSON.stringify({ email }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${kind === 'known' ? 1 : 2}.${i >> 8}.${i & 255}` },
        });
        await res.text();
        times[kind].push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`reset ${email}: ${res.status}`);
        // Let the queued work finish, so it does not fall on the next answer.
        await sleep(25);
      }
    }
    const k = median(times.known);
    const u = median(times.unknown);
    process.stdout.write(`password reset answer, median of ${N} each (ms)\n`);
    process.stdout.write(`  email with an account:    ${k.toFixed(2)}\n  email without an account: ${u.toFixed(2)}\n  ratio: ${(k / u).toFixed(2)}\n`);
  } finally {
    child.send('close');
  }
}

void (process.argv.includes('--server') ? serve() : measure());
