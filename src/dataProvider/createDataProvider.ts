/**
 * react-admin's data provider over the generic API (docs/api.md, Generic resource calls), plus the extra calls
 * every screen uses: clone, count, metadata, options, downloadTable, choices, autocomplete, picker,
 * upload and callAction (any declared domain action).
 */
import type { DataProvider, GetListParams, Identifier, RaRecord, SortPayload } from 'react-admin';
import { type Http, createHttp } from './http';
import { filterParams, listQuery, listResult } from './query';
import { changedFields } from './diff';
import { deliverFile, fileNameOf } from './files';
import { createCursorPages, listKey } from './cursor-pages';

/** `file: 'blob'`: a file answer comes back as `{blob, fileName}` for the caller to show, instead of being opened or saved. */
export interface ActionParams { id?: Identifier; action: string; method?: string; body?: unknown; query?: Record<string, unknown>; file?: 'deliver' | 'blob' }
export interface FileAnswer { blob: Blob; fileName: string }
export interface Choice { id: Identifier; label: string }
export interface Suggestion { value: unknown; label: string }
export interface StoredFile { id: string; name: string; content_type: string; size: number }

export interface AppDataProvider extends DataProvider {
  clone(resource: string, params: { id: Identifier; data?: Record<string, unknown>; query?: Record<string, unknown> }): Promise<{ data: RaRecord }>;
  count(resource: string, params?: { filter?: Record<string, unknown> }): Promise<number>;
  metadata(resource: string): Promise<unknown>;
  /** The DRF-style field map of `OPTIONS` (`actions.POST`), or null when the user may not create. */
  options(resource: string): Promise<Record<string, unknown> | null>;
  downloadTable(resource: string, params: { columns?: string[]; filter?: Record<string, unknown>; sort?: SortPayload }): Promise<unknown>;
  choices(resource: string, params?: { search?: string; filter?: Record<string, unknown>; selected_ids?: Identifier[]; limit?: number }): Promise<Choice[]>;
  autocomplete(resource: string, params: { field: string; input?: string; limit?: number; offset?: number; filter?: Record<string, unknown> }): Promise<Suggestion[]>;
  picker(name: string, params?: Record<string, unknown>): Promise<Choice[]>;
  upload(file: File): Promise<StoredFile>;
  fileInfo(id: string): Promise<StoredFile>;
  /** Opens a PDF in a new tab, saves anything else under its stored name. */
  openFile(id: string): Promise<unknown>;
  /** A stored file's content, for the page to show (a PDF in a frame, an image). */
  fileBlob(id: string): Promise<FileAnswer>;
  callAction(resource: string, params: ActionParams): Promise<unknown>;
  /** What deleting the record would do (docs/api.md, Deleting). */
  deletePreview(resource: string, id: Identifier): Promise<DeletePreview>;
}

export interface DeletePreview {
  deletable: boolean;
  reason: string | null;
  dependents: { resource: string; label: string; field: string; field_label: string; effect: 'deleted' | 'unlinked' | 'blocks'; count: number }[];
}

