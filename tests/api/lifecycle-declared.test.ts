/**
 * Lifecycles declared on status fields, enforced by the engine for every resource that declares
 * one: final states (no edit, no delete), each move's codename and required reason, the moves a
 * user may make on a record (`metadata/?id=`, `{id}/transitions/`), and the transition log written
 * by PATCH, bulk actions and creates alike, and not at all when a write fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string; // siteadmin
let driver: string;
let t: Terminal;

beforeAll(async () => {
  s = await startServer();
  [admin, driver] = await Promise.all(['siteadmin@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin);
});
afterAll(() => s?.close());

const newTicket = async (extra: Record<string, unknown> = {}) => {
  const res = await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, extra) });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const transitions = async (id: string, token = admin) => s.call('GET', `${TB}/ticket/${id}/transitions/`, { token });
const logRows = async () => Number(((await s.database.db.execute('select count(*)::int as n from record_transition')) as any).rows[0].n);

describe('final states', () => {
  it('a void ticket is neither edited nor deleted; a draft one may be deleted', async () => {
    const draft = await newTicket();
    const voided = await newTicket();
    expect((await s.call('PATCH', `${TB}/ticket/${voided.id}/`, { token: admin, body: { status: 'void', void_reason: 'Keyed twice' } })).status).toBe(200);
    const edit = await s.call('PATCH', `${TB}/ticket/${voided.id}/`, { token: admin, body: { comments: 'late' } });
    expect(edit).toMatchObject({ status: 400, body: { status: ['A void ticket cannot be changed.'] } });
    const move = await s.call('PATCH', `${TB}/ticket/${voided.id}/`, { token: admin, body: { status: 'draft' } });
    expect(move.body.status).toEqual(['Cannot change from Void to Draft. Void is final.']);
    const del = await s.call('DELETE', `${TB}/ticket/${voided.id}/`, { token: admin });
    expect(del).toMatchObject({ status: 409, body: { detail: 'A void ticket cannot be deleted.' } });
    expect((await s.call('GET', `${TB}/ticket/${voided.id}/`, { token: admin })).body).toMatchObject({ status: 'void', void_reason: 'Keyed twice' });
    expect((await s.call('DELETE', `${TB}/ticket/${draft.id}/`, { token: admin })).status).toBe(204);
  });

  it('holds for waste disposal tickets too, which declare the same status without a reason', async () => {
    const body = { ticket_date: '2026-11-02', site: t.site.id, waste_type: 'produced_water' };
    const created = await s.call('POST', `${TB}/ticketwastedisposal/`, { token: admin, body });
    expect(created.status, created.text).toBe(201);
    expect((await s.call('PATCH', `${TB}/ticketwastedisposal/${created.body.id}/`, { token: admin, body: { status: 'void' } })).status).toBe(200);
    expect((await s.call('DELETE', `${TB}/ticketwastedisposal/${created.body.id}/`, { token: admin })).status).toBe(409);
  });
});

describe('the moves a user may make', () => {
  it('metadata/?id= and transitions/ name the moves, with the fields each needs', async () => {
    const a = await newTicket();
    const meta = await s.call('GET', `${TB}/ticket/metadata/?id=${a.id}`, { token: admin });
    expect(meta.status).toBe(200);
    expect(meta.body.transitions.status).toEqual([
      { value: 'in_progress', label: 'In progress', requires: [] },
      { value: 'completed', label: 'Completed', requires: [] },
      { value: 'void', label: 'Void', requires: ['void_reason'] },
    ]);
    expect((await transitions(a.id)).body.allowed).toEqual(meta.body.transitions);
    // Without metadata's id, no record and no transitions.
    expect((await s.call('GET', `${TB}/ticket/metadata/`, { token: admin })).body.transitions).toBeUndefined();
  });

  it('none for a user without the move codename, and none from a final state', async () => {
    // One of the driver's own loads: he reads it, and may move it nowhere.
    const [mine] = (await s.call('GET', `${TB}/driver/?page_size=0`, { token: driver })).body;
    const a = await newTicket({ driver: mine.id });
    const asDriver = await s.call('GET', `${TB}/ticket/metadata/?id=${a.id}`, { token: driver });
    expect(asDriver.status).toBe(200);
    expect(asDriver.body.transitions).toEqual({ status: [] });
    await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { status: 'void', void_reason: 'Duplicate' } });
    expect((await transitions(a.id)).body.allowed).toEqual({ status: [] });
  });

  it('another company\'s record is not found', async () => {
    await s.subscribe('partner@partner.test', 'terminalboss');
    const partner = await s.login('partner@partner.test');
    const a = await newTicket();
    expect((await transitions(a.id, partner)).status).toBe(404);
    expect((await s.call('GET', `${TB}/ticket/metadata/?id=${a.id}`, { token: partner })).status).toBe(404);
  });
});

describe('the transition log', () => {
  it('records the first state and every move with who, from, to and why, newest first', async () => {
    const a = await newTicket();
    await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { status: 'in_progress' } });
    await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { comments: 'no move' } });
    const bulk = await s.call('POST', `${TB}/ticket/update-tickets-status/`, { token: admin, body: { ticket_ids: [a.id], status: 'void', void_reason: 'Truck turned away' } });
    expect(bulk.status, bulk.text).toBe(200);
    const log = (await transitions(a.id)).body.history;
    expect(log.map((x: any) => [x.from, x.to, x.reason])).toEqual([
      ['in_progress', 'void', 'Truck turned away'],
      ['draft', 'in_progress', null],
      [null, 'draft', null],
    ]);
    expect(log.every((x: any) => x.field === 'status' && x.user === 'Sam Siteadmin' && Date.parse(x.at) > 0)).toBe(true);
  });

  it('a refused write, single or bulk, logs nothing', async () => {
    const a = await newTicket();
    const v = await newTicket();
    await s.call('PATCH', `${TB}/ticket/${v.id}/`, { token: admin, body: { status: 'void', void_reason: 'Duplicate' } });
    const before = await logRows();
    expect((await s.call('PATCH', `${TB}/ticket/${a.id}/`, { token: admin, body: { status: 'void' } })).status).toBe(400);
    const bulk = await s.call('POST', `${TB}/ticket/update-tickets-status/`, { token: admin, body: { ticket_ids: [a.id, v.id], status: 'completed' } });
    expect(bulk.status).toBe(400);
    expect(bulk.body.status).toEqual([`${v.code}: Cannot change from Void to Completed. Void is final.`]);
    expect((await s.call('GET', `${TB}/ticket/${a.id}/`, { token: admin })).body.status).toBe('draft');
    expect(await logRows()).toBe(before);
  });

  it('covers every resource with a lifecycle, not only tickets: a product made inactive', async () => {
    const res = await s.call('PATCH', `${TB}/product/${t.water.id}/`, { token: admin, body: { status: 'inactive' } });
    expect(res.status, res.text).toBe(200);
    const log = await s.call('GET', `${TB}/product/${t.water.id}/transitions/`, { token: admin });
    expect(log.status).toBe(200);
    expect(log.body.history[0]).toMatchObject({ field: 'status', from: 'active', to: 'inactive' });
    expect(log.body.allowed.status.map((m: any) => m.value)).toEqual(['active']);
  });
});
