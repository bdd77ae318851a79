/**
 * The contract of EVERY declared action, read from its declaration (so actions added, or given an
 * input, later are covered without editing this file): no token 401 (unless public), a user without
 * the codename 403, a company without the resource's feature 403, a detail action on another
 * company's record 404, and input that breaks the declaration 400 on that field (a missing required
 * field, a wrong type, a list over its maximum, an unknown field). Every refused call is checked to
 * have written nothing.
 *
 * Input travels as the engine reads it (server/engine/action-input.ts): a JSON body; the query
 * string of a GET or DELETE (strings, so only values no string spells are "of the wrong type", and
 * parameters it does not declare are ignored); or multipart/form-data when the input has a file.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/index';
import { type ActionDecl, type Resource, actionCodenames, actionPath } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { PUBLIC_ACTIONS } from '../../server/http/public-routes';
import type { TestServer } from './harness';
import { contractSuite } from './contract/suite';
import { type FilePart, multipart } from './contract/client';
import { KNOWN_FAULTS } from './contract/exceptions';
import { PDF, Records, type Row, pathOf, unknownId } from './contract/records';
import { unchanged } from './contract/snapshot';
import type { Actor, World } from './contract/world';

let s: TestServer;
let w: World;
let rec: Records;
contractSuite((suite) => ({ s, w, rec } = suite));

const FORBIDDEN = 'You do not have permission to perform this action.';
const UNKNOWN = 'contract_unknown_field';

type Transport = 'json' | 'query' | 'multipart';
type Input = Record<string, unknown>;
/** Stands for a file part in an input: a PDF, or a plain-text file of a kind the field may not take. */
interface FileMark { file: 'pdf' | 'text' }
const isFile = (v: unknown): v is FileMark => typeof v === 'object' && v !== null && 'file' in v && Object.keys(v).length === 1;

const transportOf = (a: ActionDecl): Transport =>
  Object.values(a.input ?? {}).some((f) => f.kind === 'file') ? 'multipart' : a.method === 'GET' || a.method === 'DELETE' ? 'query' : 'json';

/** A value as a query parameter or form field spells it: lists comma-separated. */
const spelt = (v: unknown) => (Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function request(t: Transport, url: string, input: Input | undefined): { url: string; body?: unknown; headers?: Record<string, string> } {
  if (input === undefined) return { url };
  if (t === 'json') return { url, body: input };
  const strings = Object.fromEntries(Object.entries(input).filter(([, v]) => !isFile(v)).map(([k, v]) => [k, spelt(v)]));
  if (t === 'query') {
    const q = new URLSearchParams(strings).toString();
    return { url: q ? `${url}?${q}` : url };
  }
  const files: FilePart[] = Object.entries(input).filter(([, v]) => isFile(v)).map(([field, v]) => (v as FileMark).file === 'pdf'
    ? { field, name: 'contract.pdf', type: 'application/pdf', bytes: PDF }
    : { field, name: 'contract.txt', type: 'text/plain', bytes: Buffer.from('not the kind of file asked for\n') });
  return { url, ...multipart(strings, files) };
}

/** A value of another JSON type than the field takes, or undefined when it takes any. */
function wrongJson(f: Field): unknown {
  switch (f.kind) {
    case 'text': case 'longtext': case 'password': case 'date': case 'datetime': case 'file': case 'choice': return 12345;
    case 'integer': case 'decimal': return 'not a number';
    case 'boolean': return 'maybe';
    case 'ref': return true;
    case 'refs': case 'tags': return 'not a list';
    case 'json': return f.shape === 'any' ? undefined : f.shape === 'array' ? { not: 'a list' } : 'not an object';
  }
}

/** A string no value of the field is spelt as (query and form values are strings), or undefined when any string is one. */
function wrongString(f: Field): unknown {
  switch (f.kind) {
    case 'integer': case 'decimal': return 'not a number';
    case 'boolean': return 'maybe';
    case 'date': return 'not a date';
    case 'datetime': return 'not a time';
    case 'choice': return 'no such choice';
    case 'ref': case 'refs': return 'not an id';
    case 'json': return f.shape === 'any' ? undefined : 'not json';
    // A kind the field does not take: plain text, or a PDF where text is what it takes.
    case 'file': return !f.accept.includes('text/plain') ? { file: 'text' } satisfies FileMark : !f.accept.includes('application/pdf') ? { file: 'pdf' } satisfies FileMark : undefined;
    default: return undefined;
  }
}

/** One item too many for a list field that declares its maximum. */
function overMax(f: Field): unknown[] | undefined {
  const max = (f as { max?: number }).max;
  if ((f.kind !== 'refs' && f.kind !== 'tags') || max === undefined) return undefined;
  if (f.kind === 'tags') return Array.from({ length: max + 1 }, (_, i) => `c${i}@contract.test`);
  const target = registry.get(f.to);
  return Array.from({ length: max + 1 }, (_, i) => (target?.idKind === 'uuid' ? randomUUID() : i + 1));
}

interface InputCase { id: string; title: string; field: string; change: (valid: Input) => Input; expected?: string[] }

/** Inputs that break the declaration, each naming the one field it breaks. */
function inputCases(a: ActionDecl, t: Transport): InputCase[] {
  const out: InputCase[] = [];
  for (const [name, f] of Object.entries(a.input ?? {})) {
    if (f.required) {
      out.push({ id: `missing ${name}`, title: `without the required ${name}`, field: name, expected: f.kind === 'file' ? undefined : ['This field is required.'],
        change: (v) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== name)) });
    }
    const wrong = t === 'json' ? wrongJson(f) : wrongString(f);
    if (wrong !== undefined) out.push({ id: `wrong ${name}`, title: `${name} of the wrong type (${JSON.stringify(wrong)})`, field: name, change: (v) => ({ ...v, [name]: wrong }) });
    const many = overMax(f);
    if (many) out.push({ id: `over ${name}`, title: `${name} with ${many.length} items, over its maximum`, field: name, change: (v) => ({ ...v, [name]: many }) });
  }
  // A query string takes parameters it does not declare (caches and tools add their own); a body or a form does not.
  if (t !== 'query' && (a.input || (a.method !== 'GET' && a.method !== 'DELETE'))) {
    out.push({ id: 'unknown', title: a.input ? 'an unknown field' : 'a field although it declares no input', field: UNKNOWN, expected: ['Unknown field.'], change: (v) => ({ ...v, [UNKNOWN]: '1' }) });
  }
  return out;
}

