/**
 * Engine features the terminal declarations lean on: declared lifecycles (a choice field with
 * transitions) enforced on create and on every PATCH, API aliases serving the same records, and
 * database-numbered identity fields that clients cannot write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
const v3 = '/api/terminalboss/v3';
let ticketId: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
  const me = await s.call('GET', '/api/user/me/', { token: admin });
  const company = me.body.company.id;
  const site = await s.call('POST', `${v3}/site/`, { token: admin, body: { name: 'Lifecycle site', username: 'lifecycle-site', company } });
  expect(site.status).toBe(201);
  const product = await s.call('POST', `${v3}/product/`, { token: admin, body: { product_name: 'Lifecycle crude', product_code: 'LC-1', company } });
  expect(product.status).toBe(201);
  const ticket = await s.call('POST', `${v3}/ticket/`, {
    token: admin, body: { created_by_server: site.body.id, product: product.body.id, ticket_date: '2026-11-01', company },
  });
  expect(ticket.status).toBe(201);
  ticketId = ticket.body.id;
});
afterAll(() => s?.close());

describe('declared lifecycles', () => {
  it('creates in the declared default state and refuses a non-initial one', async () => {
    const t = await s.call('GET', `${v3}/ticket/${ticketId}/`, { token: admin });
    expect(t.body.status).toBe('draft');
    const bad = await s.call('POST', `${v3}/ticket/`, { token: admin, body: { ...pick(t.body), status: 'void' } });
    expect(bad.status).toBe(400);
    expect(bad.body.status[0]).toMatch(/cannot start as Void/);
  });

  it('allows a declared move and refuses an undeclared one, leaving the record unchanged', async () => {
    const ok = await s.call('PATCH', `${v3}/ticket/${ticketId}/`, { token: admin, body: { id: ticketId, status: 'completed' } });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('completed');
    const back = await s.call('PATCH', `${v3}/ticket/${ticketId}/`, { token: admin, body: { id: ticketId, status: 'draft', comments: 'should not be saved' } });
    expect(back.status).toBe(400);
    expect(back.body.status[0]).toBe('Cannot change from Completed to Draft. Allowed: In progress, Void.');
    const after = await s.call('GET', `${v3}/ticket/${ticketId}/`, { token: admin });
    expect(after.body).toMatchObject({ status: 'completed', version: ok.body.version, comments: null });
  });

  it('treats a final state as final', async () => {
    expect((await s.call('PATCH', `${v3}/ticket/${ticketId}/`, { token: admin, body: { status: 'void', void_reason: 'Entered twice' } })).status).toBe(200);
    const again = await s.call('PATCH', `${v3}/ticket/${ticketId}/`, { token: admin, body: { status: 'in_progress' } });
    expect(again.status).toBe(400);
    expect(again.body.status[0]).toBe('Cannot change from Void to In progress. Void is final.');
  });

  it('lets only one of two concurrent moves from the same state through when they conflict', async () => {
    const created = await s.call('POST', `${v3}/company/`, { token: admin, body: { name: 'Race Co', company_code: 'RACE' } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // active -> inactive and active -> locked both start from active; inactive -> locked is not allowed.
    const [a, b] = await Promise.all([
      s.call('PATCH', `${v3}/company/${id}/`, { token: admin, body: { status: 'inactive' } }),
      s.call('PATCH', `${v3}/company/${id}/`, { token: admin, body: { status: 'locked', lockout_date: '2026-11-02', lockout_reason: 'Unpaid invoices' } }),
    ]);
    const statuses = [a.status, b.status].sort();
    const final = await s.call('GET', `${v3}/company/${id}/`, { token: admin });
    if (statuses[0] === 200 && statuses[1] === 200) {
      // Serialised one after the other: the second was a legal move from the first's result.
      expect(['locked', 'inactive']).toContain(final.body.status);
      expect(final.body.version).toBe(3);
    } else {
      expect(statuses).toEqual([200, 400]);
      expect(final.body.version).toBe(2);
    }
  });
});

describe('copies', () => {
  it('a copy of a void ticket starts as a draft, with a new number and without the original sign-off', async () => {
    const original = await s.call('GET', `${v3}/ticket/${ticketId}/`, { token: admin });
    expect(original.body).toMatchObject({ status: 'void', void_reason: 'Entered twice' });
    const copy = await s.call('POST', `${v3}/ticket/${ticketId}/clone/`, { token: admin });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ status: 'draft', void_reason: null, product: original.body.product, ticket_date: original.body.ticket_date });
    expect(copy.body.code).toMatch(/^T-\d{6}$/);
    expect(copy.body.code).not.toBe(original.body.code);
    expect(copy.body.id).not.toBe(ticketId);
  });
});

describe('aliases and identity numbers', () => {
  it('serves the same records under the older path', async () => {
    const v3list = await s.call('GET', `${v3}/product/?page_size=0&ordering=product_code`, { token: admin });
    const v2list = await s.call('GET', '/api/terminalboss/product/?page_size=0&ordering=product_code', { token: admin });
    expect(v2list.status).toBe(200);
    expect(v2list.body.map((p: any) => p.id)).toEqual(v3list.body.map((p: any) => p.id));
  });

  it('numbers records in the database and refuses a client-chosen number', async () => {
    const a = await s.call('POST', `${v3}/vehicle/`, { token: admin, body: { unit_number: 'U-1' } });
    const b = await s.call('POST', `${v3}/vehicle/`, { token: admin, body: { unit_number: 'U-2' } });
    expect(Number.isInteger(a.body.legacy_id)).toBe(true);
    expect(b.body.legacy_id).toBeGreaterThan(a.body.legacy_id);
    const found = await s.call('GET', `${v3}/vehicle/?legacy_id=${b.body.legacy_id}`, { token: admin });
    expect(found.body.results.map((v: any) => v.id)).toEqual([b.body.id]);
    const bad = await s.call('POST', `${v3}/vehicle/`, { token: admin, body: { unit_number: 'U-3', legacy_id: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ legacy_id: ['This field is read-only.'] });
  });
});

/** The writable fields of a ticket needed to create another one. */
function pick(t: Record<string, unknown>) {
  return { created_by_server: t.created_by_server, product: t.product, ticket_date: t.ticket_date };
}
