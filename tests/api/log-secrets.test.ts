/**
 * A failed write is logged without its SQL parameters (server/engine/loggable-error.ts): creating a
 * user whose insert the database refuses must not put the password hash, the email or any other
 * value of the statement in the log, yet the log still says what failed and under which request id.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startServer, type TestServer } from './harness';
import { createApp } from '../../server/app';
import { loggableError } from '../../server/engine/loggable-error';

let s: TestServer;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  s = await startServer();
  // A second app on the same database, logging at info into `lines` (the harness's app logs nothing).
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  app = await createApp({ config: s.config, database: s.database, logger: { level: 'info', stream }, spaDir: null });
  await app.ready();
  // A fault the engine does not translate into a 4xx: the insert itself fails with a 500.
  await s.database.db.execute(sql`create function refuse_user_insert() returns trigger language plpgsql as $$
    begin raise exception 'user inserts are switched off' using errcode = 'P0001'; end $$`);
  await s.database.db.execute(sql`create trigger refuse_user_insert before insert on "user" for each row execute function refuse_user_insert()`);
}, 120_000);
afterAll(async () => {
  await s?.database.db.execute(sql`drop trigger if exists refuse_user_insert on "user"`);
  await app?.close();
  await s?.close();
});

describe('failed writes in the log', () => {
  it('carry no SQL parameters: no password hash, no email, no user data', async () => {
    const admin = await s.login('admin@demo.test');
    const res = await app.inject({
      method: 'POST', url: '/api/user/', headers: { authorization: `Token ${admin}`, 'x-request-id': 'log-secrets-1' },
      payload: { email: 'secret.person@demo.test', name: 'Secret Person', telephone: '780-555-0199', password: 'Hunter2-secret-pw' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error' && l.reqId === 'log-secrets-1');
    expect(failure?.err).toMatchObject({ query: expect.stringContaining('insert into "user"') });
    expect(JSON.stringify(failure.err)).toContain('user inserts are switched off');
    for (const secret of ['scrypt$', 'Hunter2-secret-pw', 'secret.person@demo.test', 'Secret Person', '780-555-0199', 'params:', '"params"']) {
      expect({ secret, logged: log.includes(secret) }).toEqual({ secret, logged: false });
    }
  });

  it('loggableError cuts the parameters out of the message and the stack, keeping the frames', () => {
    const e = new Error('Failed query: select $1\nparams: scrypt$32768$8$1$c2FsdA==$aGFzaA==,x@y.z');
    Object.assign(e, { query: 'select $1', params: ['scrypt$...', 'x@y.z'] });
    const out = loggableError(e);
    expect(out.message).toBe('Failed query: select $1');
    expect(out.query).toBe('select $1');
    expect(out.stack).toMatch(/^Error: Failed query: select \$1\n {4}at /);
    expect(JSON.stringify(out)).not.toMatch(/scrypt|x@y\.z|params/);
  });
});
