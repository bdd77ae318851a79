/**
 * Actions declare their input with the field kinds of resources: the engine refuses a body that
 * breaks the declaration before the handler runs (nothing done), and the declaration is what
 * OpenAPI and form_configuration/ describe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let siteadmin: string;
let driver: string;
const STATUS = '/api/terminalboss/v3/ticket/update-tickets-status/';

beforeAll(async () => {
  s = await startServer();
  [siteadmin, driver] = await Promise.all(['siteadmin@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
});
afterAll(() => s?.close());

describe('declared action input', () => {
  it('is checked field by field before the handler: every message at once, nothing written', async () => {
    const before = Number(((await s.database.db.execute('select count(*)::int as n from record_transition')) as any).rows[0].n);
    const res = await s.call('POST', STATUS, { token: siteadmin, body: { status: 'shipped', void_reason: 'x'.repeat(300), extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ticket_ids: ['This field is required.'],
      status: ['"shipped" is not a valid choice.'],
      void_reason: ['Ensure this field has no more than 255 characters.'],
      extra: ['Unknown field.'],
    });
    expect(Number(((await s.database.db.execute('select count(*)::int as n from record_transition')) as any).rows[0].n)).toBe(before);
  });

  it('the permission comes first: without the codename the body is never looked at', async () => {
    expect((await s.call('POST', STATUS, { token: driver, body: { status: 'shipped' } })).status).toBe(403);
  });

  it('set_password and user_tokens take their declared fields', async () => {
    const me = (await s.call('GET', '/api/user/me/', { token: siteadmin })).body;
    expect((await s.call('POST', `/api/user/${me.id}/set_password/`, { token: siteadmin, body: {} })).body).toEqual({ password: ['This field is required.'] });
    expect((await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 42, key: 'x' } })).body).toEqual({ email: ['Not a valid string.'], key: ['Unknown field.'] });
  });

  it('OpenAPI describes the body and the answer from the declaration', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    const op = doc.paths['/api/terminalboss/v3/ticket/update-tickets-status/'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['ticket_ids', 'status']);
    expect(Object.keys(body.properties)).toEqual(['ticket_ids', 'status', 'void_reason']);
    expect(body.additionalProperties).toBe(false);
    expect(op.responses['200']).toBeTruthy();
    const print = doc.paths['/api/terminalboss/v3/ticket/{id}/print/'].get;
    expect(print.requestBody).toBeUndefined();
  });

  it('form_configuration/ offers the action forms this user may use', async () => {
    const mine = (await s.call('GET', '/api/terminalboss/v3/ticket/form_configuration/', { token: siteadmin })).body.actions;
    const status = mine.find((a: any) => a.name === 'update_tickets_status');
    expect(status.label).toBe('Change status');
    expect(status.fields.map((f: any) => [f.name, f.required, f.label])).toEqual([['ticket_ids', true, 'Tickets'], ['status', true, 'Status'], ['void_reason', false, 'Void reason']]);
    const theirs = (await s.call('GET', '/api/terminalboss/v3/ticket/form_configuration/', { token: driver })).body.actions;
    expect(theirs.find((a: any) => a.name === 'update_tickets_status')).toBeUndefined();
  });
});
