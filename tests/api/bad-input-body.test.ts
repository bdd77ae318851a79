/**
 * Bodies the database cannot store answer 400 naming the field, never 500: NUL characters, lone
 * surrogates, invalid UTF-8, deep nesting, oversized JSON values, malformed multipart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

/** Sends bytes as they are (a JSON serialiser would never write invalid UTF-8). */
const raw = async (method: 'POST' | 'PATCH', url: string, bytes: Buffer | string, type = 'application/json') => {
  const res = await s.app.inject({ method, url, payload: bytes, headers: { authorization: `Token ${admin}`, 'content-type': type } });
  return { status: res.statusCode, body: res.json() };
};

describe('NUL characters', () => {
  it('in a text field, a long text, a JSON field and a key: per field, in DRF words', async () => {
    const res = await s.call('POST', '/api/product/', { token: admin, body: { name: 'Sulphur\u0000', description: 'a\u0000b' } });
    expect(res).toMatchObject({ status: 400, body: { name: ['Null characters are not allowed.'], description: ['Null characters are not allowed.'] } });
    const json = await s.call('PATCH', '/api/user/1/', { token: admin, body: { ui_config: { table: { name: 'x\u0000' } } } });
    expect(json).toMatchObject({ status: 400, body: { ui_config: ['Null characters are not allowed (at ui_config.table.name).'] } });
    const key = await s.call('POST', '/api/product/', { token: admin, body: { 'na\u0000me': 'x' } });
    expect(key).toMatchObject({ status: 400, body: { 'na\u0000me': ['Null characters are not allowed.'] } });
  });

  it('in a sign-in email', async () => {
    const res = await s.call('POST', '/api/auth/login/', { body: { email: 'admin@demo.test\u0000', password: 'x' } });
    expect(res).toMatchObject({ status: 400, body: { email: ['Null characters are not allowed.'] } });
  });

  it('in a domain action body (the guard is before every route)', async () => {
    const res = await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: '1\u0000' } });
    expect(res).toMatchObject({ status: 400, body: { company: ['Null characters are not allowed.'] } });
  });
});

describe('lone surrogates and invalid UTF-8', () => {
  it('a lone surrogate escape is refused, not stored as U+FFFD', async () => {
    const res = await raw('POST', '/api/product/', '{"name": "Acid \\ud800"}');
    expect(res).toEqual({ status: 400, body: { name: ['Surrogate characters are not allowed: U+D800.'] } });
    const low = await raw('POST', '/api/product/', '{"name": "ok", "description": ["x", "\\udfff"]}');
    expect(low.body).toEqual({ description: ['Surrogate characters are not allowed: U+DFFF (at description[1]).'] });
  });

  it('a pair of surrogates (an emoji) is fine', async () => {
    const res = await raw('POST', '/api/product/', '{"name": "Acid \\ud83d\\ude00"}');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Acid \u{1f600}');
  });

  it('bytes that are not UTF-8 are refused, not decoded to U+FFFD', async () => {
    for (const bytes of [[0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const res = await raw('POST', '/api/product/', Buffer.concat([Buffer.from('{"name": "'), Buffer.from(bytes), Buffer.from('"}')]));
      expect(res, String(bytes)).toEqual({ status: 400, body: { detail: 'The request body is not valid UTF-8.' } });
    }
  });
});

describe('deeply nested JSON', () => {
  it('more than 32 levels is refused before parsing, on the field that holds it', async () => {
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const res = await raw('PATCH', '/api/user/1/', `{"ui_config": ${deep}}`);
    expect(res).toEqual({ status: 400, body: { ui_config: ['Nested too deeply (at most 32 levels).'] } });
  });

  it('a megabyte of brackets is refused at once', async () => {
    const started = Date.now();
    const res = await raw('POST', '/api/product/', `${'['.repeat(500_000)}${']'.repeat(500_000)}`);
    expect(res).toEqual({ status: 400, body: { non_field_errors: ['Nested too deeply (at most 32 levels).'] } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('32 levels are accepted', async () => {
    const ok = `${'{"a":'.repeat(31)}1${'}'.repeat(31)}`;
    expect((await raw('PATCH', '/api/user/1/', `{"ui_config": ${ok}}`)).status).toBe(200);
  });
});

describe('JSON field size', () => {
  it('a JSON field holds at most 64 KB by default', async () => {
    const site = (await s.call('GET', '/api/terminalboss/v3/site/?page_size=1', { token: admin })).body.results[0];
    const big = await s.call('PATCH', `/api/terminalboss/v3/site/${site.id}/`, { token: admin, body: { additional_data: { address: 'y'.repeat(70_000) } } });
    expect(big).toMatchObject({ status: 400, body: { additional_data: ['Ensure this value has at most 65536 bytes as JSON (it has 70014).'] } });
    const fits = await s.call('PATCH', `/api/terminalboss/v3/site/${site.id}/`, { token: admin, body: { additional_data: { address: 'y'.repeat(60_000) } } });
    expect(fits.status).toBe(200);
  });
});

describe('prototype keys', () => {
  it('__proto__ and constructor.prototype keys are refused, and Object method names are unknown fields', async () => {
    expect(await raw('POST', '/api/product/', '{"name": "x", "__proto__": {"is_superuser": true}}')).toEqual({ status: 400, body: { ['__proto__']: ['This key is not allowed.'] } });
    expect((await s.call('POST', '/api/product/', { token: admin, body: { name: 'x', toString: [], constructor: 1 } })).body).toEqual({ toString: ['Unknown field.'], constructor: ['Unknown field.'] });
  });
});

describe('malformed multipart', () => {
  const boundary = 'xYzZY';
  const type = `multipart/form-data; boundary=${boundary}`;
  it('a body cut before its closing boundary', async () => {
    const res = await raw('POST', '/api/files/', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4`, type);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/multipart|Unexpected end|upload|file/i);
  });
  it('no boundary at all', async () => {
    const res = await raw('POST', '/api/files/', 'garbage', 'multipart/form-data');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
