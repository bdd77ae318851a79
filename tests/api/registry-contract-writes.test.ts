/**
 * The generic write contract, checked for EVERY declared resource from its declaration: a valid
 * record is created from a derived body; updates carry versions (body or If-Match) and a stale one
 * changes nothing; copies are new records; deletes check the version; another company's record does
 * not exist; a company without the resource's feature is refused; a record in a final state of its
 * lifecycle is neither edited nor deleted. Every refused call is checked to have written nothing.
 * Hook rules a declaration cannot say are in tests/api/contract/exceptions.ts.
 */
import { describe, expect, it } from 'vitest';
import { registry, resources } from '../../src/resources/index';
import { type Resource, isReadOnly } from '../../src/resources/define';
import type { ChoiceField, Field } from '../../src/resources/fields';
import { deleteRefusal, finalMessage, lifecycleFields } from '../../src/lib/lifecycle';
import type { TestServer } from './harness';
import { contractSuite } from './contract/suite';
import type { CallOptions } from './contract/client';
import { FIXED_ROWS, FIXTURES, MOVES_BY_ACTION, NOT_COPIED } from './contract/exceptions';
import { changedValue, cloneOverrides, editableField, expectedCopy, onePerCompany, pathToFinal } from './contract/plan';
import { Records, type Row, creatable, needsStaff, pathOf, plainValue, stored } from './contract/records';
import { unchanged } from './contract/snapshot';
import type { Actor, World } from './contract/world';

let s: TestServer;
let w: World;
let rec: Records;
contractSuite((suite) => ({ s, w, rec } = suite));

const FORBIDDEN = 'You do not have permission to perform this action.';
const call = (method: string, url: string, as: Actor | null, o: Omit<CallOptions, 'token'> = {}) => w.call(method, url, { ...o, token: as?.token });
/** A call that must be refused: its answer, plus the tables it changed (none expected). */
const refused = (method: string, url: string, as: Actor | null, o: Omit<CallOptions, 'token'> = {}) => unchanged(s.database, () => call(method, url, as, o));
const ifMatch = (v: unknown) => ({ 'if-match': `W/"${String(v)}"` });

