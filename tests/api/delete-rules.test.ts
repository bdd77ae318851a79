/**
 * Final records stay final, and a delete says what it changes (docs/api.md, Deleting): a ticket
 * past its draft is voided, never deleted; the delete preview names what a delete would delete,
 * unlink or be stopped by, for the user who may delete and only within his company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let operator: string;
let partner: string;
let t: Terminal;

beforeAll(async () => {
  s = await startServer();
  [admin, operator, partner] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  await s.subscribe('partner@partner.test', 'terminalboss');
  t = await makeTerminal(s, admin, 'DEL');
});
afterAll(() => s?.close());

const ticketIn = async (status: string) => {
  const res = await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { status }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('a ticket is voided, never deleted, once past its draft', () => {
  it('deletes a draft keyed by mistake', async () => {
    const draft = await ticketIn('draft');
    const preview = await s.call('GET', `${TB}/ticket/${draft.id}/delete_preview/`, { token: admin });
    expect(preview.body).toMatchObject({ deletable: true, reason: null });
    expect((await s.call('DELETE', `${TB}/ticket/${draft.id}/`, { token: admin })).status).toBe(204);
  });

  it.each(['in_progress', 'completed'])('refuses to delete a ticket %s, and says to void it', async (status) => {
    const ticket = await ticketIn(status);
    const res = await s.call('DELETE', `${TB}/ticket/${ticket.id}/`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/cannot be deleted\. Void it instead\.$/);
    const preview = (await s.call('GET', `${TB}/ticket/${ticket.id}/delete_preview/`, { token: admin })).body;
    expect(preview).toMatchObject({ deletable: false, reason: res.body.detail });
    expect((await s.call('GET', `${TB}/ticket/${ticket.id}/`, { token: admin })).status).toBe(200);
  });

  it('keeps a void ticket and its history', async () => {
    const ticket = await ticketIn('completed');
    const voided = await s.call('PATCH', `${TB}/ticket/${ticket.id}/`, { token: admin, body: { status: 'void', void_reason: 'Keyed twice' } });
    expect(voided.status, voided.text).toBe(200);
    const res = await s.call('DELETE', `${TB}/ticket/${ticket.id}/`, { token: admin });
    expect(res).toMatchObject({ status: 409, body: { detail: 'A void ticket cannot be deleted.' } });
    expect((await s.call('GET', `${TB}/ticket/${ticket.id}/history/`, { token: admin })).status).toBe(200);
  });
});

describe('the delete preview', () => {
  it('names the locations a product delete unlinks, the rows it deletes, and the tickets that stop it', async () => {
    const product = (await s.call('POST', `${TB}/product/`, { token: admin, body: { product_name: 'Condensate', product_code: 'CND-DEL' } })).body;
    for (const id of [t.tank.id, t.bay.id]) {
      expect((await s.call('PATCH', `${TB}/location/${id}/`, { token: admin, body: { product_location: product.id } })).status).toBe(200);
    }
    expect((await s.call('POST', `${TB}/location-product/`, { token: admin, body: { location: t.tank.id, product: product.id } })).status).toBe(201);
    const preview = (await s.call('GET', `${TB}/product/${product.id}/delete_preview/`, { token: admin })).body;
    expect(preview.deletable).toBe(true);
    expect(preview.dependents).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'product_location', field_label: 'Default product', effect: 'unlinked', count: 2, label: 'Locations' }),
      expect.objectContaining({ field: 'product', effect: 'deleted', count: 1 }),
    ]));

    await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { product: product.id }) });
    const blocked = (await s.call('GET', `${TB}/product/${product.id}/delete_preview/`, { token: admin })).body;
    expect(blocked).toMatchObject({ deletable: false, reason: '1 ticket still uses it as product.' });
  });

  it('needs the delete permission, and knows nothing of another company\'s records', async () => {
    expect((await s.call('GET', `${TB}/product/${t.product.id}/delete_preview/`, { token: operator })).status).toBe(403);
    expect((await s.call('GET', `${TB}/product/${t.product.id}/delete_preview/`, { token: partner })).status).toBe(404);
  });
});
