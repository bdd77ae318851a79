/**
 * `npm start`: build the browser app if needed, open the database (PGlite in DATA_DIR, or PostgreSQL
 * at DATABASE_URL), migrate, seed the demo data when empty, and serve app + API on PORT.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { createApp } from '../app';
import { syncPermissions } from '../seed/permissions';
import { seedDemo } from '../seed/demo';
import { DEMO_PASSWORD, USERS } from '../seed/demo-data';
import { ensureFrontendBuilt } from './frontend-build';

const root = fileURLToPath(new URL('../..', import.meta.url));
const started = Date.now();
const say = (m: string) => process.stdout.write(`${m}\n`);

const config = loadConfig();
const spaDir = process.env.SKIP_FRONTEND === '1' ? null : await ensureFrontendBuilt(root, say, process.env.DIST_DIR || undefined);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: config.statementTimeoutMs });
say(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
await database.migrate();
await syncPermissions(database.db);
const seeded = process.env.SEED_DEMO === '0' ? false : await seedDemo(database.db, { volume: process.env.SEED_VOLUME === 'small' ? 'small' : 'full' });
if (seeded) say('Seeded the demo data.');

const app = await createApp({ config, database, spaDir });
await app.listen({ port: config.port, host: config.host });

say(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s: http://localhost:${config.port}/  (API docs: http://localhost:${config.port}/api/docs)`);
if (process.env.SEED_DEMO !== '0') {
  say(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const u of USERS) say(`  ${u.email.padEnd(24)} ${u.superuser ? 'superuser' : u.role}${u.company === 'partner' ? ' (partner company)' : ''}`);
}

/** SIGTERM: stop accepting, let in-flight requests finish, then close the database. */
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
