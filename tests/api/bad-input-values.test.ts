/**
 * Values PostgreSQL refuses are refused first, with a message on the field or parameter: strings
 * shaped like UUIDs that are not, dates in year 0, timestamps, numbers and integers out of range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
const NOT_UUID = 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz';
const DASHES = '------------------------------------';
const DATE_MSG = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
const DATETIME_MSG = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

const get = async (url: string) => s.call('GET', url, { token: admin });

describe('UUID-shaped strings that are not UUIDs', () => {
  it('in a path: not found', async () => {
    for (const id of [NOT_UUID, DASHES, '00000000-0000-0000-0000-00000000000g']) {
      expect((await get(`/api/terminalboss/v3/vehicle/${id}/`)).status, id).toBe(404);
      expect((await s.call('PATCH', `/api/terminalboss/v3/vehicle/${id}/`, { token: admin, body: { unit_number: 'x' } })).status, id).toBe(404);
    }
  });

  it('in a reference field: the field says so', async () => {
    const res = await s.call('POST', '/api/terminalboss/v3/vehicle/', { token: admin, body: { unit_number: 'T-1', carrier: NOT_UUID } });
    expect(res).toMatchObject({ status: 400, body: { carrier: ['Incorrect type. Expected pk value.'] } });
  });

  it('in filters on ids and references', async () => {
    expect(await get(`/api/terminalboss/v3/vehicle/?id=${DASHES}`)).toMatchObject({ status: 400, body: { id: [`"${DASHES}" is not a valid UUID.`] } });
    expect(await get(`/api/terminalboss/v3/vehicle/?carrier__in=${NOT_UUID}`)).toMatchObject({ status: 400, body: { carrier__in: [`"${NOT_UUID}": Incorrect type. Expected pk value.`] } });
    expect(await get(`/api/terminalboss/v3/vehicle/count/?id__gte=${NOT_UUID}`)).toMatchObject({ status: 400, body: { id__gte: [`"${NOT_UUID}" is not a valid UUID.`] } });
  });

  it('a contains filter on a UUID id searches its text', async () => {
    expect((await get('/api/terminalboss/v3/vehicle/count/?id__icontains=0')).status).toBe(200);
  });
});

describe('dates and timestamps PostgreSQL refuses', () => {
  it('year 0 in a date field and a date filter', async () => {
    const res = await s.call('POST', '/api/car/', { token: admin, body: { mark: 'TILX', number: 4242, lease_start: '0000-01-01' } });
    expect(res).toMatchObject({ status: 400, body: { lease_start: [DATE_MSG] } });
    expect(await get('/api/car/?lease_start__gte=0000-06-30')).toMatchObject({ status: 400, body: { lease_start__gte: [`"0000-06-30": ${DATE_MSG}`] } });
  });

  it('year 0 and years past 9999 in a timestamp, as a value and as a filter', async () => {
    for (const v of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00']) {
      const res = await s.call('POST', '/api/user_popup/', { token: admin, body: { title: 't', message: 'm', starts_at: v } });
      expect(res, v).toMatchObject({ status: 400, body: { starts_at: [DATETIME_MSG] } });
    }
    expect(await get('/api/user_popup/count/?ends_at__gte=0000-01-01T00%3A00%3A00Z')).toMatchObject({ status: 400, body: { ends_at__gte: [`"0000-01-01T00:00:00Z": ${DATETIME_MSG}`] } });
    expect((await get('/api/user_popup/?created_at__lt=2024-01-01T00%3A00%3A00%2B99%3A99')).status).toBe(400);
  });

  it('year 1 and year 9999 are fine', async () => {
    expect((await get('/api/car/?lease_start__gte=0001-01-01&lease_end__lte=9999-12-31')).status).toBe(200);
  });
});

describe('numbers out of range', () => {
  it('integers beyond int4 and int8, NaN and Infinity in an integer field', async () => {
    for (const v of [2 ** 31, 2 ** 63, '9223372036854775808', 'NaN', 'Infinity', 1e308]) {
      const res = await s.call('PATCH', '/api/car/1/', { token: admin, body: { number: v } });
      expect(res.status, String(v)).toBe(400);
      expect(res.body.number, String(v)).toHaveLength(1);
    }
  });

  it('a decimal too large for its column, and NaN', async () => {
    expect((await s.call('PATCH', '/api/car/1/', { token: admin, body: { tare: '1e400' } })).body).toEqual({ tare: ['A valid number is required.'] });
    expect((await s.call('PATCH', '/api/car/1/', { token: admin, body: { tare: 'NaN' } })).body).toEqual({ tare: ['A valid number is required.'] });
    expect((await s.call('PATCH', '/api/car/1/', { token: admin, body: { tare: '9'.repeat(40) } })).status).toBe(400);
  });

  it('integer filters beyond int4, and a version beyond int4', async () => {
    expect(await get('/api/car/?version__gte=9223372036854775808')).toMatchObject({ status: 400, body: { version__gte: ['"9223372036854775808": Ensure this value is less than or equal to 2147483647.'] } });
    expect(await get('/api/car/?number__gte=9223372036854775808')).toMatchObject({ status: 400, body: { number__gte: ['"9223372036854775808": Ensure this value is less than or equal to 999999.'] } });
    expect(await get('/api/car/?id=2147483648')).toMatchObject({ status: 400 });
    expect((await s.call('PATCH', '/api/car/1/', { token: admin, body: { version: 2 ** 40, notes: 'x' } })).body).toEqual({ version: ['A valid integer is required.'] });
  });

  it('a domain action that passes a number on unchecked answers 400, not 500', async () => {
    const res = await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: 2 ** 53 } });
    expect(res.status).toBe(400);
  });
});
