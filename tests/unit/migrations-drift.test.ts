/** The committed migrations must match the declarations: generating again must produce nothing new. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, it } from 'vitest';

it('drizzle-kit finds no schema change against server/db/migrations', () => {
  // drizzle-kit resolves `out` relative to the project, so the scratch copy lives under .tmp/.
  mkdirSync('.tmp', { recursive: true });
  const out = relative(process.cwd(), mkdtempSync('.tmp/migrations-'));
  try {
    cpSync('server/db/migrations', out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const log = execFileSync('npx', ['drizzle-kit', 'generate'], { env: { ...process.env, MIGRATIONS_OUT: out }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(after, `declarations changed without a migration; run npm run db:generate\n${log}`).toEqual(before);
    expect(log).toContain('No schema changes');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
