/**
 * The audit trail through the real server (docs/audit.md): every write of a declared resource is
 * recorded in its own transaction, with who, through which call, the request id the answer carries
 * and the address; the fields before and after, keyed as the API names them, exact decimals as
 * written, never a password; a refused or failed write leaves none. Entries are the company's own:
 * another company, a user without the right, finds none. A record's History tab reads its entries
 * as a person would. The request log has every API request without its query string or body.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/index';
import { isReadOnly } from '../../src/resources/define';
import { joinTableName } from '../../server/db/tables';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Rec, dayFrom, locationWithSlots } from './scheduler-fixtures';

const suite = railSuite();
const { call, t } = suite;

/** A call through the server with its answer's request id. */
async function traced(method: string, path: string, body?: unknown, token = t.siteadmin) {
  const res = await suite.s.call(method, `/api/${path}`, { token, body });
  return { status: res.status, body: res.body, requestId: res.headers.get('x-request-id')! };
}

const entriesOf = async (model: string, id: unknown, token = t.siteadmin) =>
  (ok(await call('GET', `audit/crud/?model=${encodeURIComponent(model)}&object_id=${String(id)}&ordering=id&page_size=0`, undefined, token)) as unknown as Rec[]);

const countAll = async () => Number((await suite.rows<{ n: number }>(sql`select count(*)::int as n from audit_crud`))[0].n);

const meId = async (token: string) => (ok(await call('GET', 'user/me/', undefined, token)) as Rec).id;

