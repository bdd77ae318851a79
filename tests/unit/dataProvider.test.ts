// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';

interface Seen { url: string; method: string; body: unknown; headers: Record<string, string> }

function fakeFetch(respond: (s: Seen) => { status?: number; body?: unknown; headers?: Record<string, string>; raw?: BodyInit }) {
  const seen: Seen[] = [];
  const f = vi.fn(async (url: string, init: RequestInit) => {
    const s: Seen = { url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
    seen.push(s);
    const r = respond(s);
    const body = r.raw ?? (r.body === undefined ? null : JSON.stringify(r.body));
    return new Response(body, { status: r.status ?? 200, headers: { 'content-type': 'application/json', ...r.headers } });
  });
  return { seen, fetch: f as unknown as typeof fetch };
}

const make = (respond: Parameters<typeof fakeFetch>[0]) => {
  const ff = fakeFetch(respond);
  return { ...ff, dp: createDataProvider({ apiUrl: '/api', getToken: () => 'k'.repeat(40), fetch: ff.fetch }) };
};

describe('data provider mapping', () => {
  it('getList sends page, page_size, ordering, search and comma-joined filters with escaping', async () => {
    const { dp, seen } = make(() => ({ body: { count: 42, results: [{ id: 1 }] } }));
    const res = await dp.getList('product', { pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'acid', class: ['3', '8'], name: ['Sulphur, Molten'], code__not_in: ['A'] } });
    expect(res).toEqual({ data: [{ id: 1 }], total: 42 });
    const u = new URL(seen[0].url, 'http://x');
    expect(u.pathname).toBe('/api/product/');
    expect(Object.fromEntries(u.searchParams)).toEqual({ search: 'acid', class: '3,8', name: 'Sulphur\\, Molten', code__not_in: 'A', page_size: '25', page: '2', ordering: '-name', labels: '1' });
    expect(seen[0].headers.Authorization).toBe(`Token ${'k'.repeat(40)}`);
  });

  it('a plain array answer gives total = length; perPage 0 asks for every row', async () => {
    const { dp, seen } = make(() => ({ body: [{ id: 1 }, { id: 2 }] }));
    expect(await dp.getList('groups', { pagination: { page: 1, perPage: 0 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(new URL(seen[0].url, 'http://x').searchParams.get('page_size')).toBe('0');
  });

  it('meta.fields asks for fewer columns', async () => {
    const { dp, seen } = make(() => ({ body: [] }));
    await dp.getList('product', { pagination: { page: 1, perPage: 0 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: { fields: ['name', 'code'] } });
    expect(new URL(seen[0].url, 'http://x').searchParams.get('fields')).toBe('name,code');
  });

  it('getMany filters on id; getManyReference on the target', async () => {
    const { dp, seen } = make(() => ({ body: [] }));
    await dp.getMany('party', { ids: [3, 4] });
    await dp.getManyReference('facility', { target: 'serving_railroad', id: 7, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(new URL(seen[0].url, 'http://x').searchParams.get('id')).toBe('3,4');
    expect(new URL(seen[1].url, 'http://x').searchParams.get('serving_railroad')).toBe('7');
  });

  it('update PATCHes only the changed fields plus id and the version loaded', async () => {
    const { dp, seen } = make((s) => ({ body: { id: 5, ...(s.body as object) } }));
    const previousData = { id: 5, version: 3, name: 'Propane', code: 'C3', tags: ['a'], density: null, updated_at: 'x' };
    await dp.update('product', { id: 5, previousData, data: { ...previousData, code: 'C3-HD', tags: ['a'], density: '' } });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url).toBe('/api/product/5/');
    expect(seen[0].body).toEqual({ id: 5, version: 3, code: 'C3-HD' });
  });

  it('create POSTs, delete sends the version, clone and count use their paths', async () => {
    const { dp, seen } = make((s) => ({ status: s.method === 'DELETE' ? 204 : s.method === 'POST' ? 201 : 200, body: s.url.includes('count') ? { count: 9 } : s.method === 'DELETE' ? undefined : { id: 1 } }));
    await dp.create('product', { data: { name: 'X' } });
    await dp.delete('product', { id: 1, previousData: { id: 1, version: 2 } });
    await dp.clone('product', { id: 1 });
    expect(await dp.count('product', { filter: { class: ['3'] } })).toBe(9);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/product/', 'DELETE /api/product/1/', 'POST /api/product/1/clone/', 'GET /api/product/count/?class=3']);
    expect(seen[1].body).toEqual({ version: 2 });
  });

  it('choices use POST with selected_ids, autocomplete and callAction their query', async () => {
    const { dp, seen } = make(() => ({ body: [] }));
    await dp.choices('party', { search: 'rail', selected_ids: [2] });
    await dp.choices('party', { search: 'rail' });
    await dp.autocomplete('product', { field: 'class', input: '3', limit: 50 });
    await dp.callAction('user', { action: 'me', method: 'GET' });
    await dp.callAction('user', { id: 4, action: 'set_password', body: { password: 'x' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/party/choices/?search=rail', 'GET /api/party/choices/?search=rail',
      'GET /api/product/autocomplete/?model=product&field=class&input=3&limit=50', 'GET /api/user/me/', 'POST /api/user/4/set_password/',
    ]);
    expect(seen[0].body).toEqual({ selected_ids: [2] });
  });
});

describe('files', () => {
  it('fileInfo reads the metadata; openFile opens a PDF in a new tab and saves other files under the server name', async () => {
    const { dp, seen } = make((x) => (x.url.endsWith('/download/')
      ? { raw: 'data', headers: { 'content-type': x.url.includes('pdf-id') ? 'application/pdf' : 'text/csv', 'content-disposition': 'attachment; filename="rates.csv"' } }
      : { body: { id: 'abc', name: 'bol.pdf', content_type: 'application/pdf', size: 4 } }));
    expect((await dp.fileInfo('abc')).name).toBe('bol.pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    expect(await dp.openFile('pdf-id')).toEqual({ fileName: 'rates.csv', opened: 'tab' });
    expect(open).toHaveBeenCalledWith('blob:x', '_blank');
    expect(await dp.openFile('csv-id')).toEqual({ fileName: 'rates.csv', opened: 'download' });
    expect(seen.map((x) => x.url)).toEqual(['/api/files/abc/', '/api/files/pdf-id/download/', '/api/files/csv-id/download/']);
    open.mockReturnValue(null);
    await expect(dp.openFile('pdf-id')).rejects.toThrow('Browser denied opening the document');
  });
});

describe('data provider errors (docs/shell.md, Errors)', () => {
  it('a 400 body reaches the form per field, several messages joined by new lines', async () => {
    const { dp } = make(() => ({ status: 400, body: { stcc: ['STCC is 7 digits starting 01-49.'], name: ['Required', 'Too long'], non_field_errors: ['Nope'] } }));
    const e = await dp.create('product', { data: {} }).catch((x) => x);
    expect(e.status).toBe(400);
    expect(e.body.errors).toEqual({ stcc: 'STCC is 7 digits starting 01-49.', name: 'Required\nToo long', 'root.serverError': 'Nope' });
  });
  it('401, 403 and 409 keep status and detail', async () => {
    for (const [status, detail] of [[401, 'Invalid token.'], [403, 'No'], [409, 'Changed by someone else']] as const) {
      const { dp } = make(() => ({ status, body: { detail } }));
      const e = await dp.getOne('product', { id: 1 }).catch((x) => x);
      expect([e.status, e.message, e.body.detail]).toEqual([status, detail, detail]);
    }
  });
});
