/**
 * A page ordered by a reference may be read as a walk in label order (server/engine/ref-walk.ts):
 * the referenced records one by one, each with its rows from the list index. The server here walks
 * whatever the number of rows (LIST_WALK_MIN_ROWS=0), so every page below is a walk, and each must
 * hold exactly the rows the self-contained order (an unpaged list) puts there: across referenced
 * records, into the rows without a label (no shipper, or another company's), past the end, with a
 * filter, both directions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { parseListQuery } from '../../server/engine/list-query';
import { ticket } from '../../src/resources/terminal/ticket';
import { driver } from '../../src/resources/terminal/driver';

const TB = '/api/terminalboss/v3';
const MARK = 'REFWALK';
let s: TestServer;
let admin: string;

async function post(path: string, body: unknown) {
  const res = await s.call('POST', path, { token: admin, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  s = await startServer({ LIST_WALK_MIN_ROWS: '0' });
  admin = await s.login('siteadmin@demo.test');
  const site = (await s.call('GET', `${TB}/site/?page_size=1`, { token: admin })).body.results[0];
  const products = [];
  for (const [name, code] of [['Zeta Crude', 'W-A'], ['Alpha Crude', 'W-Z'], ['Midale Sour', 'W-M']]) products.push(await post(`${TB}/product/`, { product_name: name, product_code: code }));
  const shippers = [];
  for (const [name, code] of [['Yukon Energy', 'W-YUK'], ['Bow River Oil', 'W-BOW'], ['Hidden Shipper', 'W-HID']]) shippers.push(await post(`${TB}/company/`, { name, company_code: code }));
  // 31 tickets over the products and shippers; some without a shipper; dates repeat, so the list's
  // own order (newest date, then number) decides within a referenced record.
  for (let i = 0; i < 31; i++) {
    await post(`${TB}/ticket/`, {
      code: `RW-${String(i).padStart(2, '0')}`, created_by_server: site.id, ticket_date: `2026-11-${String(10 + (i % 7)).padStart(2, '0')}`,
      product: products[i % 3].id, shipper: i % 5 === 4 ? null : shippers[i % 3].id, bol_number: MARK, status: i % 4 === 0 ? 'draft' : 'completed',
    });
  }
  // One shipper moves to another company: its name must not place its tickets (no label for this user).
  const [{ id: other }] = (await s.database.db.execute(sql`select id from company where id <> (select company_id from terminalboss_v3_site where id = ${site.id}) order by id limit 1`) as unknown as { rows: { id: number }[] }).rows;
  await s.database.db.execute(sql`update terminalboss_v3_company set company_id = ${other} where id = ${shippers[2].id}`);
});
afterAll(() => s?.close());

const list = async (query: string) => {
  const res = await s.call('GET', `${TB}/ticket/?bol_number=${MARK}&fields=code&${query}`, { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.body as { count?: number; results?: { code: string }[] } & { code: string }[];
};
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

describe('a page ordered by a reference, read as a walk in label order', () => {
  it('is offered where a list index holds the rows of one referenced record in the list order', () => {
    expect(parseListQuery(ticket, { ordering: 'product' }, [], () => undefined).walk).toBeDefined();
    expect(parseListQuery(ticket, { ordering: '-shipper' }, [], () => undefined).walk).toBeDefined();
    // Two terms, or a reference no list index leads with (the driver is no list column): the join.
    expect(parseListQuery(ticket, { ordering: 'product,code' }, [], () => undefined).walk).toBeUndefined();
    expect(parseListQuery(ticket, { ordering: 'driver' }, [], () => undefined).walk).toBeUndefined();
    expect(parseListQuery(driver, { ordering: 'carrier' }, [], () => undefined).walk).toBeUndefined();
  });

  for (const ordering of ['product', '-product', 'shipper', '-shipper']) {
    for (const filter of ['', 'status=completed']) {
      it(`pages through ${ordering}${filter ? ` with ${filter}` : ''} exactly as the whole list orders it`, async () => {
        const all = codes(await list(`ordering=${ordering}&page_size=0&${filter}`));
        expect(all.length).toBeGreaterThan(20);
        const walked: string[] = [];
        for (let page = 1; ; page++) {
          const res = await list(`ordering=${ordering}&page_size=4&page=${page}&${filter}`);
          expect(res.count).toBe(all.length);
          walked.push(...codes(res.results!));
          if (walked.length >= all.length) break;
        }
        expect(walked).toEqual(all);
        const past = await s.call('GET', `${TB}/ticket/?bol_number=${MARK}&ordering=${ordering}&page_size=4&page=${Math.ceil(all.length / 4) + 1}&${filter}`, { token: admin });
        expect(past.status).toBe(404);
      });
    }
  }

  it('puts tickets without a shipper label last in both directions, each shipper\'s tickets newest first', async () => {
    const rows = await s.call('GET', `${TB}/ticket/?bol_number=${MARK}&ordering=-shipper&page_size=0&labels=1&fields=code,shipper,ticket_date`, { token: admin });
    const labels = (rows.body as { _labels: { shipper: string | null } }[]).map((r) => r._labels.shipper);
    const firstBlank = labels.indexOf(null);
    expect(labels.slice(0, firstBlank).every(Boolean)).toBe(true);
    expect(labels.slice(firstBlank).every((l) => l === null)).toBe(true);
    expect([...new Set(labels.slice(0, firstBlank))]).toEqual(['Yukon Energy', 'Bow River Oil']);
    const yukon = (rows.body as { ticket_date: string; _labels: { shipper: string | null } }[]).filter((r) => r._labels.shipper === 'Yukon Energy').map((r) => r.ticket_date);
    expect(yukon).toEqual([...yukon].sort().reverse());
  });
});
