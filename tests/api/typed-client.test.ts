/**
 * A third party's client, generated from the published document with tools nobody here wrote:
 * openapi-typescript turns `/api/openapi.json` into types, a small program uses them through
 * openapi-fetch, the TypeScript compiler checks it (a wrong parameter or field does not compile),
 * and the same program then works against the real server.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import { startServer, type TestServer } from './harness';

const run = promisify(execFile);
const dir = join(process.cwd(), '.tmp', `typed-client-${process.pid}-${process.env.TEST_DB ?? 'pglite'}`);

// The program a partner's integrator would write: sign in, read a page of tickets, change one.
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths, components } from './api';

type Ticket = components['schemas']['TerminalbossV3Ticket'];

export async function integrate(baseUrl: string, email: string, password: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const login = await anonymous.POST('/api/auth/login/', { body: { email, password } });
  if (!login.data) throw new Error('sign-in refused');
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Token \${login.data.key}\` } });
  const page = await client.GET('/api/terminalboss/v3/ticket/', { params: { query: { page_size: 2, ordering: '-id' } } });
  if (!page.data || Array.isArray(page.data)) throw new Error('no page');
  const first: Ticket = page.data.results[0];
  const one = await client.GET('/api/terminalboss/v3/ticket/{id}/', { params: { path: { id: first.id } } });
  const changed = await client.PATCH('/api/terminalboss/v3/ticket/{id}/', {
    params: { path: { id: first.id } },
    body: { comments: 'Checked by the integration', version: one.data!.version },
  });
  const stale = await client.PATCH('/api/terminalboss/v3/ticket/{id}/', {
    params: { path: { id: first.id } },
    body: { comments: 'From an old copy', version: one.data!.version },
  });
  return { count: page.data.count, first, one: one.data, changed: changed.data, stale: { status: stale.response.status, error: stale.error } };
}

export function wrongUses(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: the list takes no such parameter
  void client.GET('/api/terminalboss/v3/ticket/', { params: { query: { no_such_parameter: 1 } } });
  // @ts-expect-error: no such path
  void client.GET('/api/no_such_resource/');
  // @ts-expect-error: a ticket's comments are text
  void client.PATCH('/api/terminalboss/v3/ticket/{id}/', { params: { path: { id: '6f1c1b4e-8d5f-4a53-9f0e-6a2b8c1d2e3f' } }, body: { comments: 12 } });
}
`;

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  mkdirSync(dir, { recursive: true });
  const doc = (await s.call('GET', '/api/openapi.json')).body;
  writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
  writeFileSync(join(dir, 'program.ts'), PROGRAM);
}, 120_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The types come from the document, not the database: they are compiled once, on the embedded one.
it.skipIf(process.env.TEST_DB === 'postgres')('compiles a program using the generated types, and refuses wrong uses', async () => {
  const tsc = join(process.cwd(), 'node_modules', '.bin', 'tsc');
  const args = ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node', join(dir, 'program.ts')];
  const out = await run(tsc, args, { cwd: process.cwd() }).then(() => '', (e: { stdout?: string }) => e.stdout ?? String(e));
  expect(out).toBe('');
}, 120_000);

it('the same program works against the server: reads, changes, and hears the conflict', async () => {
  const { integrate } = await import(join(dir, 'program.ts')) as { integrate: (b: string, e: string, p: string) => Promise<any> };
  const got = await integrate(s.url, 'admin@demo.test', 'demo12345');
  expect(got.count).toBeGreaterThan(0);
  expect(got.one.id).toBe(got.first.id);
  expect(got.changed).toMatchObject({ id: got.first.id, comments: 'Checked by the integration', version: got.one.version + 1 });
  expect(got.stale.status).toBe(409);
  expect(typeof got.stale.error.detail).toBe('string');
});