/** A decimal as written without insignificant zeros: '6.000' and '6' are the same value. */
const decimal = (v: unknown) => (v === null || v === undefined ? v : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

/** What an answer carries for a value that was sent. */
function expectStored(r: Resource, row: Row, sent: Record<string, unknown>) {
  for (const [name, v] of Object.entries(sent)) {
    const f: Field = r.fields[name];
    if (f.kind === 'password') expect(row).not.toHaveProperty(name);
    else if (f.kind === 'refs') expect([...row[name]].map(String).sort(), name).toEqual([...(v as unknown[])].map(String).sort());
    else if (f.kind === 'datetime') expect(Date.parse(row[name]), name).toBe(Date.parse(v as string));
    else if (f.kind === 'decimal') expect(decimal(row[name]), name).toBe(decimal(v));
    else expect(row[name], name).toEqual(stored(f, v));
  }
}

it('declares fixtures and fixed rows only for declared resources and fields', () => {
  for (const [name, fx] of Object.entries(FIXTURES)) {
    const r = registry.get(name);
    expect(r, name).toBeTruthy();
    for (const f of [...(fx.also ?? []), ...Object.keys(fx.refs ?? {}), ...Object.keys(fx.values ?? {})]) expect(r!.fields[f], `${name}.${f}`).toBeTruthy();
    for (const [f, values] of Object.entries(fx.refs ?? {})) {
      const to = registry.get((r!.fields[f] as { to: string }).to)!;
      for (const v of Object.keys(values)) expect(to.fields[v], `${to.name}.${v}`).toBeTruthy();
    }
  }
  for (const [name, fixed] of Object.entries(FIXED_ROWS)) {
    const r = registry.get(name);
    expect(r, name).toBeTruthy();
    if (fixed.madeBy) expect(registry.get(fixed.madeBy.on ?? name)?.actions[fixed.madeBy.action], `${name}: madeBy ${fixed.madeBy.action}`).toMatchObject({ on: 'collection', method: 'POST' });
    if (fixed.changedBy) expect(r!.actions[fixed.changedBy.action], `${name}: changedBy ${fixed.changedBy.action}`).toMatchObject({ on: 'detail', method: 'POST' });
  }
});

// The "nothing written" checks below are only as good as the detector: it must see every kind of write.
it('the write detector sees an insert, an update and a delete with their audit entries, and nothing for a read', async () => {
  const product = resources.find((r) => r.name === 'product')!;
  const made = await unchanged(s.database, () => call('POST', pathOf(product), w.owner, { body: { name: 'Detector' } }));
  expect([made.status, made.changed]).toEqual([201, ['audit_crud', 'product']]);
  const changed = await unchanged(s.database, () => call('PATCH', pathOf(product, made.body.id), w.owner, { body: { description: 'seen' } }));
  expect([changed.status, changed.changed]).toEqual([200, ['audit_crud', 'product']]);
  const read = await unchanged(s.database, () => call('GET', pathOf(product, made.body.id), w.owner));
  expect([read.status, read.changed]).toEqual([200, []]);
  const gone = await unchanged(s.database, () => call('DELETE', pathOf(product, made.body.id), w.owner));
  expect([gone.status, gone.changed]).toEqual([204, ['audit_crud', 'product']]);
});

/** The column naming the writer's company: the tenant, or on a two-sided record the partner the writer is (docs/partners.md). */
const writerColumn = (r: Resource) => r.partner?.path.length === 1 ? r.partner.path[0] : 'company';

/**
 * A view (src/resources/define.ts `viewOf`) is read only: its rows are written through the resource
 * they belong to. Every write answers 404 (there is no such route), and changes nothing; another
 * company's user reads none of it.
 */
function viewCases(r: Resource) {
  it('is read only: create, update, delete and copy answer 404 and change nothing', async () => {
    const id = await rec.refTarget(r.name, w.owner);
    expect((await call('GET', pathOf(r, id), w.owner)).status).toBe(200);
    const answers = [
      await refused('POST', pathOf(r), w.root, { body: {} }),
      await refused('PATCH', pathOf(r, id), w.root, { body: { version: 1 } }),
      await refused('DELETE', pathOf(r, id), w.root),
      await refused('POST', `${pathOf(r, id)}clone/`, w.root, { body: {} }),
    ];
    expect(answers.map((a) => [a.status, a.changed])).toEqual(answers.map(() => [404, []]));
    expect((await refused('GET', pathOf(r, id), w.stranger)).status).toBe(404);
  });
}

describe.each(resources.map((r) => [r.name, r] as const))('%s', (name, r) => {
  if (isReadOnly(r)) { viewCases(r); return; }
  const fixed = FIXED_ROWS[name];
  const canCreate = creatable(r);
  const writer = () => (needsStaff(r) ? w.root : w.owner);
  const edit = (as: Actor) => {
    const e = editableField(r, as);
    if (!e) throw new Error(`${name}: no field ${as.email} may change`);
    return e;
  };
  /**
   * A change of the field an update case changes, valued as `valueAs`; none at all where a client
   * may change no field of a record changed only by its actions (FIXED_ROWS `changedBy`), whose
   * refused PATCH then names no read-only field either.
   */
  const change = async (as: Actor, row: Row, valueAs = as): Promise<Record<string, unknown>> => {
    if (fixed?.changedBy && !editableField(r, as)) return {};
    const [field, f] = edit(as);
    return { [field]: await changedValue(field, f, row[field], valueAs, rec) };
  };

  // The record the cases share, made (or, for fixed rows, found) once; the delete case removes it.
  let made: Promise<{ row: Row; sent: Record<string, unknown> }> | undefined;
  const main = () => (made ??= (async () => {
    if (!canCreate) {
      // A row that exists, or one made with its parent (FIXED_ROWS `madeWith`).
      const read = await call('GET', pathOf(r, String(await rec.refTarget(name, writer()))), writer());
      if (read.status !== 200) throw new Error(`${name}: no row to write to`);
      return { row: read.body, sent: {} };
    }
    const { sent, res } = await rec.post(r, writer());
    if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}\n  sent ${JSON.stringify(sent)}`);
    return { row: res.body, sent };
  })());
  const current = async () => {
    const { row } = await main();
    const res = await call('GET', pathOf(r, row.id), writer());
    expect(res.status).toBe(200);
    return res.body as Row;
  };

  if (canCreate) {
    it('creates a valid record derived from the declaration: 201, version 1, in the writer\'s company; without add_ 403 and nothing written', async () => {
      const { row, sent } = await main();
      expect(row.version).toBe(1);
      expect(row.id).toBeTruthy();
      expectStored(r, row, sent);
      if (r.tenant === 'company') expect(row[writerColumn(r)]).toBe(writer().company);
      const read = await call('GET', pathOf(r, row.id), writer());
      expect(read.status).toBe(200);
      expect(read.headers.etag).toBe('W/"1"');
      expect(read.body).toEqual(row);
      if (!needsStaff(r)) {
        const denied = await refused('POST', pathOf(r), w.noperm, { body: sent });
        expect([denied.status, denied.body.detail, denied.changed]).toEqual([403, FORBIDDEN, []]);
      }
    });
  } else {
    it(`refuses to create a record (${fixed ? fixed.why : 'a required value is the server\'s alone'}), writing nothing`, async () => {
      // A company's record is offered by its own writer (whose company its references must share).
      const as = r.tenant === 'company' ? writer() : w.root;
      const body = await rec.body(r.fields, as);
      const res = await refused('POST', pathOf(r), as, { body });
      expect(res.status).toBe(fixed?.refused ?? 400);
      expect(res.changed).toEqual([]);
    });
  }

  if (fixed?.changedBy) {
    const by = fixed.changedBy;
    it(`is changed only by its actions (${fixed.why}): a PATCH answers ${fixed.refused} and changes nothing; ${by.action}/ changes it, version +1`, async () => {
      const as = writer();
      const row = await current();
      // A field the client may write, else a read-only one: either way the PATCH is refused.
      const [field, f] = editableField(r, as) ?? editableField(r, as, true) ?? [];
      if (!field || !f) throw new Error(`${name}: no field to send in a PATCH`);
      const patch = await refused('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [field]: await changedValue(field, f, row[field], as, rec) } });
      expect([patch.status, patch.changed], JSON.stringify(patch.body)).toEqual([fixed.refused, []]);
      const res = await call('POST', `${pathOf(r, row.id)}${by.action}/`, as, { body: by.body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.version).toBe(row.version + 1);
      expectStored(r, res.body, by.body);
      expect(await current()).toEqual(res.body);
    });
  } else it('updates with the current version (body or If-Match): version +1; a stale version answers 409/412 and changes nothing; without a version it applies', async () => {
    const as = writer();
    const [field, f] = edit(as);
    const row = await current();
    const v1 = await changedValue(field, f, row[field], as, rec);
    const first = await call('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [field]: v1 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.version).toBe(row.version + 1);
    expect(first.headers.etag).toBe(`W/"${row.version + 1}"`);
    expectStored(r, first.body, { [field]: v1 });

    const v2 = await changedValue(field, f, v1, as, rec);
    const second = await call('PATCH', pathOf(r, row.id), as, { body: { [field]: v2 }, headers: ifMatch(row.version + 1) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.version).toBe(row.version + 2);
    expectStored(r, second.body, { [field]: v2 });

    const staleBody = await refused('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [field]: await changedValue(field, f, v2, as, rec) } });
    expect(staleBody.status).toBe(409);
    expect(staleBody.body.detail).toContain(`you have version ${row.version}, it is now version ${row.version + 2}`);
    expect(staleBody.changed).toEqual([]);
    const staleHeader = await refused('PATCH', pathOf(r, row.id), as, { body: { [field]: await changedValue(field, f, v2, as, rec) }, headers: ifMatch(row.version + 1) });
    expect(staleHeader.status).toBe(412);
    expect(staleHeader.changed).toEqual([]);
    const after = await current();
    expect(after).toEqual(second.body);

    // docs/api.md: "A PATCH without a version is applied as before."
    const v3 = await changedValue(field, f, v2, as, rec);
    const blind = await call('PATCH', pathOf(r, row.id), as, { body: { [field]: v3 } });
    expect(blind.status, JSON.stringify(blind.body)).toBe(200);
    expect(blind.body.version).toBe(row.version + 3);
    expectStored(r, blind.body, { [field]: v3 });
  });

  if (!canCreate) {
    it('refuses to copy a record, writing nothing', async () => {
      const { row } = await main();
      const res = await refused('POST', `${pathOf(r, row.id)}clone/`, writer(), { body: {} });
      expect(res.status).toBe(fixed?.refused ?? 400);
      expect(res.changed).toEqual([]);
    });
  } else if (onePerCompany(r) || NOT_COPIED[name]) {
    it(`refuses a copy (${NOT_COPIED[name] ?? 'one record per company'}), writing nothing`, async () => {
      const { row } = await main();
      const res = await refused('POST', `${pathOf(r, row.id)}clone/`, writer(), { body: {} });
      expect(res.status).toBe(400);
      expect(res.changed).toEqual([]);
    });
  } else {
    it('copies a record: 201, a new record at version 1 with the copied values, unique keys made distinct', async () => {
      const as = writer();
      const source = await current();
      const overrides = await cloneOverrides(r, source, as, rec);
      const res = await call('POST', `${pathOf(r, source.id)}clone/`, as, { body: overrides });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const copy = res.body;
      expect(copy.id).not.toBe(source.id);
      expect(copy.version).toBe(1);
      if (r.tenant === 'company') expect(copy.company).toBe(source.company);
      expectStored(r, copy, expectedCopy(r, source, overrides));
      const read = await call('GET', pathOf(r, copy.id), as);
      expect(read.body).toEqual(copy);
    });
  }

  if (r.tenant) {
    it('is not found by another company\'s user: read, update, delete and copy answer 404 and change nothing', async () => {
      const row = await current();
      const url = pathOf(r, row.id);
      const answers = [
        await refused('GET', url, w.stranger),
        await refused('PATCH', url, w.stranger, { body: { version: row.version, ...(await change(w.stranger, row)) } }),
        await refused('DELETE', url, w.stranger, { headers: ifMatch(row.version) }),
        await refused('POST', `${url}clone/`, w.stranger, { body: {} }),
      ];
      expect(answers.map((a) => [a.status, a.body.detail, a.changed])).toEqual(answers.map(() => [404, 'Not found.', []]));
      expect(await current()).toEqual(row);
    });
  } else {
    it('is shared by every company: another company\'s user reads the same record', async () => {
      const row = await current();
      const res = await call('GET', pathOf(r, row.id), w.stranger);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(row);
    });
  }

  if (r.feature) {
    it(`is refused (403) to a company without the ${r.feature} feature, and nothing is written`, async () => {
      const row = await current();
      const { sent } = await main();
      const url = pathOf(r, row.id);
      const answers = [
        await refused('POST', pathOf(r), w.outsider, { body: sent }),
        await refused('GET', url, w.outsider),
        await refused('PATCH', url, w.outsider, { body: await change(w.outsider, row, w.owner) }),
        await refused('DELETE', url, w.outsider),
      ];
      const detail = `Your company does not subscribe to the ${r.feature} feature.`;
      expect(answers.map((a) => [a.status, a.body.detail, a.changed])).toEqual(answers.map(() => [403, detail, []]));
    });
  }

  if (fixed && !fixed.deletable) {
    it(`refuses to delete a record (${fixed.why}), writing nothing`, async () => {
      const row = await current();
      const res = await refused('DELETE', pathOf(r, row.id), writer(), { headers: ifMatch(row.version) });
      // A record in a state its lifecycle deletes in no longer (or never) is refused by the lifecycle: 409, saying why.
      const lifecycle = deleteRefusal(r, row);
      expect([res.status, lifecycle ? res.body.detail : undefined]).toEqual(lifecycle ? [409, lifecycle] : [fixed.refused, undefined]);
      expect(res.changed).toEqual([]);
      expect(await current()).toEqual(row);
    });
  } else {
    it('deletes with the current version: a stale one answers 409 (body) or 412 (If-Match) and keeps the record; then 404', async () => {
      const as = writer();
      const row = await current();
      expect(row.version).toBeGreaterThan(1);
      const staleBody = await refused('DELETE', pathOf(r, row.id), as, { body: { version: row.version - 1 } });
      expect([staleBody.status, staleBody.changed]).toEqual([409, []]);
      const staleHeader = await refused('DELETE', pathOf(r, row.id), as, { headers: ifMatch(row.version - 1) });
      expect([staleHeader.status, staleHeader.changed]).toEqual([412, []]);
      expect(await current()).toEqual(row);
      const del = await call('DELETE', pathOf(r, row.id), as, { headers: ifMatch(row.version) });
      expect(del.status, JSON.stringify(del.body)).toBe(204);
      expect((await call('GET', pathOf(r, row.id), as)).status).toBe(404);
      expect((await call('DELETE', pathOf(r, row.id), as)).status).toBe(404);
    });
  }

  /** A new record of the resource: created, made by its action (FIXED_ROWS `madeBy`), or built from other records (`built`): the one that was not there before. */
  const fresh = async (as: Actor): Promise<Row> => {
    if (canCreate) return rec.create(r, as);
    if (!fixed?.built) return rec.recordOf(r, as);
    const ids = async () => new Set(((await call('GET', `${pathOf(r)}?page_size=0`, as)).body as Row[]).map((x) => String(x.id)));
    const before = await ids();
    await fixed.built(rec, as);
    const id = [...(await ids())].find((x) => !before.has(x));
    if (id === undefined) throw new Error(`${name}: built no new record`);
    return (await call('GET', pathOf(r, id), as)).body as Row;
  };

  for (const [field, f] of lifecycleFields(r)) {
    // A record the API does not create is had from the action that makes it (FIXED_ROWS `madeBy`, `built`).
    if (!f.transitions.final?.length || !(canCreate || fixed?.madeBy || fixed?.built)) continue;
    it(`a record whose ${field} is moved into a final state (${f.transitions.final.join(', ')}) refuses edit (400) and delete (409), writing nothing`, async () => {
      const as = writer();
      let row = await fresh(as);
      // A read-only lifecycle field moves only by the actions MOVES_BY_ACTION lists.
      const byActions = MOVES_BY_ACTION[r.name];
      const path = pathToFinal(r, field, row[field], f.readOnly && byActions ? (to) => to in byActions : undefined);
      expect(path, `a way from ${row[field]} to a final state`).toBeTruthy();
      for (const to of path!) {
        const needs = Object.fromEntries(Object.entries(f.transitions.requires?.[to] ?? {}).map(([n]) => [n, plainValue(r.fields[n], rec.next())]));
        const byAction = MOVES_BY_ACTION[r.name]?.[to];
        const moved = byAction
          ? await call('POST', `${pathOf(r, row.id)}${byAction.action}/`, byAction.by ? w[byAction.by] : as, { body: byAction.body })
          : await call('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [field]: to, ...needs } });
        expect(moved.status, `${row[field]} -> ${to}: ${JSON.stringify(moved.body)}`).toBe(200);
        row = moved.body;
      }
      const state = row[field] as string;
      const [other, of] = edit(as);
      const editRes = await refused('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [other]: await changedValue(other, of, row[other], as, rec) } });
      expect([editRes.status, editRes.body, editRes.changed]).toEqual([400, { [field]: [finalMessage(r, f as ChoiceField, state, 'changed')] }, []]);
      const back = await refused('PATCH', pathOf(r, row.id), as, { body: { version: row.version, [field]: initialOf(f as ChoiceField) } });
      expect([back.status, back.changed]).toEqual([400, []]);
      expect(back.body[field]).toBeTruthy();
      const del = await refused('DELETE', pathOf(r, row.id), as, { headers: ifMatch(row.version) });
      expect([del.status, del.body.detail, del.changed]).toEqual([409, finalMessage(r, f as ChoiceField, state, 'deleted'), []]);
      expect((await call('GET', pathOf(r, row.id), as)).body).toEqual(row);
    });
  }
});

const initialOf = (f: ChoiceField) => f.transitions!.initial[0];
