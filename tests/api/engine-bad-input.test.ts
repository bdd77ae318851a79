/** Bad input of every kind answers a clear 4xx, never a 500, and never writes part of a record. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let op: string;
let admin: string;
const productCount = async () => (await s.call('GET', '/api/product/count/', { token: admin })).body.count as number;

beforeAll(async () => {
  s = await startServer({ BODY_LIMIT_BYTES: String(64 * 1024) });
  op = await s.login('operator@demo.test');
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

describe('request bodies', () => {
  it('malformed JSON', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: '{"name": "x",' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Malformed JSON in the request body.');
  });

  it('a body that is not an object', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: [{ name: 'x' }] });
    expect(res).toMatchObject({ status: 400, body: { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] } });
  });

  it('an oversized body answers 413', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: { name: 'x', description: 'y'.repeat(100 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The request is too large.');
  });

  it('a choice sent as an object that cannot be written as text (its toString null) is a 400 repeating it as JSON, not a 500', async () => {
    const before = await productCount();
    const res = await s.call('POST', '/api/product/', { token: op, body: { name: 'x', class: { toString: null, valueOf: null } } });
    expect(res).toMatchObject({ status: 400, body: { class: ['"{"toString":null,"valueOf":null}" is not a valid choice.'] } });
    expect(await productCount()).toBe(before);
  });

  it('wrong types per field kind, each with its message, and nothing written', async () => {
    const before = await productCount();
    const res = await s.call('POST', '/api/product/', {
      token: op,
      body: { name: 12, density: '1.23456', enabled: 'yes', class: '10', cas: '7732-18-4', stcc: 'abc', unCode: 'UN12', harmonizedCode: '27', color: 'red', code: 'x'.repeat(31) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ['Not a valid string.'],
      density: ['Ensure that there are no more than 4 decimal places.'],
      enabled: ['Must be a valid boolean.'],
      class: ['"10" is not a valid choice.'],
      cas: ['CAS check digit should be 5.'],
      stcc: ['STCC is 7 digits starting 01-49.'],
      unCode: ['Enter UN or NA followed by 4 digits, e.g. UN1267.'],
      harmonizedCode: ['Enter 6 to 10 digits, e.g. 2709.00 or 2709.00.20.'],
      color: ['Use a colour like #1f77b4.'],
      code: ['Ensure this field has no more than 30 characters.'],
    });
    expect(await productCount()).toBe(before);
  });

  it('dates, datetimes, integers, refs, many-to-many, json and tags', async () => {
    const popup = await s.call('POST', '/api/user_popup/', { token: admin, body: { title: 't', message: 'm', starts_at: '2026-13-01', ends_at: 'tomorrow' } });
    expect(popup.body).toEqual({
      starts_at: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
      ends_at: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
    });
    const fac = await s.call('POST', '/api/facility/', { token: admin, body: { name: 'F', serving_railroad: 'abc', latitude: 'north' } });
    expect(fac.body).toEqual({ serving_railroad: ['Incorrect type. Expected pk value.'], latitude: ['A valid number is required.'] });
    const missing = await s.call('POST', '/api/facility/', { token: admin, body: { name: 'F', serving_railroad: 99999 } });
    expect(missing.body).toEqual({ serving_railroad: ['Invalid pk "99999" - object does not exist.'] });
    const user = await s.call('POST', '/api/user/', { token: admin, body: { email: 'a@b.test', groups: 'x', roles: ['Pilot'], ui_config: [1], companies: [1, 'z'] } });
    expect(user.body).toEqual({
      groups: ['Expected a list of items.'],
      roles: ['"Pilot" is not a valid choice.'],
      ui_config: ['Value must be a JSON object.'],
      companies: ['Incorrect type. Expected pk value.'],
    });
  });

  it('unknown and read-only fields are refused, not dropped', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: { name: 'X', colour: 'blue', id: 5, version: 2, created_at: '2026-01-01T00:00:00Z' } });
    expect(res.body).toEqual({ colour: ['Unknown field.'], id: ['This field is read-only.'], version: ['This field is read-only.'], created_at: ['This field is read-only.'] });
    const su = await s.call('POST', '/api/user/', { token: admin, body: { email: 'new@x.test', is_superuser: true, last_login: '2026-01-01T00:00:00Z' } });
    expect(su.body).toEqual({ is_superuser: ['This field is read-only.'], last_login: ['This field is read-only.'] });
  });

  it('a PATCH may carry the id of its URL, not another one', async () => {
    const ok = await s.call('PATCH', '/api/product/1/', { token: op, body: { id: 1, description: 'same id' } });
    expect(ok.status).toBe(200);
    const other = await s.call('PATCH', '/api/product/1/', { token: op, body: { id: 2, description: 'other id' } });
    expect(other).toMatchObject({ status: 400, body: { id: ['Does not match the record being updated.'] } });
  });

  it('required fields: missing, blank and null', async () => {
    expect((await s.call('POST', '/api/product/', { token: op, body: {} })).body).toEqual({ name: ['This field is required.'] });
    expect((await s.call('POST', '/api/product/', { token: op, body: { name: '' } })).body).toEqual({ name: ['This field may not be blank.'] });
    expect((await s.call('PATCH', '/api/product/1/', { token: op, body: { name: null } })).body).toEqual({ name: ['This field may not be null.'] });
  });

  it('a duplicate unique value is a field error', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: { name: 'Dup', code: 'CRUDE' } });
    expect(res).toMatchObject({ status: 400, body: { code: ['A product with this code already exists.'] } });
  });
});

describe('query strings and paths', () => {
  const injection = `'; drop table product; --`;

  it('SQL meta-characters in filters, search, ordering and ids do no harm', async () => {
    const before = await productCount();
    for (const q of [`name=${encodeURIComponent(injection)}`, `search=${encodeURIComponent(injection)}`, `name__icontains=${encodeURIComponent("%' or 1=1 --")}`, `code__not_in=${encodeURIComponent(injection)}`]) {
      const res = await s.call('GET', `/api/product/?${q}`, { token: op });
      expect(res.status, q).toBe(200);
    }
    expect((await s.call('GET', `/api/product/?search=${encodeURIComponent("%")}`, { token: op })).body.count).toBe(0);
    expect((await s.call('GET', `/api/product/?ordering=${encodeURIComponent('name; drop table product')}`, { token: op })).status).toBe(400);
    expect((await s.call('GET', `/api/product/${encodeURIComponent("1 or 1=1")}/`, { token: op })).status).toBe(404);
    expect(await productCount()).toBe(before);
  });

  it('bad paging values', async () => {
    expect((await s.call('GET', '/api/product/?page_size=99999999', { token: op })).body).toEqual({ page_size: ['Ensure this value is less than or equal to 10000 (use 0 for all rows).'] });
    expect((await s.call('GET', '/api/product/?page=abc', { token: op })).body).toEqual({ page: ['A valid page number is required.'] });
    expect((await s.call('GET', '/api/product/?page_size=-1', { token: op })).status).toBe(400);
    expect((await s.call('GET', '/api/product/?page=999&page_size=25', { token: op })).status).toBe(404);
  });

  it('bad filter values are 400 with the parameter as key', async () => {
    expect((await s.call('GET', '/api/product/?density__gte=heavy', { token: op })).body).toEqual({ density__gte: ['"heavy": A valid number is required.'] });
    expect((await s.call('GET', '/api/product/?enabled=maybe', { token: op })).body).toEqual({ enabled: ['"maybe" is not a valid boolean.'] });
    expect((await s.call('GET', '/api/product/?description=x', { token: op })).body).toEqual({ description: ['Filtering on "description" is not supported.'] });
    expect((await s.call('GET', '/api/product/?created_at__gte=yesterday', { token: op })).status).toBe(400);
  });

  it('non-numeric and out-of-range ids are not found', async () => {
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await s.call('GET', `/api/product/${id}/`, { token: op })).status, id).toBe(404);
    }
  });
});
