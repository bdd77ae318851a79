/** The setup both contract suites share: a server without demo data, the world of actors, and the record maker. */
import { afterAll, beforeAll } from 'vitest';
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
    for (const partner of [w.owner, w.stranger]) await rec.shareContract(partner);
    ready({ s, w, rec });
  }, 120_000);
  afterAll(() => s?.close());
}
