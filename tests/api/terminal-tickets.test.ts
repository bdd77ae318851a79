/** Tickets on the server: numbering, the bulk status change, the void rules and the history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/connection';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string; // siteadmin: every terminal permission
let dispatcher: string; // no terminal permission, until given some below
let partner: string; // administrator of another company
let t: Terminal;
let pt: Terminal;

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, dispatcher, partner] = await Promise.all(['siteadmin@demo.test', 'dispatcher@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin);
  pt = await makeTerminal(s, partner, 'P');
});
afterAll(() => s?.close());

const newTicket = async (extra: Record<string, unknown> = {}, token = admin, term = t) => {
  const res = await s.call('POST', `${TB}/ticket/`, { token, body: ticketBody(term, extra) });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const statusCall = (body: unknown, token = admin) => s.call('POST', `${TB}/ticket/update-tickets-status/`, { token, body });
const historyRows = async () => Number((await s.database.db.execute('select count(*)::int as n from ticket_history') as any).rows[0].n);

describe('ticket numbering', () => {
  it('numbers tickets without a code per company: T-000001, T-000002 ...; a given code is kept', async () => {
    const a = await newTicket();
    const b = await newTicket();
    expect(a.code).toMatch(/^T-\d{6}$/);
    expect(Number(b.code.slice(2))).toBe(Number(a.code.slice(2)) + 1);
    expect((await newTicket({ code: 'MANUAL-1' })).code).toBe('MANUAL-1');
    // The other company has its own sequence.
    expect((await newTicket({}, partner, pt)).code).toBe('T-000001');
  });

  it('gives distinct consecutive numbers to concurrent saves', async () => {
    const before = await newTicket();
    const made = await Promise.all(Array.from({ length: 12 }, () => s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t) })));
    expect(made.map((m) => m.status)).toEqual(Array(12).fill(201));
    const numbers = made.map((m) => Number(m.body.code.slice(2))).sort((x, y) => x - y);
    const first = Number(before.code.slice(2)) + 1;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('two servers on one PostgreSQL database never hand out the same number', async () => {
    // A second server with its own connection pool on the same database: another process as far
    // as PostgreSQL can tell.
    const url = (s.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const database = await openDatabase({ url });
    const other = await createApp({ config: s.config, database, logger: false, spaDir: null });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address();
      const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const save = (base: string) => fetch(`${base}${TB}/ticket/`, {
        method: 'POST', headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(ticketBody(t)),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const made = await Promise.all(Array.from({ length: 16 }, (_, i) => save(i % 2 ? otherUrl : s.url)));
      expect(made.map((m) => m.status)).toEqual(Array(16).fill(201));
      const codes = made.map((m) => m.body.code as string);
      expect(new Set(codes).size).toBe(16);
      const numbers = codes.map((c) => Number(c.slice(2))).sort((x, y) => x - y);
      expect(numbers[15] - numbers[0]).toBe(15);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('skips a number somebody typed by hand, and a failed save uses no number', async () => {
    const last = await newTicket();
    const n = Number(last.code.slice(2));
    const typed = `T-${String(n + 1).padStart(6, '0')}`;
    await newTicket({ code: typed });
    expect((await newTicket()).code).toBe(`T-${String(n + 2).padStart(6, '0')}`);
    const bad = await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { product: pt.product.id }) });
    expect(bad.status).toBe(400);
    expect((await newTicket()).code).toBe(`T-${String(n + 3).padStart(6, '0')}`);
  });

  it('numbers waste disposal tickets in their own W- series', async () => {
    const body = { site: t.site.id, ticket_date: '2026-11-20', waste_type: 'produced_water', disposal_method: 'injection' };
    const a = await s.call('POST', `${TB}/ticketwastedisposal/`, { token: admin, body });
    const b = await s.call('POST', `${TB}/ticketwastedisposal/`, { token: admin, body });
    expect(a.body.code).toBe('W-000001');
    expect(b.body.code).toBe('W-000002');
  });
});

describe('update-tickets-status', () => {
  it('moves every ticket and raises each version', async () => {
    const a = await newTicket();
    const b = await newTicket({ status: 'in_progress' });
    const res = await statusCall({ ticket_ids: [a.id, b.id], status: 'completed' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.updated).toBe(2);
    expect(res.body.tickets).toEqual([
      { id: a.id, code: a.code, status: 'completed', version: a.version + 1 },
      { id: b.id, code: b.code, status: 'completed', version: b.version + 1 },
    ]);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body.status).toBe('completed');
  });

  it('changes nothing when one move is illegal, and names the ticket', async () => {
    const a = await newTicket();
    const v = await newTicket();
    expect((await statusCall({ ticket_ids: [v.id], status: 'void', void_reason: 'Keyed twice' })).status).toBe(200);
    const rows = await historyRows();
    const res = await statusCall({ ticket_ids: [a.id, v.id], status: 'completed' });
    expect(res.status).toBe(400);
    expect(res.body.status).toEqual([`${v.code}: Cannot change from Void to Completed. Void is final.`]);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body).toMatchObject({ status: 'draft', version: a.version });
    expect(await historyRows()).toBe(rows);
  });

  it('refuses an unknown status, unknown ids and other-company tickets with 400 and writes nothing', async () => {
    const a = await newTicket();
    const foreign = await newTicket({}, partner, pt);
    const rows = await historyRows();
    const bad = await statusCall({ ticket_ids: [a.id], status: 'shipped' });
    expect(bad.status).toBe(400);
    expect(bad.body.status[0]).toContain('"shipped" is not a valid choice');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await statusCall({ ticket_ids: [a.id, foreign.id, unknown], status: 'completed' });
    expect(res).toMatchObject({ status: 400, body: { ticket_ids: [`Invalid pk "${foreign.id}" - object does not exist.`, `Invalid pk "${unknown}" - object does not exist.`] } });
    // The action's declared input answers in the words of any resource field.
    expect((await statusCall({ ticket_ids: 'x', status: 'completed' })).body.ticket_ids).toEqual(['Expected a list of items.']);
    expect((await statusCall({ ticket_ids: [], status: 'completed' })).body.ticket_ids).toEqual(['This list may not be empty.']);
    expect((await statusCall({ ticket_ids: ['nope'], status: 'completed' })).body.ticket_ids).toEqual(['Incorrect type. Expected pk value.']);
    expect((await statusCall({ ticket_ids: [a.id], status: 'completed', note: 'x' })).body).toEqual({ note: ['Unknown field.'] });
    const many = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await statusCall({ ticket_ids: many, status: 'completed' })).body.ticket_ids).toEqual(['Ensure this field has no more than 500 elements.']);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body.version).toBe(a.version);
    expect((await s.call('GET', `${TB}/ticket/${foreign.id}/`, { token: partner })).body.status).toBe('draft');
    expect(await historyRows()).toBe(rows);
  });

  it('voiding needs a reason, which is stored on each ticket', async () => {
    const a = await newTicket();
    const res = await statusCall({ ticket_ids: [a.id], status: 'void' });
    expect(res).toMatchObject({ status: 400, body: { void_reason: ['Give the reason for voiding the ticket.'] } });
    expect((await statusCall({ ticket_ids: [a.id], status: 'completed', void_reason: 'x' })).body.void_reason).toEqual(['Only given when voiding tickets.']);
    expect((await statusCall({ ticket_ids: [a.id], status: 'void', void_reason: 'Truck turned away' })).status).toBe(200);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body).toMatchObject({ status: 'void', void_reason: 'Truck turned away' });
  });

  it('requires can_change_ticket_status, also for a status change through PATCH', async () => {
    const a = await newTicket();
    // The driver sees tickets but may not change them; below it gets view and change, still not the status codename.
    const clerk = await s.login('driver@demo.test');
    expect((await statusCall({ ticket_ids: [a.id], status: 'completed' }, clerk)).status).toBe(403);
    const perms = (await s.call('GET', '/api/permission/?page_size=0&codename=view_ticket,change_ticket', { token: admin })).body;
    const me = (await s.call('GET', '/api/user/me/', { token: clerk })).body;
    const given = await s.call('PATCH', `/api/user/${me.id}/`, { token: admin, body: { user_permissions: perms.filter((p: any) => p.content_type === 'terminalboss.ticket').map((p: any) => p.id) } });
    expect(given.status, given.text).toBe(200);
    expect((await statusCall({ ticket_ids: [a.id], status: 'completed' }, clerk)).status).toBe(403);
    const patch = await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: clerk, body: { status: 'completed' } });
    expect(patch.status).toBe(403);
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: clerk, body: { comments: 'Checked' } })).status).toBe(200);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body).toMatchObject({ status: 'draft', comments: 'Checked' });
  });

  it('a void ticket is final for PATCH too, and voiding by PATCH needs a reason', async () => {
    const a = await newTicket();
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { status: 'void' } })).body).toEqual({ void_reason: ['Give the reason for voiding the ticket.'] });
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { status: 'void', void_reason: 'Duplicate' } })).status).toBe(200);
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { comments: 'late edit' } })).body).toEqual({ status: ['A void ticket cannot be changed.'] });
  });
});

describe('ticket history', () => {
  it('records create, update and status changes, newest first, with who and through which call', async () => {
    const a = await newTicket({ comments: 'first' });
    await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { comments: 'second', bol_number: 'BOL-1' } });
    await statusCall({ ticket_ids: [a.id], status: 'in_progress' });
    const res = await s.call('GET', `${TB}/ticket/${a.id}/history/`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((h: any) => h.action)).toEqual(['status', 'update', 'create']);
    const [status, update, create] = res.body;
    expect(status).toMatchObject({ user: 'Sam Siteadmin', changes: { status: ['draft', 'in_progress'] }, via: 'POST terminalboss/v3/ticket/update-tickets-status/' });
    expect(update.changes).toEqual({ comments: ['first', 'second'], bol_number: [null, 'BOL-1'] });
    expect(create.changes).toMatchObject({ code: [null, a.code], status: [null, 'draft'], comments: [null, 'first'] });
    expect(Date.parse(status.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
  });

  it('needs can_view_ticket_api_history; another company\'s ticket is not found', async () => {
    const a = await newTicket();
    expect((await s.call('GET', `${TB}/ticket/${a.id}/history/`, { token: dispatcher })).status).toBe(403);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/history/`, { token: partner })).status).toBe(404);
    expect((await s.call('GET', `${TB}/ticket/not-a-uuid/history/`, { token: admin })).status).toBe(404);
  });
});

describe('add_customs_invoice', () => {
  it('sets the read-only customs invoice, raises the version and records it', async () => {
    const a = await newTicket();
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { customs_invoice: 'X' } })).status).toBe(400);
    const res = await s.call('POST', `${TB}/ticket/${a.id}/add_customs_invoice/`, { token: admin, body: { invoice: ' CI-2026/00417 ' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, customs_invoice: 'CI-2026/00417', version: a.version + 1 });
    const h = (await s.call('GET', `${TB}/ticket/${a.id}/history/`, { token: admin })).body[0];
    expect(h).toMatchObject({ action: 'customs_invoice', changes: { customs_invoice: [null, 'CI-2026/00417'] } });
  });

  it('refuses a bad invoice number, a foreign ticket and a user without change permission; nothing is written', async () => {
    const a = await newTicket();
    for (const invoice of ['', '   ', 'x'.repeat(61), 'CI<script>', 12]) {
      const res = await s.call('POST', `${TB}/ticket/${a.id}/add_customs_invoice/`, { token: admin, body: { invoice } });
      expect(res.status).toBe(400);
      expect(res.body.invoice).toHaveLength(1);
    }
    const foreign = await newTicket({}, partner, pt);
    expect((await s.call('POST', `${TB}/ticket/${foreign.id}/add_customs_invoice/`, { token: admin, body: { invoice: 'CI-1' } })).status).toBe(404);
    const dispatcher = await s.login('dispatcher@demo.test');
    expect((await s.call('POST', `${TB}/ticket/${a.id}/add_customs_invoice/`, { token: dispatcher, body: { invoice: 'CI-1' } })).status).toBe(403);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body).toMatchObject({ customs_invoice: null, version: a.version });
    expect((await s.call('GET', `${TB}/ticket/${foreign.id}/`, { token: partner })).body.customs_invoice).toBeNull();
  });
});
