/**
 * List parameters the database cannot take answer 400 with the parameter as the key: NUL in
 * filters, search and autocomplete, null filter values in the CSV export, include lists longer than
 * PostgreSQL binds. A CSV export checks everything before its first byte, and one cut by a later
 * error is a cut transfer, never a complete-looking file.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
const NUL = 'Null characters are not allowed.';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

const get = async (url: string) => s.call('GET', url, { token: admin });
const exportCsv = async (path: string, body: unknown) => s.call('POST', path, { token: admin, body });

describe('NUL characters in parameters', () => {
  it('in a filter, a lookup, search, ordering and autocomplete input', async () => {
    expect(await get('/api/product/?name=a%00b')).toMatchObject({ status: 400, body: { name: [NUL] } });
    expect(await get('/api/product/count/?code__not_in=%00')).toMatchObject({ status: 400, body: { code__not_in: [NUL] } });
    expect(await get('/api/groups/choices/?search=a%00b')).toMatchObject({ status: 400, body: { search: [NUL] } });
    expect(await get('/api/product/?ordering=name%00')).toMatchObject({ status: 400, body: { ordering: [NUL] } });
    expect(await get('/api/product/autocomplete/?field=name&input=x%00')).toMatchObject({ status: 400, body: { input: [NUL] } });
    expect(await get('/api/autocomplete/suggestions/?model=product&field=name&input=%00')).toMatchObject({ status: 400, body: { input: [NUL] } });
  });

  it('in an export filter sent in the body', async () => {
    const res = await exportCsv('/api/product/download_table/', { filters: { name: 'a\u0000' } });
    expect(res).toMatchObject({ status: 400, body: { filters: ['Null characters are not allowed (at filters.name).'] } });
  });
});

describe('download_table filter values', () => {
  it('a null filter value is refused on its filter', async () => {
    const res = await exportCsv('/api/product/download_table/', { filters: { name: null, enabled: true } });
    expect(res).toMatchObject({ status: 400, body: { name: ['This value may not be null.'] } });
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('objects are refused; numbers, booleans and lists are filter values', async () => {
    expect((await exportCsv('/api/product/download_table/', { filters: { class: { a: 1 } } })).body).toEqual({ class: ['Expected a text, a number or a list of them.'] });
    const ok = await exportCsv('/api/product/download_table/', { columns: ['name'], filters: { class: [3, '8'], enabled: true, density__gte: 0 } });
    expect(ok.status).toBe(200);
    expect(ok.text.split('\r\n')[0]).toBe('"Name"');
  });

  it('a filter the database would refuse answers JSON 400 before any CSV byte', async () => {
    const res = await exportCsv('/api/user_popup/download_table/', { filters: { starts_at__gte: '0000-01-01T00:00:00Z' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(Object.keys(res.body)).toEqual(['starts_at__gte']);
  });
});

describe('long include lists', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  it('up to 10,000 values in all are bound; more is a 400 naming the parameter', async () => {
    const ok = await exportCsv('/api/product/download_table/', { columns: ['name'], filters: { id__in: ids(10_000) } });
    expect(ok.status).toBe(200);
    const tooMany = await exportCsv('/api/product/download_table/', { columns: ['name'], filters: { id__in: ids(70_000) } });
    expect(tooMany).toMatchObject({ status: 400, body: { id__in: ['Ensure the filter lists of one request name no more than 10000 values in all.'] } });
    const split = await exportCsv('/api/product/download_table/', { filters: { id__in: ids(6_000), code__not_in: ids(6_000) } });
    expect(split.status).toBe(400);
  });

  it('through a query string too', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/product/count/?density=${ids(70_000).join(',')}`, headers: { authorization: `Token ${admin}` } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['density']);
  });
});

describe('a CSV export cut by a later error', () => {
  it('ends as a cut transfer, not as a finished file', async () => {
    const postgres = s.database.kind === 'postgres';
    // Enough bytes that the export is still running when the client has its first chunk and stops
    // reading: long descriptions (no index to keep) rather than many rows, so the insert is quick.
    await s.database.db.execute(sql`insert into product (name, description, company_id) select 'Bulk ' || g, repeat('x', ${postgres ? 2000 : 100}), 1 from generate_series(1, ${postgres ? 20_000 : 30_000}) g`);
    // On PostgreSQL columns the database writes itself (COPY, one streaming statement); on PGlite
    // a reference column (rows read in pages, labels looked up per page).
    const res = await fetch(`${s.url}/api/product/download_table/`, {
      method: 'POST',
      headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ columns: postgres ? ['name', 'description', 'enabled'] : ['name', 'description', 'company'] }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The database goes away under the export: PostgreSQL loses the streaming connection, PGlite the table.
    if (postgres) await s.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'copy%'`);
    else await s.database.db.execute(sql`alter table product rename to product_away`);
    try {
      let received = first.value!.length;
      const rest = (async () => { for (;;) { const { done, value } = await reader.read(); if (done) return received; received += value.length; } })();
      await expect(rest).rejects.toThrow();
    } finally {
      if (!postgres) await s.database.db.execute(sql`alter table product_away rename to product`);
    }
  });
});
