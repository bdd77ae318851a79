/**
 * Additional fields (docs/audit.md, Additional fields) through the real server: a company defines
 * fields on a resource, reads and writes one record's values validated like declared fields,
 * each write audited on the record; nothing of another company's, and no write without the
 * record's change permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { PRODUCT_FIELDS } from './additional-fixtures';

let s: TestServer;
let siteadmin: string;
let driver: string;
let partner: string;
let productId: number;

const define = (token: string, body: Record<string, unknown>) => s.call('POST', '/api/additional_fields/', { token, body });
const read = (token: string, model: string, objectId?: unknown) =>
  s.call('GET', `/api/additional_fields/get_model_fields/?model=${encodeURIComponent(model)}${objectId === undefined ? '' : `&object_id=${String(objectId)}`}`, { token });
const write = (token: string, body: Record<string, unknown>) => s.call('PATCH', '/api/additional_fields/update_additional_fields/', { token, body });

beforeAll(async () => {
  s = await startServer();
  [siteadmin, driver, partner] = await Promise.all([s.login('siteadmin@demo.test'), s.login('driver@demo.test'), s.login('partner@partner.test')]);
  productId = (await s.call('GET', '/api/product/?page_size=1', { token: siteadmin })).body.results?.[0]?.id ?? (await s.call('GET', '/api/product/?page_size=0', { token: siteadmin })).body[0].id;
  for (const body of PRODUCT_FIELDS) expect((await define(siteadmin, body)).status).toBe(201);
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('definitions', () => {
  it('refuses a resource that takes none, a bad key, a choice without choices, a key twice; the key is fixed', async () => {
    const bad = await define(siteadmin, { model: 'audit/crud', name: 'Bad Key', label: 'X', kind: 'choice' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['name']);
    const noModel = await define(siteadmin, { model: 'audit/crud', name: 'x', label: 'X', kind: 'choice' });
    expect(Object.keys(noModel.body).sort()).toEqual(['choices', 'model']);
    expect((await define(siteadmin, { model: 'product', name: 'sap_material', label: 'Again', kind: 'text' })).status).toBe(400);
    const [first] = (await read(siteadmin, 'product')).body;
    const rename = await s.call('PATCH', `/api/additional_fields/${first.id}/`, { token: siteadmin, body: { name: 'material' } });
    expect(rename.body).toEqual({ name: [expect.stringContaining('fixed')] });
    expect((await s.call('PATCH', `/api/additional_fields/${first.id}/`, { token: siteadmin, body: { label: 'SAP material no.' } })).status).toBe(200);
  });

  it('another company sees none of them, and may define its own under the same key', async () => {
    expect((await s.call('GET', '/api/additional_fields/?page_size=0', { token: partner })).body).toEqual([]);
    expect((await read(partner, 'product')).body).toEqual([]);
    expect((await define(partner, { model: 'product', name: 'sap_material', label: 'Material', kind: 'text' })).status).toBe(201);
  });

  it('the driver may not define fields', async () => {
    expect((await define(driver, { model: 'product', name: 'x', label: 'X', kind: 'text' })).status).toBe(403);
  });
});

describe('values', () => {
  it('a record answers its fields in order, each null until given', async () => {
    const got = await read(siteadmin, 'product', productId);
    expect(got.status, got.text).toBe(200);
    expect(got.body.map((f: any) => [f.name, f.kind, f.value])).toEqual([
      ['sap_material', 'text', null], ['flash_point', 'number', null], ['hazard_class', 'choice', null], ['reviewed_on', 'date', null], ['heated', 'boolean', null],
    ]);
    expect(got.body[0]).toMatchObject({ label: 'SAP material no.', required: true });
  });

  it('refuses bad values with a message per field and writes none of them', async () => {
    const bad = await write(siteadmin, { model: 'product', object_id: String(productId), fields: { sap_material: '', flash_point: 'hot', hazard_class: '9', reviewed_on: '2026-02-30', heated: 'yes', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['fields.colour', 'fields.flash_point', 'fields.hazard_class', 'fields.heated', 'fields.reviewed_on', 'fields.sap_material']);
    expect(bad.body['fields.sap_material']).toEqual(['This field is required.']);
    expect((await read(siteadmin, 'product', productId)).body.every((f: any) => f.value === null)).toBe(true);
  });

  it('writes exact values, keeps the others on a later write, clears one with null, and audits each change on the record', async () => {
    const ok = await write(siteadmin, { model: 'product', object_id: String(productId), fields: { sap_material: 'MAT-00042', flash_point: '61.123456', hazard_class: '3', reviewed_on: '2026-11-30', heated: true } });
    expect(ok.status, ok.text).toBe(200);
    expect(Object.fromEntries(ok.body.map((f: any) => [f.name, f.value]))).toEqual({ sap_material: 'MAT-00042', flash_point: '61.123456', hazard_class: '3', reviewed_on: '2026-11-30', heated: true });
    const later = await write(siteadmin, { model: 'product', object_id: String(productId), fields: { flash_point: 62, reviewed_on: null } });
    expect(Object.fromEntries(later.body.map((f: any) => [f.name, f.value]))).toMatchObject({ sap_material: 'MAT-00042', flash_point: '62', reviewed_on: null, heated: true });
    const entries = (await s.call('GET', `/api/audit/crud/?page_size=0&model=product&object_id=${productId}&event_type=update`, { token: siteadmin })).body as { changes: Record<string, unknown[]> }[];
    const changes = entries.map((e) => e.changes).filter((c) => Object.keys(c).some((k) => k.startsWith('additional_fields.')));
    expect(changes).toContainEqual(expect.objectContaining({ 'additional_fields.flash_point': ['61.123456', '62'], 'additional_fields.reviewed_on': ['2026-11-30', null] }));
    expect(changes).toContainEqual(expect.objectContaining({ 'additional_fields.sap_material': [null, 'MAT-00042'] }));
  });

  it('a required value cannot be emptied', async () => {
    const emptied = await write(siteadmin, { model: 'product', object_id: String(productId), fields: { sap_material: null } });
    expect(emptied.body).toEqual({ 'fields.sap_material': ['This field is required.'] });
  });

  it('another company does not reach the owner\'s record: neither its values nor a write', async () => {
    expect((await read(partner, 'product', productId)).status).toBe(404);
    expect((await write(partner, { model: 'product', object_id: String(productId), fields: { sap_material: 'X' } })).status).toBe(404);
  });

  it('the driver, who may read products but not change them, reads the values and may not write them', async () => {
    const seen = await read(driver, 'product', productId);
    expect(seen.status).toBe(200);
    expect(seen.body.find((f: any) => f.name === 'sap_material').value).toBe('MAT-00042');
    expect((await write(driver, { model: 'product', object_id: String(productId), fields: { sap_material: 'X' } })).status).toBe(403);
  });

  it('an unknown resource or record is refused in words', async () => {
    expect((await read(siteadmin, 'nothing_here')).body).toEqual({ model: ['"nothing_here" is not a resource with additional fields.'] });
    expect((await read(siteadmin, 'product', 99999999)).status).toBe(404);
    expect((await write(siteadmin, { model: 'product', object_id: '99999999', fields: {} })).status).toBe(404);
    expect((await write(siteadmin, { model: 'product', object_id: String(productId), fields: ['sap_material'] })).status).toBe(400);
  });
});
