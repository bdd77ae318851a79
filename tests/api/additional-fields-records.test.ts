/**
 * Additional fields as part of the record (docs/audit.md, Additional fields): written with the
 * record's own create and update (checked with its fields, in its transaction), answered with it,
 * filtered on in lists and counts, exported as columns, copied by a clone and swept when the record
 * goes, its own delete or a cascade. Through the real server, answers checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventually, startServer, type TestServer } from './harness';
import { PRODUCT_FIELDS } from './additional-fixtures';

let s: TestServer;
let admin: string;
let partner: string;
const made: Record<string, number> = {};

const define = (body: Record<string, unknown>) => s.call('POST', '/api/additional_fields/', { token: admin, body });
const product = (body: Record<string, unknown>, token = admin) => s.call('POST', '/api/product/', { token, body });
const list = async (query: string, token = admin) => s.call('GET', `/api/product/?page_size=0&${query}`, { token });
const names = async (query: string) => {
  const res = await list(query);
  expect(res.status, res.text).toBe(200);
  return (res.body as { name: string }[]).map((p) => p.name).filter((n) => n.startsWith('AF ')).sort();
};
const storedValues = async (model: string, id: unknown) =>
  ((await s.database.db.execute(sql`select company_id from additional_value where model = ${model} and object_id = ${String(id)}`)) as unknown as { rows: unknown[] }).rows.length;

beforeAll(async () => {
  s = await startServer();
  [admin, partner] = await Promise.all([s.login('siteadmin@demo.test'), s.login('partner@partner.test')]);
  for (const body of PRODUCT_FIELDS) expect((await define(body)).status).toBe(201);
  for (const [name, additional_fields] of [
    ['AF Diesel', { sap_material: 'MAT-1', flash_point: '61.5', hazard_class: '3', reviewed_on: '2026-03-01', heated: false }],
    ['AF Bitumen', { sap_material: 'MAT-2', flash_point: '230', hazard_class: '3', reviewed_on: '2026-11-30', heated: true }],
    ['AF Caustic', { sap_material: '=HYPERLINK("x")', hazard_class: '8' }],
  ] as const) {
    const res = await product({ name, additional_fields });
    expect(res.status, res.text).toBe(201);
    made[name] = res.body.id;
  }
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('written with the record', () => {
  it('a create asks each required field, with the record\'s own messages in the same answer, and writes nothing', async () => {
    const before = (await list('')).body.length;
    const bad = await product({ additional_fields: { flash_point: 'hot', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      name: ['This field is required.'],
      'additional_fields.sap_material': ['This field is required.'],
      'additional_fields.flash_point': ['A number is required, at most 15 digits before the point and 6 after.'],
      'additional_fields.colour': ['No such additional field on this resource.'],
    });
    expect((await product({ name: 'AF Nothing' })).body).toEqual({ 'additional_fields.sap_material': ['This field is required.'] });
    expect((await product({ name: 'AF Nothing', additional_fields: ['x'] })).body).toMatchObject({ additional_fields: ['Expected an object of {key: value}.'] });
    expect((await list('')).body.length).toBe(before);
  });

  it('the answer, the record and a list asked for them carry the values; a plain list does not', async () => {
    const one = await s.call('GET', `/api/product/${made['AF Bitumen']}/`, { token: admin });
    expect(one.body.additional_fields).toEqual({ sap_material: 'MAT-2', flash_point: '230', hazard_class: '3', reviewed_on: '2026-11-30', heated: true });
    const page = await s.call('GET', '/api/product/?additional_fields=1&search=AF%20Caustic', { token: admin });
    expect(page.body.results.map((p: any) => p.additional_fields)).toEqual([{ sap_material: '=HYPERLINK("x")', hazard_class: '8' }]);
    expect((await s.call('GET', '/api/product/?search=AF%20Caustic', { token: admin })).body.results[0]).not.toHaveProperty('additional_fields');
  });

  it('an update checks them with the record\'s fields and writes neither when one is wrong; a right one bumps the version and is audited', async () => {
    const id = made['AF Diesel'];
    const { version } = (await s.call('GET', `/api/product/${id}/`, { token: admin })).body;
    const bad = await s.call('PATCH', `/api/product/${id}/`, { token: admin, body: { description: 'changed', additional_fields: { hazard_class: '9', sap_material: null } } });
    expect(bad.body).toEqual({ 'additional_fields.hazard_class': ['"9" is not one of the choices: 2.1, 3, 8.'], 'additional_fields.sap_material': ['This field is required.'] });
    const after = (await s.call('GET', `/api/product/${id}/`, { token: admin })).body;
    expect([after.version, after.description ?? null, after.additional_fields.hazard_class]).toEqual([version, null, '3']);
    const ok = await s.call('PATCH', `/api/product/${id}/`, { token: admin, body: { version, additional_fields: { flash_point: 62, reviewed_on: '' } } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.version).toBe(version + 1);
    expect(ok.body.additional_fields).toEqual({ sap_material: 'MAT-1', flash_point: '62', hazard_class: '3', heated: false });
    const entries = (await s.call('GET', `/api/audit/crud/?page_size=0&model=product&object_id=${id}`, { token: admin })).body as { changes: Record<string, unknown> }[];
    expect(entries.map((e) => e.changes)).toContainEqual({ 'additional_fields.flash_point': ['61.5', '62'], 'additional_fields.reviewed_on': ['2026-03-01', null] });
  });

  it('a disabled field is neither answered nor written; its values stay for when it is enabled again', async () => {
    const [heated] = (await s.call('GET', '/api/additional_fields/?page_size=0&name=heated', { token: admin })).body;
    const id = made['AF Bitumen'];
    try {
      expect((await s.call('PATCH', `/api/additional_fields/${heated.id}/`, { token: admin, body: { enabled: false } })).status).toBe(200);
      const record = (await s.call('GET', `/api/product/${id}/`, { token: admin })).body;
      expect(record.additional_fields).not.toHaveProperty('heated');
      expect((await s.call('PATCH', `/api/product/${id}/`, { token: admin, body: { additional_fields: { heated: false } } })).body).toEqual({ 'additional_fields.heated': ['No such additional field on this resource.'] });
    } finally {
      await s.call('PATCH', `/api/additional_fields/${heated.id}/`, { token: admin, body: { enabled: true } });
    }
    expect((await s.call('GET', `/api/product/${id}/`, { token: admin })).body.additional_fields.heated).toBe(true);
  });

  it('the kind of a field is fixed once made', async () => {
    const [flash] = (await s.call('GET', '/api/additional_fields/?page_size=0&name=flash_point', { token: admin })).body;
    expect((await s.call('PATCH', `/api/additional_fields/${flash.id}/`, { token: admin, body: { kind: 'text' } })).body).toEqual({ kind: [expect.stringContaining('fixed')] });
  });

  it('another company neither sees nor asks for the first one\'s', async () => {
    const own = await product({ name: 'AF Partner product' }, partner);
    expect(own.status, own.text).toBe(201);
    expect(own.body.additional_fields).toEqual({});
    expect((await list('additional_fields.sap_material=MAT-1', partner)).body).toEqual({ 'additional_fields.sap_material': ['Unknown filter field "additional_fields.sap_material".'] });
  });
});

describe('filters', () => {
  it('each kind filters as a field of its kind', async () => {
    expect(await names('additional_fields.sap_material=MAT-1,MAT-2')).toEqual(['AF Bitumen', 'AF Diesel']);
    expect(await names('additional_fields.sap_material__icontains=hyper')).toEqual(['AF Caustic']);
    expect(await names('additional_fields.flash_point__gte=100')).toEqual(['AF Bitumen']);
    // Numbers compare as numbers: 062.0 is 62.
    expect(await names('additional_fields.flash_point=062.0')).toEqual(['AF Diesel']);
    expect(await names('additional_fields.flash_point=62.5')).toEqual([]);
    expect(await names('additional_fields.reviewed_on__lt=2026-12-01&additional_fields.reviewed_on__gt=2026-01-01')).toEqual(['AF Bitumen']);
    expect(await names('additional_fields.heated=true')).toEqual(['AF Bitumen']);
    expect(await names('additional_fields.flash_point__isnull=true&search=AF')).toEqual(['AF Caustic']);
    // Excluding a value keeps the records without one.
    expect(await names('additional_fields.hazard_class__not_in=3&search=AF')).toEqual(['AF Caustic']);
    expect((await s.call('GET', '/api/product/count/?additional_fields.hazard_class=3', { token: admin })).body).toEqual({ count: 2 });
  });

  it('a bad value, an operator its kind does not take and an unknown key are refused in words', async () => {
    expect((await list('additional_fields.flash_point__gte=hot')).body).toEqual({ 'additional_fields.flash_point__gte': ['"hot": A number is required, at most 15 digits before the point and 6 after.'] });
    expect((await list('additional_fields.reviewed_on=2026-02-30')).body).toEqual({ 'additional_fields.reviewed_on': ['"2026-02-30": A date is required, as YYYY-MM-DD.'] });
    expect((await list('additional_fields.heated__gte=true')).body).toEqual({ 'additional_fields.heated__gte': ['This filter does not apply to a boolean field.'] });
    expect((await list('additional_fields.colour=red')).body).toEqual({ 'additional_fields.colour': ['Unknown filter field "additional_fields.colour".'] });
  });
});

describe('value suggestions', () => {
  it('a column\'s filter values are the company\'s values on the rows in view, matching the input', async () => {
    const suggest = (q: string, token = admin) => s.call('GET', `/api/product/autocomplete/?${q}`, { token });
    expect((await suggest('field=additional_fields.sap_material&input=mat-')).body).toEqual([{ value: 'MAT-1', label: 'MAT-1' }, { value: 'MAT-2', label: 'MAT-2' }]);
    expect((await suggest('field=additional_fields.sap_material&input=mat&additional_fields.hazard_class=3&search=Bitumen')).body).toEqual([{ value: 'MAT-2', label: 'MAT-2' }]);
    expect((await suggest('field=additional_fields.heated')).body).toEqual([{ value: false, label: 'No' }, { value: true, label: 'Yes' }]);
    expect((await suggest('field=additional_fields.colour')).body).toEqual({ field: ['Unknown field "additional_fields.colour".'] });
    expect((await suggest('field=additional_fields.sap_material', partner)).body).toEqual({ field: ['Unknown field "additional_fields.sap_material".'] });
  });
});

describe('export', () => {
  it('the company\'s fields are columns, by their labels, filtered like the list; text that looks like a formula is defused', async () => {
    const res = await fetch(`${s.url}/api/product/download_table/?search=AF&additional_fields.hazard_class=3,8`, {
      method: 'POST', headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ columns: ['name', 'additional_fields.sap_material', 'additional_fields.flash_point', 'additional_fields.heated'], ordering: 'name' }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual([
      '"Name","SAP material","Flash point (°C)","Heated"',
      '"AF Bitumen","MAT-2","230","Yes"',
      '"AF Caustic","\'=HYPERLINK(""x"")","",""',
      '"AF Diesel","MAT-1","62","No"',
    ]);
  });

  it('a column that is not one of the company\'s fields is refused', async () => {
    const res = await s.call('POST', '/api/product/download_table/', { token: admin, body: { columns: ['name', 'additional_fields.colour'] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ columns: ['"additional_fields.colour" is not one of your company\'s fields on this resource.'] });
  });
});

describe('copies and deletes', () => {
  it('a copy takes the original\'s values', async () => {
    const copy = await s.call('POST', `/api/product/${made['AF Bitumen']}/clone/`, { token: admin, body: { name: 'AF Bitumen 2' } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.additional_fields).toEqual({ sap_material: 'MAT-2', flash_point: '230', hazard_class: '3', reviewed_on: '2026-11-30', heated: true });
  });

  it('a deleted record\'s values go with it', async () => {
    const id = made['AF Caustic'];
    expect(await storedValues('product', id)).toBe(1);
    expect((await s.call('DELETE', `/api/product/${id}/`, { token: admin })).status).toBe(204);
    expect(await storedValues('product', id)).toBe(0);
  });

  it('so do the values of a record deleted with what it belongs to', async () => {
    expect((await define({ model: 'terminalboss/v3/location-product', name: 'gauge_note', label: 'Gauge note', kind: 'text' })).status).toBe(201);
    const location = await s.call('POST', '/api/terminalboss/v3/location/', { token: admin, body: { name: 'AF Tank 9', code: 'AF-T9' } });
    expect(location.status, location.text).toBe(201);
    const tbProduct = (await s.call('GET', '/api/terminalboss/v3/product/?page_size=1', { token: admin })).body.results[0].id;
    const link = await s.call('POST', '/api/terminalboss/v3/location-product/', { token: admin, body: { location: location.body.id, product: tbProduct, additional_fields: { gauge_note: 'dip weekly' } } });
    expect(link.status, link.text).toBe(201);
    expect(await storedValues('terminalboss/v3/location-product', link.body.id)).toBe(1);
    expect((await s.call('DELETE', `/api/terminalboss/v3/location/${location.body.id}/`, { token: admin })).status).toBe(204);
    expect((await s.call('GET', `/api/terminalboss/v3/location-product/${link.body.id}/`, { token: admin })).status).toBe(404);
    expect(await storedValues('terminalboss/v3/location-product', link.body.id)).toBe(0);
  });
});

describe('definitions kept by each server process', () => {
  it('a field made by plain SQL is asked for by the next create, without waiting for the definitions to expire', async () => {
    const company = (await s.call('GET', `/api/product/${made['AF Diesel']}/`, { token: admin })).body.company;
    expect((await product({ name: 'AF Kept 1', additional_fields: { sap_material: 'M' } })).status).toBe(201);
    await s.database.db.execute(sql`insert into additional_fields (company_id, model, name, label, kind, required, enabled, position) values (${company}, 'product', 'batch', 'Batch', 'text', true, true, 9)`);
    try {
      const asked = async () => (await product({ name: 'AF Kept 2', additional_fields: { sap_material: 'M' } })).status;
      expect(await eventually(asked, 400, 5_000)).toBe(400);
    } finally {
      await s.database.db.execute(sql`delete from additional_fields where name = 'batch'`);
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('a field made through one server process is asked for by another that kept the definitions', async () => {
    const { base, close } = await s.sibling();
    const at = (body: unknown) => fetch(`${base}/api/product/`, { method: 'POST', headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      expect((await at({ name: 'AF Sibling 1', additional_fields: { sap_material: 'M' } })).status).toBe(201);
      const field = await define({ model: 'product', name: 'lot', label: 'Lot', kind: 'text', required: true });
      expect(field.status).toBe(201);
      try {
        expect(await eventually(async () => (await at({ name: 'AF Sibling 2', additional_fields: { sap_material: 'M' } })).status, 400, 5_000)).toBe(400);
      } finally {
        await s.call('DELETE', `/api/additional_fields/${field.body.id}/`, { token: admin });
      }
    } finally {
      await close();
    }
  });
});
