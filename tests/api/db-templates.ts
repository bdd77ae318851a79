/**
 * Every API test file starts its own server on its own database. Creating that database from
 * nothing (PGlite's initdb, every migration, the permissions, the demo data) takes about ten
 * seconds, so the suite's setup builds it once per run as a template: a dump of PGlite's data
 * directory, and a PostgreSQL template database. A file then starts from a copy in a second or two.
 * Outside the test runner (bench scripts) no template is set and the database is built as before.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/connection';
import { syncPermissions } from '../../server/seed/permissions';
import { seedDemo } from '../../server/seed/demo';
// The demo data holds computed columns whose expressions the app's modules register.
import '../../server/app';

export type Seeding = 'seeded' | 'bare';

/** Where the run's templates are named: a file of a PGlite dump, or a PostgreSQL database name. */
export const templateEnv = (kind: 'pglite' | 'postgres', seeding: Seeding) => `TEST_TEMPLATE_${kind.toUpperCase()}_${seeding.toUpperCase()}`;

const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Brings a new database to what a test server starts on: migrated, its permissions, and the demo data unless `bare`. */
export async function prepareDatabase(database: Database, seeding: Seeding) {
  await database.migrate();
  await syncPermissions(database.db);
  if (seeding === 'seeded') await seedDemo(database.db);
}

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  try { await admin.query(statement); } finally { await admin.end(); }
}

const urlOf = (name: string) => {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new PostgreSQL database (a copy of `template` when given) and how to drop it. */
export async function createPgDatabase(template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return { name, url: urlOf(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The PGlite dump of a prepared database. */
export async function pgliteTemplate(seeding: Seeding): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await prepareDatabase(database, seeding);
    const client = (database.db as unknown as { $client: { exec(q: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    // A checkpoint first: a copy then starts without replaying the seeding's WAL (about 0.85 s a file before, 0.5 s after).
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** A prepared PostgreSQL database to copy from; nobody stays connected to it, as a template requires. */
export async function pgTemplate(seeding: Seeding): Promise<{ name: string; drop: () => Promise<void> }> {
  const made = await createPgDatabase();
  const database = await openDatabase({ url: made.url });
  try {
    await prepareDatabase(database, seeding);
  } finally {
    await database.close();
  }
  return made;
}
