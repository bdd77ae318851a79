/**
 * Own rows and reference labels (docs/security.md): the demo driver reads only his own loads, in
 * the list, the record, the count, the PDF and the CSV; he reads the names of what they reference
 * without the right to list those resources; labels of another company's records are never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, expectPdf, fullTicket, getBinary, makeTerminal, pdfText, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let driver: string;
let partner: string;
let t: Terminal;
let pt: Terminal;
let mine: { id: string; first_name: string; last_name: string };
let own: any[];
let others: any[];

const get = (path: string, token = driver) => s.call('GET', path, { token });
const post = async (path: string, body: unknown, token = admin) => {
  const res = await s.call('POST', path, { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

beforeAll(async () => {
  s = await startServer();
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, driver, partner] = await Promise.all(['siteadmin@demo.test', 'driver@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'OWN');
  pt = await makeTerminal(s, partner, 'PO');
  const drivers = (await get(`${TB}/driver/?page_size=0`)).body;
  expect(drivers).toHaveLength(1);
  mine = drivers[0];
  own = [await fullTicket(s, admin, t, { driver: mine.id }), await post(`${TB}/ticket/`, ticketBody(t, { driver: mine.id, shipper: t.shipper.id }))];
  others = [await fullTicket(s, admin, t), await post(`${TB}/ticket/`, ticketBody(t))];
});
afterAll(() => s?.close());

describe('a driver reads his own loads', () => {
  it('lists, counts and opens only tickets whose driver is his account', async () => {
    const all = (await get(`${TB}/ticket/?page_size=0`, admin)).body.map((x: any) => x.id);
    expect(all).toEqual(expect.arrayContaining([...own, ...others].map((x) => x.id)));
    const list = await get(`${TB}/ticket/?page_size=100`);
    expect(list.status).toBe(200);
    const ids = list.body.results.map((x: any) => x.id);
    expect(ids).toEqual(expect.arrayContaining(own.map((x) => x.id)));
    expect(ids).not.toContain(others[0].id);
    expect(list.body.results.every((x: any) => x.driver === mine.id)).toBe(true);
    expect(list.body.count).toBe(ids.length);
    expect((await get(`${TB}/ticket/count/`)).body.count).toBe(ids.length);
    expect((await get(`${TB}/ticket/${own[0].id}/`)).status).toBe(200);
    expect((await get(`${TB}/ticket/${others[0].id}/`)).status).toBe(404);
  });

  it('reads the entries and properties of his loads only', async () => {
    const entries = (await get(`${TB}/ticketentry/?page_size=0`)).body;
    expect(entries.length).toBeGreaterThan(0);
    const tickets = new Set(entries.map((x: any) => x.ticket));
    expect(tickets.has(own[0].id)).toBe(true);
    expect(tickets.has(others[0].id)).toBe(false);
    expect((await get(`${TB}/ticketproperty/?ticket=${others[0].id}&page_size=0`)).body).toEqual([]);
  });

  it('reads his own driver record, not another driver\'s', async () => {
    expect((await get(`${TB}/driver/${mine.id}/`)).body.last_name).toBe(mine.last_name);
    expect((await get(`${TB}/driver/${t.driver.id}/`)).status).toBe(404);
  });

  it('prints his own loads with his own licence, and cannot print another driver\'s', async () => {
    const res = await getBinary(s, driver, `${TB}/ticket/${own[0].id}/print/`);
    expectPdf(res);
    const text = pdfText(res.body);
    expect(text).toContain(mine.last_name);
    expect(text).toContain((await get(`${TB}/driver/${mine.id}/`)).body.license_number);
    expect(text).not.toContain(t.driver.license_number);
    // The parties by name; their addresses only for a role that may view companies, as on screen.
    expect(text).toContain(t.shipper.name);
    expect(text).not.toContain(t.shipper.address);
    expect(pdfText((await getBinary(s, admin, `${TB}/ticket/${own[0].id}/print/`)).body)).toContain(t.shipper.address);
    expect((await getBinary(s, driver, `${TB}/ticket/${others[0].id}/print/`)).status).toBe(404);
    const many = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body: { ticket_ids: [own[0].id, others[0].id] } });
    expect(many.status).toBe(400);
  });

  it('exports his own loads only', async () => {
    const res = await s.call('POST', `${TB}/ticket/download_table/`, { token: driver, body: { columns: ['code', 'driver'] } });
    expect(res.status).toBe(200);
    expect(res.text).toContain(own[0].code);
    expect(res.text).not.toContain(others[0].code);
  });

  it('may not change his loads', async () => {
    expect((await s.call('PATCH', `${TB}/ticket/${own[1].id}/`, { token: driver, body: { comments: 'mine now' } })).status).toBe(403);
  });

  it('offers as column values only what his own loads hold', async () => {
    const res = await get(`${TB}/ticket/autocomplete/?field=driver`);
    const labels = res.status === 200 ? res.body.map((x: any) => x.label) : [];
    expect(labels.join(' ')).not.toContain(t.driver.last_name);
  });
});

describe('reference labels', () => {
  it('names what his ticket references, though he may not list those resources', async () => {
    expect((await get(`${TB}/company/`)).status).toBe(403);
    expect((await get(`${TB}/vehicle/`)).status).toBe(403);
    const res = await get(`${TB}/ticket/${own[0].id}/?labels=1`);
    expect(res.status).toBe(200);
    expect(res.body._labels).toMatchObject({
      created_by_server: t.site.name, shipper: t.shipper.name, carrier: t.carrier.name, consignee: t.consignee.name,
      driver: `${mine.first_name} ${mine.last_name}`, volume_unit: t.unit.code,
    });
    expect(res.body._labels.product).toContain(t.product.product_name);
    const list = await get(`${TB}/ticket/?labels=1&page_size=100&shipper=${t.shipper.id}`);
    expect(list.body.results.map((x: any) => x._labels.shipper)).toEqual(list.body.results.map(() => t.shipper.name));
  });

  it('are sent only when asked for, and a bad value says how to ask', async () => {
    expect((await get(`${TB}/ticket/${own[0].id}/`)).body._labels).toBeUndefined();
    const bad = await get(`${TB}/ticket/?labels=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.labels[0]).toMatch(/labels=1/);
    const plain = await get(`${TB}/ticket/?labels=1&page_size=0`, admin);
    expect(Array.isArray(plain.body) && plain.body.every((x: any) => '_labels' in x)).toBe(true);
  });

  it('never carry the label of another company\'s record', async () => {
    // A reference across companies cannot be made through the API; written past it, its label still stays home.
    await s.database.db.execute(sql`update terminalboss_v3_ticket set consignee_id = ${pt.consignee.id} where id = ${own[1].id}`);
    const res = await get(`${TB}/ticket/${own[1].id}/?labels=1`);
    expect(res.body.consignee).toBe(pt.consignee.id);
    expect(res.body._labels.consignee).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain(pt.consignee.name);
  });
});