const actions = resources.flatMap((r) => Object.entries(r.actions).map(([name, a]) => [`${r.name}.${name}`, r, name, a] as const));
/** Every case generated below, by `<resource>.<action>: <case>`. */
const generated = new Set<string>();

it('lists as known faults only cases this suite generates (a fixed or renamed one must leave the list)', () => {
  expect(Object.keys(KNOWN_FAULTS).filter((k) => !generated.has(k))).toEqual([]);
});

describe.each(actions)('%s', (key, r: Resource, name: string, a: ActionDecl) => {
  const isPublic = PUBLIC_ACTIONS.has(key);
  const codename = actionCodenames(r, a)?.join(' or ') ?? null;
  const t = transportOf(a);
  const url = (id?: unknown) => `${pathOf(r)}${actionPath(name, a, String(id))}`;
  /** `it`, or `it.fails` for a case listed as a known fault (the listing says why; it must fail until fixed). */
  const test = (id: string) => {
    generated.add(`${key}: ${id}`);
    return KNOWN_FAULTS[`${key}: ${id}`] ? it.fails : it;
  };

  // A record of the owner's company for a detail action, made once.
  let target: Promise<Row> | undefined;
  const ownUrl = async () => url(a.on === 'detail' ? (await (target ??= rec.recordOf(r, w.owner))).id : undefined);
  /** A valid input, made once: every required field, references to records of the owner's company, a PDF (or a text file where text is taken) for a file. */
  let valid: Promise<Input | undefined> | undefined;
  const validInput = () => (valid ??= (async () => {
    if (!a.input) return undefined;
    const plain = Object.fromEntries(Object.entries(a.input).filter(([, f]) => f.kind !== 'file'));
    const files = Object.entries(a.input).filter(([, f]) => f.kind === 'file' && f.required)
      .map(([n, f]) => [n, { file: f.kind === 'file' && !f.accept.includes('application/pdf') ? 'text' : 'pdf' } satisfies FileMark]);
    return { ...(await rec.body(plain, w.owner, undefined, 0, false)), ...Object.fromEntries(files) };
  })());
  const call = async (as: Actor | null, path: string, input: Input | undefined) => {
    const req = request(t, path, input);
    return w.call(a.method, req.url, { token: as?.token, body: req.body, headers: req.headers });
  };
  /** A call that must be refused: its answer and the tables it changed. */
  const refused = (as: Actor | null, path: string, input: Input | undefined) => unchanged(s.database, () => call(as, path, input));

  if (isPublic) {
    test('public')('answers without a token (a public action)', async () => {
      const res = await call(null, await ownUrl(), await validInput());
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(400);
    });
  } else {
    test('401')('answers 401 without a token, writing nothing', async () => {
      const res = await refused(null, await ownUrl(), await validInput());
      expect([res.status, res.body.detail, res.changed]).toEqual([401, 'Authentication credentials were not provided.', []]);
    });
  }

  if (codename && !isPublic) {
    test('403')(`answers 403 to a signed-in user without ${codename}, writing nothing`, async () => {
      const res = await refused(w.noperm, await ownUrl(), await validInput());
      expect([res.status, res.body.detail, res.changed]).toEqual([403, FORBIDDEN, []]);
    });
  } else if (!isPublic) {
    test('no codename')('needs no codename: a signed-in user without any permission is not refused', async () => {
      const res = await call(w.noperm, await ownUrl(), await validInput());
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    });
  }

  if (r.feature && !isPublic) {
    test('feature')(`answers 403 to a company without the ${r.feature} feature, writing nothing`, async () => {
      const res = await refused(w.outsider, await ownUrl(), await validInput());
      expect([res.status, res.body.detail, res.changed]).toEqual([403, `Your company does not subscribe to the ${r.feature} feature.`, []]);
    });
  }

  if (a.on === 'detail' && r.tenant && !isPublic) {
    test('404')('answers 404 on another company\'s record and on an id that names nothing, writing nothing', async () => {
      const theirs = await rec.recordOf(r, w.stranger);
      const input = await validInput();
      const foreign = await refused(w.owner, url(theirs.id), input);
      expect([foreign.status, foreign.body.detail, foreign.changed], JSON.stringify(foreign.body)).toEqual([404, 'Not found.', []]);
      const missing = await refused(w.owner, url(unknownId(r)), input);
      expect([missing.status, missing.body.detail, missing.changed], JSON.stringify(missing.body)).toEqual([404, 'Not found.', []]);
    });
  }

  // Actions several resources declare alike may also answer at a shared path, where a body key names the resource.
  const shared = (a as { alsoAt?: { paths: readonly string[]; key: string } }).alsoAt;
  for (const path of shared?.paths ?? []) {
    test(`shared ${path}`)(`answers at the shared path ${path}/ as at its own: 401, 403, the feature's 403 and 400 on the field, writing nothing`, async () => {
      const at = `/api/${path}/${a.path ?? name}/`;
      const body = { [shared!.key]: r.perms.model, ...(await validInput()) };
      const post = (as: Actor | null, b: unknown) => unchanged(s.database, () => w.call(a.method, at, { token: as?.token, body: b }));
      const none = await post(null, body);
      expect([none.status, none.changed]).toEqual([401, []]);
      if (codename) {
        const denied = await post(w.noperm, body);
        expect([denied.status, denied.body.detail, denied.changed]).toEqual([403, FORBIDDEN, []]);
      }
      if (r.feature) {
        const outside = await post(w.outsider, body);
        expect([outside.status, outside.body.detail, outside.changed]).toEqual([403, `Your company does not subscribe to the ${r.feature} feature.`, []]);
      }
      const extra = await post(w.owner, { ...body, [UNKNOWN]: '1' });
      expect([extra.status, extra.body, extra.changed]).toEqual([400, { [UNKNOWN]: ['Unknown field.'] }, []]);
      const unnamed = await post(w.owner, { ...body, [shared!.key]: 'no_such_model' });
      // The rest of the input is read against one of the resources sharing the path, so its ids may be questioned too.
      expect([unnamed.status, unnamed.changed]).toEqual([400, []]);
      expect(unnamed.body[shared!.key], JSON.stringify(unnamed.body)).toHaveLength(1);
    });
  }

  if (!isPublic) {
    for (const c of inputCases(a, t)) {
      test(c.id)(`answers 400 to input ${c.title}, naming that field only, writing nothing`, async () => {
        const res = await refused(w.owner, await ownUrl(), c.change((await validInput()) ?? {}));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(Object.keys(res.body), JSON.stringify(res.body)).toEqual([c.field]);
        if (c.expected) expect(res.body[c.field]).toEqual(c.expected);
        else expect(res.body[c.field].length).toBeGreaterThan(0);
        expect(res.changed).toEqual([]);
      });
    }
  }
});
