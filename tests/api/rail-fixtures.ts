/**
 * What the rail API tests share: a server with the small demo, the demo users' tokens, the demo
 * companies' ids, calls that answer in the shape the "nothing written" check takes, and look-ups
 * of the demo's records by code.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { rawRows } from '../../server/db/connection';
import { startServer, type TestServer } from './harness';
import { unchanged } from './contract/snapshot';
import type { Answer } from './contract/client';

export interface RailSuite {
  /** The server (set before the tests run). */
  readonly s: TestServer;
  /** Tokens by user: siteadmin, dispatcher, driver, operator, admin (superuser), partner. */
  t: Record<string, string>;
  /** Ids the tests name: `pbt` and `nrp` (the demo companies) and whatever the file adds. */
  ids: Record<string, number>;
  call(method: string, path: string, body?: unknown, token?: string): Promise<Answer>;
  /** A call that must be refused: its answer and the tables it changed. */
  refused(method: string, path: string, body?: unknown, token?: string): Promise<Answer & { changed: string[] }>;
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  /** The id of a record of the company (Prairie Bulk Terminals by default) by its code. */
  idOf(table: string, code: string, company?: number): Promise<number>;
}

export function railSuite(): RailSuite {
  let server: TestServer | undefined;
  const suite: RailSuite = {
    get s() { return server!; },
    t: {},
    ids: {},
    call: async (method, path, body, token = suite.t.siteadmin) => ({ ...(await server!.call(method, `/api/${path}`, { token, body })), headers: {} }),
    refused: (method, path, body, token) => unchanged(server!.database, () => suite.call(method, path, body, token)),
    rows: (q) => rawRows(server!.database.db, q),
    idOf: async (table, code, company = suite.ids.pbt) =>
      (await suite.rows<{ id: number }>(sql`select id from ${sql.raw(`"${table}"`)} where code = ${code} and company_id = ${company}`))[0].id,
  };
  beforeAll(async () => {
    server = await startServer();
    for (const who of ['siteadmin', 'dispatcher', 'driver', 'operator', 'admin']) suite.t[who] = await server.login(`${who}@demo.test`);
    suite.t.partner = await server.login('partner@partner.test');
    for (const code of ['PBT', 'NRP']) [{ id: suite.ids[code.toLowerCase()] }] = await suite.rows<{ id: number }>(sql`select id from company where code = ${code}`);
  }, 120_000);
  afterAll(() => server?.close());
  return suite;
}
