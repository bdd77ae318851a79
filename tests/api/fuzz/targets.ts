/**
 * Every route the fuzz test reaches, derived from the registry: the generic calls of each declared
 * resource and each declared action, so a new resource or action is covered without editing tests.
 * Each target turns generated hostile input into one request.
 */
import fc from 'fast-check';
import { type Resource, actionPath } from '../../../src/resources/define';
import { isFilterable, type Field } from '../../../src/resources/fields';
import { resources } from '../../../src/resources/index';
import { hostileFilterValue, hostileString, hostileValueFor, hostileStructure, hostileNumber } from './hostile-values';
import { rawBody, type RawBody } from './raw-bodies';

export interface FuzzRequest { method: string; url: string; headers?: Record<string, string>; payload?: string | Buffer | object }
export interface Target { name: string; request: fc.Arbitrary<FuzzRequest> }

/** Percent-encodes any string, lone surrogates included (as the bytes of their CESU-8 form: invalid UTF-8). */
export function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

const SYSTEM: Record<string, Field> = { id: { kind: 'integer' }, version: { kind: 'integer' }, created_at: { kind: 'datetime' }, updated_at: { kind: 'datetime' } };
const LOOKUPS = ['', '__in', '__not_in', '__gte', '__lte', '__gt', '__lt', '__icontains', '__isnull', '__bogus'];

/** Filters on the resource's list columns and filterable fields, with every lookup. */
function filters(r: Resource): fc.Arbitrary<[string, string][]> {
  const names = [...new Set([...r.list.columns, ...Object.keys(r.fields).filter((n) => isFilterable(r.fields[n])), 'id', 'version', 'created_at'])];
  const one = fc.constantFrom(...names).chain((name) => {
    const f = r.fields[name] ?? SYSTEM[name];
    return fc.tuple(fc.constantFrom(...LOOKUPS).map((op) => name + op), hostileFilterValue(f));
  });
  const reserved = fc.tuple(fc.constantFrom('search', 'ordering', 'page', 'page_size', 'fields', 'limit', 'offset', 'input', 'field', 'model'), fc.oneof(hostileString, fc.constantFrom(...names, ...names.map((n) => `-${n}`))));
  return fc.array(fc.oneof({ arbitrary: one, weight: 3 }, { arbitrary: reserved, weight: 1 }), { minLength: 1, maxLength: 4 });
}

const qs = (pairs: [string, string][]) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '');

/** A JSON body of the resource's (or action's) fields with hostile values, sometimes with extras. */
function body(fields: Record<string, Field>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  if (!names.length) return fc.dictionary(hostileString, hostileStructure, { maxKeys: 3 });
  const entry = fc.constantFrom(...names).chain((n) => fc.tuple(fc.constant(n), hostileValueFor(fields[n])));
  return fc.tuple(fc.array(entry, { minLength: 1, maxLength: 5 }), fc.option(fc.tuple(hostileString, hostileStructure), { nil: undefined }))
    .map(([entries, extra]) => Object.fromEntries(extra ? [...entries, extra] : entries));
}

/** A generic body for an action: its declared input fields, else the resource's fields plus ids and lists. */
function actionBody(r: Resource, input?: Record<string, Field>): fc.Arbitrary<Record<string, unknown>> {
  const common: Record<string, Field> = {
    ids: { kind: 'refs', to: r.name }, id: { kind: 'ref', to: r.name, onDelete: 'cascade' }, status: { kind: 'text', max: 50 },
    file: { kind: 'text', max: 10 }, company: { kind: 'ref', to: 'company', onDelete: 'cascade' }, email: { kind: 'text', max: 254 },
    password: { kind: 'text', max: 100 }, popupId: { kind: 'integer' }, selected_ids: { kind: 'refs', to: r.name }, tickets: { kind: 'refs', to: r.name },
  };
  return body({ ...common, ...(input ?? r.fields) });
}

/** A JSON body, or now and then a raw hostile one (invalid UTF-8, deep nesting, broken multipart). */
function payload(b: fc.Arbitrary<unknown>): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload'>> {
  return fc.oneof(
    { arbitrary: b.map((p) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(p) })), weight: 4 },
    { arbitrary: rawBody.map((x: RawBody) => ({ headers: { 'content-type': x.type }, payload: x.bytes })), weight: 1 },
  );
}

