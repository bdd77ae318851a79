/** The setup both contract suites share: a server without demo data, the world of actors, and the record maker. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { rawRows } from '../../../server/db/connection';
import { startServer, type TestServer } from '../harness';
import { Records } from './records';
import { type World, buildWorld } from './world';

export interface Suite { s: TestServer; w: World; rec: Records }

/** Builds the suite once before its tests (handing it to `ready`) and closes the server after them. */
export function contractSuite(ready: (suite: Suite) => void) {
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await startServer({}, { seed: false });
    const w = await buildWorld(s);
    const rec = new Records(w);
    const shipments = [];
    for (const partner of [w.owner, w.stranger]) shipments.push((await rec.shareContract(partner)).shipment);
    // Shipped, as the partner reads them (a shipment ships through the API only with loaded cars).
    await rawRows(s.database.db, sql`update rail_shipment set status = 'shipped', bol_number = 'SHARED-' || id where id in ${shipments}`);
    ready({ s, w, rec });
  }, 120_000);
  afterAll(() => s?.close());
}
