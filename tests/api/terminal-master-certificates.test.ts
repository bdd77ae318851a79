/** Held certificates: holder and type rules, expiry defaults, computed status, uploads, bulk date changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let op: string;
let partner: string;
const V3 = '/api/terminalboss/v3/';
const certs: Record<string, string> = {};
let driverId: string;
let userId: string;
let vehicleId: string;
let companyId: string;

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const post = async (path: string, body: unknown, token = admin) => s.call('POST', `${V3}${path}/`, { token, body });
const count = async (model: string) => (await s.call('GET', `${V3}${model}/count/`, { token: admin })).body.count as number;

beforeAll(async () => {
  s = await startServer({ UPLOAD_LIMIT_BYTES: String(64 * 1024) });
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  admin = await s.login('siteadmin@demo.test');
  op = await s.login('operator@demo.test');
  partner = await s.login('partner@partner.test');
  for (const [name, type, validity] of [['T-DRV', 'DRV', 365], ['T-USR', 'USR', 100], ['T-COM', 'COM', 365], ['T-VTL', 'VTL', 365]] as const) {
    const res = await post('certification', { name, certificate_type: type, validity_days: validity });
    expect(res.status).toBe(201);
    certs[type] = res.body.id;
  }
  driverId = (await post('driver', { first_name: 'Test', last_name: 'Driver' })).body.id;
  userId = (await post('user', { username: 'cert-user', first_name: 'Test', last_name: 'User' })).body.id;
  vehicleId = (await post('vehicle', { unit_number: 'CERT-T1', vehicle_type: 'trailer' })).body.id;
  companyId = (await post('company', { name: 'Cert Co', company_code: 'CERTCO' })).body.id;
});
afterAll(() => s?.close());

describe('holder and type rules', () => {
  it('a user certification needs exactly one of user or driver; nothing is written otherwise', async () => {
    const before = await count('usercertification');
    const none = await post('usercertification', { certification: certs.DRV });
    expect(none).toMatchObject({ status: 400, body: { user: [expect.stringMatching(/terminal user or the driver/)], driver: [expect.any(String)] } });
    const both = await post('usercertification', { certification: certs.DRV, user: userId, driver: driverId });
    expect(both.body.user[0]).toBe('Give a terminal user or a driver, not both.');
    expect(await count('usercertification')).toBe(before);
    expect((await post('usercertification', { certification: certs.DRV, driver: driverId })).status).toBe(201);
  });

  it('the certification type must fit the holder', async () => {
    const before = await count('vehiclecertification');
    const res = await post('vehiclecertification', { certification: certs.DRV, vehicle: vehicleId });
    expect(res).toMatchObject({ status: 400, body: { certification: ['T-DRV is a DRV certification; a vehicle certification takes VEH, VTR, VTL.'] } });
    expect((await post('companycertification', { certification: certs.VTL, company_table: companyId })).body.certification[0]).toMatch(/takes COM, CAR/);
    expect((await post('usercertification', { certification: certs.COM, user: userId })).body.certification[0]).toMatch(/takes USR, DRV, INS/);
    expect(await count('vehiclecertification')).toBe(before);
  });

  it('a new certificate without expiry date expires validity_days after its issue date', async () => {
    const res = await post('usercertification', { certification: certs.USR, user: userId, issue_date: '2026-01-01' });
    expect(res.status).toBe(201);
    expect(res.body.expiry_date).toBe('2026-04-11');
    const given = await post('usercertification', { certification: certs.USR, user: userId, issue_date: '2026-01-01', expiry_date: '2026-02-01' });
    expect(given.body.expiry_date).toBe('2026-02-01');
    const backwards = await post('usercertification', { certification: certs.USR, user: userId, issue_date: '2026-01-01', expiry_date: '2025-12-01' });
    expect(backwards.body).toEqual({ expiry_date: ['The expiry date cannot be before the issue date.'] });
  });

  it('refuses without permission and hides other companies', async () => {
    expect((await post('usercertification', { certification: certs.DRV, driver: driverId }, op)).status).toBe(403);
    const mine = await post('companycertification', { certification: certs.COM, company_table: companyId, expiry_date: day(100) });
    expect((await s.call('PATCH', `${V3}companycertification/${mine.body.id}/`, { token: partner, body: { notes: 'x' } })).status).toBe(404);
  });
});

describe('expired certificates in lists', () => {
  it('status is computed as of today, filterable and sortable', async () => {
    const mk = async (expiry: string | null) => (await post('vehiclecertification', { certification: certs.VTL, vehicle: vehicleId, expiry_date: expiry, certificate_number: `S-${expiry}` })).body;
    const expired = await mk(day(-1));
    const expiring = await mk(day(10));
    const valid = await mk(day(200));
    const none = await mk(null);
    expect([expired.status, expiring.status, valid.status, none.status]).toEqual(['expired', 'expiring', 'valid', 'no_expiry']);
    const list = await s.call('GET', `${V3}vehiclecertification/?status=expired&page_size=0&vehicle=${vehicleId}`, { token: admin });
    expect(list.body.map((x: any) => x.id)).toEqual([expired.id]);
    const notExpired = await s.call('GET', `${V3}vehiclecertification/?status__not_in=expired&page_size=0&vehicle=${vehicleId}`, { token: admin });
    expect(notExpired.body.map((x: any) => x.id).sort()).toEqual([expiring.id, valid.id, none.id].sort());
    const sorted = await s.call('GET', `${V3}vehiclecertification/?ordering=status&page_size=0&vehicle=${vehicleId}`, { token: admin });
    expect(sorted.body.map((x: any) => x.status)).toEqual(['expired', 'expiring', 'no_expiry', 'valid']);
    // Moving the date moves the status; the field itself cannot be written.
    const renewed = await s.call('PATCH', `${V3}vehiclecertification/${expired.id}/`, { token: admin, body: { expiry_date: day(300) } });
    expect(renewed.body.status).toBe('valid');
    expect((await s.call('PATCH', `${V3}vehiclecertification/${expired.id}/`, { token: admin, body: { status: 'valid' } })).body).toEqual({ status: ['This field is read-only.'] });
    const meta = await s.call('GET', `${V3}vehiclecertification/metadata/`, { token: admin });
    expect(meta.body.columns.find((c: any) => c.field === 'status')).toMatchObject({ filterable: true, sortable: true });
  });

  it('the demo seed holds expired certificates', async () => {
    const res = await s.call('GET', `${V3}usercertification/count/?status=expired`, { token: admin });
    expect(res.body.count).toBeGreaterThan(0);
  });
});

describe('upload_certificate', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const upload = (id: string, name: string, bytes: Buffer, token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return s.call('POST', `${V3}companycertification/${id}/upload_certificate/`, { token, body: form });
  };
  let id: string;
  beforeAll(async () => {
    id = (await post('companycertification', { certification: certs.COM, company_table: companyId, issue_date: '2026-03-01' })).body.id;
  });

  it('stores a PDF and sets certificate_file', async () => {
    const res = await upload(id, 'insurance.pdf', PDF);
    expect(res.status).toBe(200);
    const file = await s.call('GET', `/api/files/${res.body.certificate_file}/`, { token: admin });
    expect(file.body).toMatchObject({ name: 'insurance.pdf', content_type: 'application/pdf' });
  });

  it('refuses a file of the wrong type or too large, and changes nothing', async () => {
    const before = (await s.call('GET', `${V3}companycertification/${id}/`, { token: admin })).body;
    const text = await upload(id, 'cert.pdf', Buffer.from('just text, not a PDF'));
    expect(text.status).toBe(400);
    expect(text.body.file[0]).toMatch(/not accepted/);
    const big = await upload(id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]));
    expect(big.status).toBe(413);
    const after = (await s.call('GET', `${V3}companycertification/${id}/`, { token: admin })).body;
    expect(after).toEqual(before);
  });

  it('refuses without change permission and for another company', async () => {
    expect((await upload(id, 'x.pdf', PDF, op)).status).toBe(403);
    expect((await upload(id, 'x.pdf', PDF, partner)).status).toBe(404);
  });
});

describe('bulk expiry dates', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await post('usercertification', { certification: certs.DRV, driver: driverId, expiry_date: '2026-06-01' })).body.id);
  });
  const get = async (id: string) => (await s.call('GET', `${V3}usercertification/${id}/`, { token: admin })).body;

  it('sets and clears the date of many certificates', async () => {
    const res = await s.call('POST', '/api/certificate/bulk_update_date/', { token: admin, body: { model: 'usercertification', ids, expiry_date: '2027-06-30' } });
    expect(res).toMatchObject({ status: 200, body: { updated: 3 } });
    for (const id of ids) expect((await get(id)).expiry_date).toBe('2027-06-30');
    const cleared = await s.call('POST', '/api/terminalboss/v3/certificate/bulk_delete_date/', { token: admin, body: { model: 'usercertification', ids: ids.slice(0, 2) } });
    expect(cleared.body.updated).toBe(2);
    expect((await get(ids[0])).expiry_date).toBeNull();
    expect((await get(ids[0])).status).toBe('no_expiry');
    expect((await get(ids[2])).expiry_date).toBe('2027-06-30');
  });

  it('is all or nothing: an unknown or foreign id, bad input or no permission changes nothing', async () => {
    const foreign = '00000000-0000-4000-8000-000000000000';
    const res = await s.call('POST', '/api/certificate/bulk_update_date/', { token: admin, body: { model: 'usercertification', ids: [ids[2], foreign], expiry_date: '2030-01-01' } });
    expect(res.status).toBe(400);
    expect(res.body.ids).toEqual([`Invalid pk "${foreign}" - object does not exist.`]);
    expect((await get(ids[2])).expiry_date).toBe('2027-06-30');
    const bad = await s.call('POST', '/api/certificate/bulk_update_date/', { token: admin, body: { model: 'certification', ids: ['x'], expiry_date: '2030-02-30' } });
    expect(Object.keys(bad.body).sort()).toEqual(['expiry_date', 'ids', 'model']);
    expect((await s.call('POST', '/api/certificate/bulk_delete_date/', { token: op, body: { model: 'usercertification', ids } })).status).toBe(403);
    expect((await s.call('POST', '/api/certificate/bulk_delete_date/', { token: partner, body: { model: 'usercertification', ids: [ids[2]] } })).status).toBe(400);
    expect((await get(ids[2])).expiry_date).toBe('2027-06-30');
  });
});