export interface DataProviderOptions {
  apiUrl?: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

const qs = (q: URLSearchParams) => (q.toString() ? `?${q}` : '');

export function createDataProvider(o: DataProviderOptions): AppDataProvider {
  const http: Http = createHttp(o.apiUrl ?? '/api', o.getToken, o.fetch);
  const one = (resource: string, id: Identifier) => `${resource}/${encodeURIComponent(String(id))}/`;

  // Lists and records come with their references' labels (`_labels`, docs/api.md): a user who may
  // read a record sees what it points at by name without the right to list those resources.
  // The page beside one just read goes by the cursor its link named (src/dataProvider/cursor-pages.ts).
  const cursors = createCursorPages();
  const getList = async (resource: string, p: Partial<GetListParams>, labels = true) => {
    const query = [listQuery(p), labels ? 'labels=1' : ''].filter(Boolean).join('&');
    const page = p.pagination?.perPage ? p.pagination.page : undefined;
    const key = listKey(resource, query);
    const cursor = page !== undefined && page > 1 ? cursors.cursorFor(key, page) : undefined;
    type Answer = { count: number; next?: string | null; previous?: string | null; results: RaRecord[] } | RaRecord[];
    const ask = (c: string | undefined) => http.json<Answer>(`${resource}/?${c ? `${query}&cursor=${encodeURIComponent(c)}` : query}`);
    // A cursor the server refuses (400: made by an older release) costs nothing: the page is asked by number.
    const refused = async (e: unknown) => {
      if ((e as { status?: number }).status !== 400) throw e;
      return [await ask(undefined), undefined] as const;
    };
    const [body, used] = cursor ? await ask(cursor).then((b) => [b, cursor] as const, refused) : [await ask(undefined), undefined] as const;
    if (page !== undefined && !Array.isArray(body)) cursors.remember(key, page, used, body);
    return listResult(body);
  };

  const dp: AppDataProvider = {
    getList: (resource, p) => getList(resource, p) as never,
    getOne: async (resource, p) => ({ data: await http.json(`${one(resource, p.id)}?labels=1`) }) as never,
    getMany: async (resource, p) => {
      if (!p.ids.length) return { data: [] };
      return { data: (await getList(resource, { filter: { id: p.ids }, pagination: { page: 1, perPage: 0 } }, false)).data } as never;
    },
    getManyReference: (resource, p) => getList(resource, { ...p, filter: { ...p.filter, [p.target]: p.id } }) as never,
    create: async (resource, p) => ({ data: await http.json(`${resource}/`, { method: 'POST', body: p.data }) }) as never,
    update: async (resource, p) => {
      const previous = p.previousData as Record<string, unknown> | undefined;
      const body: Record<string, unknown> = { id: p.id, ...changedFields(p.data as Record<string, unknown>, previous) };
      // The version the user started from: the server refuses the write if someone changed the record since.
      if (typeof previous?.version === 'number') body.version = previous.version;
      return { data: await http.json(one(resource, p.id), { method: 'PATCH', body }) } as never;
    },
    updateMany: async (resource, p) => {
      for (const id of p.ids) await http.json(one(resource, id), { method: 'PATCH', body: { id, ...p.data } });
      return { data: p.ids };
    },
    delete: async (resource, p) => {
      const version = (p.previousData as { version?: unknown } | undefined)?.version;
      await http(one(resource, p.id), { method: 'DELETE', body: typeof version === 'number' ? { version } : undefined });
      return { data: p.previousData } as never;
    },
    deleteMany: async (resource, p) => {
      for (const id of p.ids) await http(one(resource, id), { method: 'DELETE' });
      return { data: p.ids };
    },
    clone: async (resource, p) => ({
      data: await http.json(`${one(resource, p.id)}clone/${qs(filterParams(p.query))}`, { method: 'POST', body: p.data ?? {} }),
    }),
    deletePreview: (resource, id) => http.json(`${one(resource, id)}delete_preview/`),
    count: async (resource, p) => (await http.json<{ count: number }>(`${resource}/count/${qs(filterParams(p?.filter))}`)).count,
    metadata: (resource) => http.json(`${resource}/metadata/`),
    options: async (resource) => {
      const body = await http.json<{ actions?: { POST?: Record<string, unknown> } }>(`${resource}/`, { method: 'OPTIONS' });
      return body.actions?.POST ?? null;
    },
    downloadTable: async (resource, p) => {
      const q = filterParams(p.filter);
      const body = { columns: p.columns, ordering: p.sort?.field ? `${p.sort.order === 'DESC' ? '-' : ''}${p.sort.field}` : undefined };
      return deliverFile(await http(`${resource}/download_table/${qs(q)}`, { method: 'POST', body }));
    },
    choices: (resource, p = {}) => {
      const q = filterParams(p.filter);
      if (p.search) q.set('search', p.search);
      if (p.limit) q.set('limit', String(p.limit));
      return p.selected_ids?.length
        ? http.json(`${resource}/choices/${qs(q)}`, { method: 'POST', body: { selected_ids: p.selected_ids } })
        : http.json(`${resource}/choices/${qs(q)}`);
    },
    autocomplete: (resource, p) => {
      const q = filterParams(p.filter);
      q.set('model', resource);
      q.set('field', p.field);
      q.set('input', p.input ?? '');
      if (p.limit !== undefined) q.set('limit', String(p.limit));
      if (p.offset !== undefined) q.set('offset', String(p.offset));
      return http.json(`${resource}/autocomplete/?${q}`);
    },
    picker: (name, params) => http.json(`picker/${name}/${qs(filterParams(params))}`),
    upload: (file) => {
      const form = new FormData();
      form.append('file', file);
      return http.json('files/', { method: 'POST', body: form });
    },
    fileInfo: (id) => http.json(`files/${encodeURIComponent(id)}/`),
    openFile: async (id) => deliverFile(await http(`files/${encodeURIComponent(id)}/download/`)),
    fileBlob: async (id) => {
      const res = await http(`files/${encodeURIComponent(id)}/download/`);
      return { blob: await res.blob(), fileName: fileNameOf(res) };
    },
    callAction: async (resource, p) => {
      const id = p.id !== undefined ? encodeURIComponent(String(p.id)) : undefined;
      // A declared path may place the id itself (`route/{id}`, src/resources/define.ts actionPath).
      const at = id !== undefined && p.action.includes('{id}') ? `${p.action.replace('{id}', id)}/` : `${id !== undefined ? `${id}/` : ''}${p.action}/`;
      const path = `${resource}/${at}${qs(filterParams(p.query))}`;
      const res = await http(path, { method: p.method ?? 'POST', body: p.body });
      const type = res.headers.get('content-type') ?? '';
      if (res.status === 204) return null;
      if (type.includes('application/json')) {
        const text = await res.text();
        return text ? JSON.parse(text) : null;
      }
      if (p.file === 'blob') return { blob: await res.blob(), fileName: fileNameOf(res) } satisfies FileAnswer;
      return deliverFile(res);
    },
  };
  return dp;
}
