import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The API suite runs on PGlite, and again on PostgreSQL when one answers (TEST_PG_URL or 127.0.0.1:5432). */
async function postgresReachable(): Promise<boolean> {
  if (process.env.TEST_POSTGRES === '0') return false;
  const url = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 5432) });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

export default defineConfig(async (): Promise<ViteUserConfig> => {
  const withPostgres = await postgresReachable();
  // The API files share their worker's loaded modules: each starts its own server on its own database (docs/architecture.md, Tests).
  const api = (name: string, db: string) => ({
    extends: true as const,
    test: { name, include: ['tests/api/**/*.test.ts'], environment: 'node' as const, env: { TEST_DB: db }, globalSetup: ['tests/api/global-setup.ts'], setupFiles: ['tests/api/setup-answers.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
  });
  return {
    plugins: [react()],
    test: {
      // One worker per core: the PGlite and PostgreSQL files then run side by side (about 17 minutes
      // where one worker took 21 on two cores; docs/architecture.md, Tests).
      maxWorkers: Math.max(2, availableParallelism()),
      projects: [
        { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' as const, testTimeout: 20_000 } },
        api('api-pglite', 'pglite'),
        ...(withPostgres ? [api('api-postgres', 'postgres')] : []),
      ],
    },
  };
});
