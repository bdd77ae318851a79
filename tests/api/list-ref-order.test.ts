/**
 * Ordering a list by a reference column sorts by the referenced records' labels (docs/api.md,
 * Lists), part by part for a label of several fields, and only by labels the caller may see: a
 * reference to another company's record has no label for him, so its name cannot move the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';

const TB = '/api/terminalboss/v3';
const MARK = 'REFORDER';
let s: TestServer;
let admin: string;
let superuser: string;
const ids: Record<string, string> = {};

async function post(path: string, body: unknown) {
  const res = await s.call('POST', path, { token: admin, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  s = await startServer();
  [admin, superuser] = await Promise.all([s.login('siteadmin@demo.test'), s.login('admin@demo.test')]);
  const site = (await s.call('GET', `${TB}/site/?page_size=1`, { token: admin })).body.results[0];
  // Names whose order differs from any order of their ids or codes.
  const zeta = await post(`${TB}/product/`, { product_name: 'Zeta Crude', product_code: 'A-ZETA' });
  const alpha = await post(`${TB}/product/`, { product_name: 'Alpha Crude', product_code: 'Z-ALPHA' });
  const mid = await post(`${TB}/product/`, { product_name: 'Midale Sour', product_code: 'M-MID' });
  // Label "first last": by first name, then last name (not by last name alone).
  const young = await post(`${TB}/driver/`, { first_name: 'Sam', last_name: 'Young' });
  const zimmer = await post(`${TB}/driver/`, { first_name: 'Alex', last_name: 'Zimmer' });
  const adams = await post(`${TB}/driver/`, { first_name: 'Sam', last_name: 'Adams' });
  const ticket = async (code: string, product: string, driver: string) => {
    const t = await post(`${TB}/ticket/`, { code, created_by_server: site.id, ticket_date: '2026-11-20', product, driver, bol_number: MARK });
    ids[code] = t.id;
  };
  await ticket('RO-1', zeta.id, young.id);
  await ticket('RO-2', alpha.id, zimmer.id);
  await ticket('RO-3', mid.id, adams.id);
  await ticket('RO-4', zeta.id, zimmer.id);
  await ticket('RO-5', alpha.id, young.id);
  // Another company's product, named to sort first, referenced by one of this company's tickets
  // (as imported data might): its name must not decide where that ticket sorts.
  const [{ id: companyId }] = (await s.database.db.execute(sql`select company_id as id from terminalboss_v3_site where id = ${site.id}`) as unknown as { rows: { id: number }[] }).rows;
  const [{ id: other }] = (await s.database.db.execute(sql`select id from company where id <> ${companyId} order by id limit 1`) as unknown as { rows: { id: number }[] }).rows;
  const secret = await post(`${TB}/product/`, { product_name: 'AAA Secret Blend', product_code: 'SECRET' });
  await ticket('RO-6', secret.id, adams.id);
  await s.database.db.execute(sql`update terminalboss_v3_product set company_id = ${other} where id = ${secret.id}`);
});
afterAll(() => s?.close());

const list = async (query: string, token = admin) => {
  const res = await s.call('GET', `${TB}/ticket/?bol_number=${MARK}&labels=1&${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.results ?? res.body) as { code: string; _labels: Record<string, string | null> }[];
};
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

describe('ordering by a reference', () => {
  it('sorts tickets by their product name, not the product id; another company\'s product has no name to sort by', async () => {
    const rows = await list('ordering=product&page_size=25');
    expect(rows.map((r) => r._labels.product)).toEqual(['Alpha Crude', 'Alpha Crude', 'Midale Sour', 'Zeta Crude', 'Zeta Crude', null]);
    // Equal products keep the list's tie-break (the id); what matters is the product groups.
    expect(codes(rows).slice(0, 2).sort()).toEqual(['RO-2', 'RO-5']);
    expect(codes(rows)[5]).toBe('RO-6');
    const down = await list('ordering=-product&page_size=25');
    // A row with no label to sort by comes last whichever way the column is sorted.
    expect(down.map((r) => r._labels.product)).toEqual(['Zeta Crude', 'Zeta Crude', 'Midale Sour', 'Alpha Crude', 'Alpha Crude', null]);
  });

  it('sorts by a label of several fields part by part: first name, then last name', async () => {
    const rows = await list('ordering=driver,code&page_size=25');
    expect(rows.map((r) => r._labels.driver)).toEqual(['Alex Zimmer', 'Alex Zimmer', 'Sam Adams', 'Sam Adams', 'Sam Young', 'Sam Young']);
    expect(codes(rows)).toEqual(['RO-2', 'RO-4', 'RO-3', 'RO-6', 'RO-1', 'RO-5']);
  });

  it('a superuser, who sees every company, gets the other company\'s product sorted by its name', async () => {
    const rows = await list('ordering=product&page_size=25', superuser);
    expect(codes(rows)[0]).toBe('RO-6');
  });

  it('orders a page, all rows and the CSV export alike', async () => {
    for (const ordering of ['product', '-product', 'driver', '-driver,code', 'created_by_server,product']) {
      const paged = codes(await list(`ordering=${ordering}&page_size=25`));
      expect(codes(await list(`ordering=${ordering}&page_size=0`))).toEqual(paged);
      // Pages read the label once per row set (a join); they must agree across page boundaries too.
      const two = [...codes(await list(`ordering=${ordering}&page_size=4&page=1`)), ...codes(await list(`ordering=${ordering}&page_size=4&page=2`))];
      expect(two).toEqual(paged);
      const csv = await s.call('POST', `${TB}/ticket/download_table/`, {
        token: admin, body: { columns: ['code'], ordering, filters: { bol_number: MARK } },
      });
      expect(csv.status, csv.text).toBe(200);
      expect(csv.text.trim().split(/\r\n/).slice(1).map((l) => JSON.parse(l))).toEqual(paged);
    }
  });
});