const hostileId = (r: Resource) => fc.oneof(
  fc.constantFrom(...(r.idKind === 'uuid'
    ? ['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '00000000-0000-0000-0000-00000000000g', '------------------------------------', '00000000-0000-0000-0000-000000000000']
    : ['0', '-1', '2147483648', '9223372036854775808', '1e3', '99999999999999999999'])),
  hostileString.filter((s) => s.length > 0 && s.length < 200),
);

export function targetsOf(ids: Map<string, string>): Target[] {
  const out: Target[] = [];
  for (const r of resources) {
    const base = `/api/${r.name}`;
    const realId = ids.get(r.name);
    const id = realId ? fc.oneof({ arbitrary: fc.constant(realId), weight: 3 }, { arbitrary: hostileId(r), weight: 1 }) : hostileId(r);
    const f = filters(r);
    const add = (name: string, request: fc.Arbitrary<FuzzRequest>) => out.push({ name: `${r.name} ${name}`, request });
    add('list', f.map((q) => ({ method: 'GET', url: `${base}/${qs(q)}` })));
    add('count', f.map((q) => ({ method: 'GET', url: `${base}/count/${qs(q)}` })));
    add('choices', f.map((q) => ({ method: 'GET', url: `${base}/choices/${qs(q)}` })));
    add('choices POST', fc.tuple(f, payload(fc.record({ selected_ids: fc.oneof(fc.array(fc.oneof(hostileString, hostileNumber, hostileStructure), { maxLength: 5 }), hostileStructure) })))
      .map(([q, p]) => ({ method: 'POST', url: `${base}/choices/${qs(q)}`, ...p })));
    add('autocomplete', fc.tuple(f, fc.constantFrom(...Object.keys(r.fields), 'id'), hostileString)
      .map(([q, field, input]) => ({ method: 'GET', url: `${base}/autocomplete/${qs([['field', field], ['input', input], ...q])}` })));
    add('download_table', fc.tuple(f, payload(fc.record({
      columns: fc.option(fc.oneof(fc.subarray([...r.list.columns, 'id']), hostileStructure), { nil: undefined }),
      filters: fc.oneof(f.map((pairs) => Object.fromEntries(pairs)), fc.dictionary(fc.constantFrom(...Object.keys(r.fields)), fc.oneof(fc.constant(null), hostileNumber, hostileStructure)), hostileStructure),
      ordering: fc.option(hostileString, { nil: undefined }),
      search: fc.option(hostileString, { nil: undefined }),
    }, { requiredKeys: [] })))
      .map(([q, p]) => ({ method: 'POST', url: `${base}/download_table/${qs(q)}`, ...p })));
    add('create', payload(body(r.fields)).map((p) => ({ method: 'POST', url: `${base}/`, ...p })));
    add('retrieve', hostileId(r).map((x) => ({ method: 'GET', url: `${base}/${encode(x)}/` })));
    add('update', fc.tuple(id, fc.constantFrom('PATCH', 'PUT'), payload(body(r.fields)), fc.option(hostileString, { nil: undefined }))
      .map(([x, method, p, ifMatch]) => ({ method, url: `${base}/${encode(x)}/`, ...p, headers: { ...p.headers, ...(ifMatch !== undefined ? { 'if-match': ifMatch.replace(/[^\x20-\x7e]/g, '') } : {}) } })));
    // Deletes carry a version that is never the row's, so the rows the other targets use survive.
    add('delete', fc.tuple(id, hostileNumber.filter((n) => !(Number.isInteger(n) && n >= 0 && n < 1e6)))
      .map(([x, v]) => ({ method: 'DELETE', url: `${base}/${encode(x)}/`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ version: v }) })));
    add('clone', fc.tuple(id, payload(body(r.fields)), f).map(([x, p, q]) => ({ method: 'POST', url: `${base}/${encode(x)}/clone/${qs(q)}`, ...p })));
    for (const [name, a] of Object.entries(r.actions)) {
      const path = (x: string) => `${base}/${actionPath(name, a, encode(x))}`;
      const withBody = a.method !== 'GET' && a.method !== 'DELETE';
      add(`action ${name}`, fc.tuple(id, f, withBody ? payload(actionBody(r, a.input)) : fc.constant({}))
        .map(([x, q, p]) => ({ method: a.method, url: `${path(x)}${qs(q)}`, ...p })));
    }
  }
  return out;
}

/** Routes outside the resource engine that take client input: sign-in, uploads, suggestions, pickers. */
export function platformTargets(): Target[] {
  const names = resources.map((r) => r.name);
  return [
    { name: 'auth login', request: payload(fc.record({ email: fc.oneof(hostileString, hostileStructure, fc.constant('admin@demo.test\u0000')), password: fc.oneof(hostileString, hostileStructure) }, { requiredKeys: [] }))
      .map((p) => ({ method: 'POST', url: '/api/auth/login/', ...p })) },
    { name: 'auth password reset', request: payload(fc.record({ email: fc.oneof(hostileString, hostileStructure) }))
      .map((p) => ({ method: 'POST', url: '/api/auth/password/reset/', ...p })) },
    { name: 'files upload', request: rawBody.map((b) => ({ method: 'POST', url: '/api/files/', headers: { 'content-type': b.type }, payload: b.bytes })) },
    { name: 'autocomplete suggestions', request: fc.tuple(fc.oneof(fc.constantFrom(...names), hostileString), hostileString, hostileString)
      .map(([model, field, input]) => ({ method: 'GET', url: `/api/autocomplete/suggestions/${qs([['model', model], ['field', field], ['input', input]])}` })) },
    { name: 'picker', request: fc.tuple(fc.constantFrom(...names), fc.array(fc.tuple(hostileString, hostileString), { maxLength: 3 }))
      .map(([name, q]) => ({ method: 'GET', url: `/api/picker/${name}/${qs(q)}` })) },
  ];
}