describe('record changes', () => {
  it('a create, an update and a delete: who, the call, the request, the address and the fields', async () => {
    const made = await traced('POST', 'party/', { name: 'Audit Haulage', code: 'AUH', party_type: 'carrier', city: 'Red Deer' });
    expect(made.status).toBe(201);
    const changed = await traced('PATCH', `party/${made.body.id}/`, { city: 'Lacombe', version: 1 });
    expect(changed.status).toBe(200);
    const gone = await traced('DELETE', `party/${made.body.id}/`, { version: 2 });
    expect(gone.status).toBe(204);

    const siteadmin = await meId(t.siteadmin);
    const [create, update, remove] = await entriesOf('party', made.body.id);
    expect(create).toMatchObject({ event_type: 'create', user: siteadmin, user_label: 'Sam Siteadmin', via: 'POST party/', request_id: made.requestId, remote_ip: '127.0.0.1' });
    expect(create.changes).toMatchObject({ name: [null, 'Audit Haulage'], code: [null, 'AUH'], party_type: [null, 'carrier'], city: [null, 'Red Deer'], company: [null, String(suite.ids.pbt)] });
    // The entry's own bookkeeping is never a change.
    expect(Object.keys(create.changes as object)).not.toEqual(expect.arrayContaining(['id']));
    expect(update).toMatchObject({ event_type: 'update', via: 'PATCH party/{id}/', request_id: changed.requestId, changes: { city: ['Red Deer', 'Lacombe'] } });
    expect(Object.keys(update.changes as object)).toEqual(['city']);
    expect(remove).toMatchObject({ event_type: 'delete', via: 'DELETE party/{id}/', request_id: gone.requestId });
    expect(remove.changes).toMatchObject({ name: ['Audit Haulage', null], city: ['Lacombe', null] });
    // One transaction each.
    expect(new Set([create.xact_id, update.xact_id, remove.xact_id]).size).toBe(3);

    // The History tab: readable, newest first; the deleted record keeps its name.
    const history = ok(await call('GET', `audit/crud/record/?model=party&object_id=${made.body.id}`)) as Rec;
    expect(history.count).toBe(3);
    const [h0, h1, h2] = history.results as Rec[];
    expect(h0).toMatchObject({ event_type: 'delete', record_label: 'Audit Haulage', model_label: 'Party' });
    expect(h1.fields).toEqual([{ field: 'city', label: 'City', kind: 'text', before: 'Red Deer', after: 'Lacombe', before_text: 'Red Deer', after_text: 'Lacombe' }]);
    expect(h2.fields).toEqual(expect.arrayContaining([
      { field: 'party_type', label: 'Party type', kind: 'choice', before: null, after: 'carrier', before_text: null, after_text: 'Carrier' },
      expect.objectContaining({ field: 'company', kind: 'ref', after_text: 'Prairie Bulk Terminals Ltd.' }),
    ]));
  });

  it('a refused or failed write leaves no entry', async () => {
    const made = ok(await call('POST', 'party/', { name: 'Audit Refusals', party_type: 'carrier' }), 201) as Rec;
    const before = await countAll();
    expect((await call('POST', 'party/', { name: '', party_type: 'nonsense' })).status).toBe(400);
    expect((await call('PATCH', `party/${made.id}/`, { city: 'Stale', version: 7 })).status).toBe(409);
    expect((await call('PATCH', `party/${made.id}/`, { city: 'Nope', version: 1 }, t.driver)).status).toBe(403);
    expect((await call('PATCH', `party/${made.id}/`, { city: 'Nope', version: 1 }, t.partner)).status).toBe(404);
    expect(await countAll()).toBe(before);
  });

  it('an action\'s writes carry its call and caller, in one transaction; exact decimals stay exact', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(3), to: dayFrom(3), capacity: 2 });
    const res = await suite.s.call('POST', '/api/schedule/booking/create_booking/', { token: t.dispatcher, body: { slot: slots[0].id, carrier_name: 'Audit Carriers', quantity: '31.125' } });
    expect(res.status).toBe(201);
    const dispatcher = await meId(t.dispatcher);
    const [made] = await entriesOf('schedule/booking', res.body.id);
    expect(made).toMatchObject({ event_type: 'create', user: dispatcher, via: 'POST schedule/booking/create_booking/', request_id: res.headers.get('x-request-id') });
    expect((made.changes as Record<string, unknown>).quantity).toEqual([null, '31.125']);
    // The slot's count was taken in the same transaction, by the same call.
    const slotEntries = await entriesOf('schedule/slot', slots[0].id);
    const taken = slotEntries.find((e) => e.xact_id === made.xact_id)!;
    expect(taken).toMatchObject({ event_type: 'update', user: dispatcher, via: 'POST schedule/booking/create_booking/', changes: { booked: ['0', '1'] } });
    // A decimal with more digits than a double holds is kept digit for digit.
    const product = ok(await call('POST', 'product/', { name: `Audit density ${Date.now()}`, density: '123456.7891' }), 201) as Rec;
    expect((await entriesOf('product', product.id))[0].changes).toMatchObject({ density: [null, '123456.7891'] });
  });

  it('never records a password, the last sign-in or table settings; a changed group shows by name', async () => {
    const email = `audited${Date.now()}@demo.test`;
    const made = ok(await call('POST', 'user/', { email, name: 'Audit Person', password: 'Sturdy-Pass-81' }), 201) as Rec;
    const [group] = ok(await call('GET', 'groups/?search=Dispatch&page_size=0')) as unknown as Rec[];
    ok(await call('PATCH', `user/${made.id}/`, { password: 'Other-Pass-92', groups: [group.id], version: made.version }));
    await suite.s.login(email, 'Other-Pass-92');
    const all = await entriesOf('user', made.id);
    expect(JSON.stringify(all)).not.toMatch(/Sturdy-Pass|Other-Pass|pbkdf2|scrypt|argon/);
    for (const e of all) expect(Object.keys(e.changes as object)).not.toEqual(expect.arrayContaining(['password', 'last_login', 'ui_config']));
    const link = all.find((e) => (e.changes as Record<string, unknown>).groups);
    expect(link).toMatchObject({ event_type: 'update', changes: { groups: [null, String(group.id)] } });
    const readable = ok(await call('GET', `audit/crud/${link!.id}/prettify/`)) as Rec;
    expect(readable.fields).toEqual([expect.objectContaining({ field: 'groups', label: 'Groups', after_text: group.name })]);
  });

  it('a carrier\'s booking link writes as the link', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(4), to: dayFrom(4) });
    const link = ok(await call('POST', 'schedule/location/generate_token/', { location_id: location.id, carrier_name: 'Link Freight', email: 'link@freight.example', days: 3 }, t.dispatcher));
    const token = String(link.url).split('#')[1];
    const res = await suite.s.call('POST', '/api/schedule/book/', { body: { slot: slots[0].id, truck_plate: 'LF 1' }, headers: { 'x-booking-link': token } });
    expect(res.status).toBe(201);
    const [made] = await entriesOf('schedule/booking', res.body.id);
    expect(made).toMatchObject({ user: null, user_label: `Link Freight (booking link ${String(link.link)})`, via: 'POST schedule/book/', request_id: res.headers.get('x-request-id') });
  });

  it('is the company\'s own: another company finds none, a user without the right is refused, the History tab needs the record', async () => {
    const made = ok(await call('POST', 'party/', { name: 'Audit Private', party_type: 'carrier' }), 201) as Rec;
    const [entry] = await entriesOf('party', made.id);
    expect((await call('GET', `audit/crud/${entry.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `audit/crud/${entry.id}/prettify/`, undefined, t.partner)).status).toBe(404);
    const theirs = ok(await call('GET', 'audit/crud/?page_size=100', undefined, t.partner)) as Rec;
    expect((theirs.results as Rec[]).every((e) => e.company !== suite.ids.pbt)).toBe(true);
    expect((await call('GET', `audit/crud/record/?model=party&object_id=${made.id}`, undefined, t.partner)).status).toBe(404);
    // The driver reads neither the trail nor a record's history.
    expect((await call('GET', 'audit/crud/', undefined, t.driver)).status).toBe(403);
    expect((await call('GET', `audit/crud/record/?model=party&object_id=${made.id}`, undefined, t.driver)).status).toBe(403);
    // A dispatcher reads the history of what it may read, not the whole trail.
    expect((await call('GET', 'audit/crud/', undefined, t.dispatcher)).status).toBe(403);
    expect(ok(await call('GET', `audit/crud/record/?model=party&object_id=${made.id}`, undefined, t.dispatcher))).toMatchObject({ count: 1 });
    // Bad input is named.
    const bad = await call('GET', 'audit/crud/record/?model=nothing&object_id=1');
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['model']]);
    expect((await call('GET', 'audit/crud/record/?model=party')).body).toHaveProperty('object_id');
    expect((await call('GET', 'audit/crud/record/?model=party&object_id=99999999')).status).toBe(404);
    // Nothing is written through the API.
    for (const [m, path] of [['POST', 'audit/crud/'], ['PATCH', `audit/crud/${entry.id}/`], ['DELETE', `audit/crud/${entry.id}/`]] as const) {
      expect((await call(m, path, {}, t.admin)).status).toBe(404);
    }
  });

  it('suggests values to filter by (model, field, input)', async () => {
    const users = ok(await call('GET', 'audit/crud/autocomplete/?model=audit/crud&field=user_label&input=sam')) as unknown as { value: string }[];
    expect(users.map((u) => u.value)).toContain('Sam Siteadmin');
    const models = ok(await call('GET', 'audit/crud/autocomplete/?field=model&input=part')) as unknown as { value: string }[];
    expect(models.map((u) => u.value)).toContain('party');
  });
});

describe('the request log', () => {
  it('has each request: method, route, path without its query, status, duration, user, address; a sign-in names who', async () => {
    const read = await traced('GET', `party/?search=secret-${Date.now()}&ordering=name`);
    expect(read.status).toBe(200);
    const signIn = await suite.s.call('POST', '/api/auth/login/', { body: { email: 'operator@demo.test', password: 'demo12345' } });
    const failed = await suite.s.call('POST', '/api/auth/login/', { body: { email: 'operator@demo.test', password: 'wrong-one' } });
    const byId = async (id: string | null, token = t.siteadmin) => (ok(await call('GET', `audit/request/?request_id=${id}&page_size=0`, undefined, token)) as unknown as Rec[])[0];
    expect(await byId(read.requestId)).toMatchObject({ method: 'GET', route: 'party/', url: '/api/party/', status: 200, user_label: 'Sam Siteadmin', remote_ip: '127.0.0.1', company: suite.ids.pbt });
    expect(((await byId(read.requestId)).duration_ms as number)).toBeGreaterThanOrEqual(0);
    expect(await byId(signIn.headers.get('x-request-id'))).toMatchObject({ method: 'POST', route: 'auth/login/', status: 200, user_label: 'Olivia Operator', company: suite.ids.pbt });
    // A failed sign-in is no company's: platform staff read it.
    expect(await byId(failed.headers.get('x-request-id'))).toBeUndefined();
    expect(await byId(failed.headers.get('x-request-id'), t.admin)).toMatchObject({ status: 400, user: null, user_label: null, company: null });
    const text = JSON.stringify(ok(await call('GET', 'audit/request/?page_size=200')));
    expect(text).not.toContain('secret-');
    expect(text).not.toContain('wrong-one');
    // Another company reads none of it; the driver may not read it.
    const theirs = ok(await call('GET', `audit/request/?request_id=${read.requestId}&page_size=0`, undefined, t.partner)) as unknown as Rec[];
    expect(theirs).toEqual([]);
    expect((await call('GET', 'audit/request/', undefined, t.driver)).status).toBe(403);
  });
});

it('every declared resource\'s table, and each of its many-to-many links, records its writes', async () => {
  const triggers = await suite.rows<{ t: string }>(sql`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'audit_trail' and g.tgenabled <> 'D'`);
  const have = new Set(triggers.map((x) => x.t));
  const missing: string[] = [];
  for (const r of resources) {
    if (isReadOnly(r)) continue;
    if (!have.has(r.table)) missing.push(r.table);
    for (const [name, f] of Object.entries(r.fields)) if (f.kind === 'refs' && !f.computed && !have.has(joinTableName(r, name))) missing.push(joinTableName(r, name));
  }
  expect(missing).toEqual([]);
  // The trail's own tables record nothing of themselves.
  expect(have.has('audit_crud') || have.has('audit_request')).toBe(false);
});
