/**
 * Valid records and action bodies derived from declarations: required fields get a value of their
 * kind within the declared bounds, patterns and choices; references point to records of the same
 * company made on the way (or, for rows nobody creates through the API, found). Every generated text
 * is unique, so unique keys never collide.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { type Resource, isReadOnly } from '../../../src/resources/define';
import { TB_COMPANY, TB_TICKET } from '../../../src/resources/terminal/common';
import type { Field, TextField } from '../../../src/resources/fields';
import { registry } from '../../../src/resources/index';
import { type Answer, multipartFile } from './client';
import { FIXED_ROWS, FIXTURES } from './exceptions';
import type { Actor, World } from './world';

export type Row = Record<string, any>;

const INT4 = 2_147_483_647;
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A field a client may send at all (staff-only ones only as platform staff); a resource's tenant column is the server's. */
export const writableBy = (f: Field, name: string, as: Pick<Actor, 'staff'>, tenantColumn = true) =>
  !f.readOnly && !f.computed && (!f.staffOnly || as.staff) && !(tenantColumn && name === 'company');

/** Whether the API can create a row of this resource at all: no required value is left to the server alone. */
export const creatable = (r: Resource) =>
  !isReadOnly(r) && !(r.name in FIXED_ROWS) && !Object.values(r.fields).some((f) => f.required && (f.readOnly || f.computed) && f.default === undefined);

/** The resource's records are written by platform staff when a required field is staff-only (a company's name). */
export const needsStaff = (r: Resource) => Object.values(r.fields).some((f) => f.required && f.staffOnly && f.default === undefined);

/** Upper-case letters for a number: 1 -> A, 27 -> AA. */
function letters(n: number): string {
  let out = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) out = String.fromCharCode(65 + ((x - 1) % 26)) + out;
  return out;
}

/** A new text value valid for the field (its length, format, pattern and check), different on every call. */
export function freshText(f: TextField, n: number): string {
  if (f.format === 'email') return `c${n}@contract.test`;
  if (f.format === 'url') return `https://contract.test/${n}`;
  const pattern = f.pattern && new RegExp(`^(?:${f.pattern.source})$`);
  const fits = (v: string) => v.length > 0 && v.length <= f.max && (!pattern || pattern.test(v)) && !f.check?.(v);
  const word = `Z${letters(n)}`;
  const candidates = [`Contract ${n}`, `ctr${n}`, `CTR${n}`, word, word.toLowerCase(), String(n), String(n % 10), word.slice(-f.max)];
  const found = candidates.find(fits);
  if (found) return found;
  if (pattern) {
    const sampled = fc.sample(fc.stringMatching(pattern), { numRuns: 200, seed: n }).find(fits);
    if (sampled) return sampled;
  }
  throw new Error(`no value fits the text field (max ${f.max}, pattern ${f.pattern?.source ?? '-'}): declare a fixture in tests/api/contract/exceptions.ts`);
}

/** The state a new record starts in (its default, else the first initial state). */
export function initialState(f: Field): string | undefined {
  if (f.kind !== 'choice' || !f.transitions) return undefined;
  return typeof f.default === 'string' ? f.default : f.transitions.initial[0];
}

/** A value of the field's kind that is not a ref, file or list of records; undefined when the kind has none. */
export function plainValue(f: Field, n: number): unknown {
  switch (f.kind) {
    case 'text': return freshText(f, n);
    case 'longtext': return `Contract text ${n}`;
    case 'password': return `Contract-Pass-${n}x`;
    case 'integer': {
      const lo = f.min ?? 1;
      const hi = Math.min(f.max ?? INT4, INT4);
      return lo + (n % (hi - lo + 1));
    }
    case 'decimal': {
      if (f.digits - f.places < 1) return '0';
      const lo = f.min ?? -Infinity;
      const hi = f.max ?? Infinity;
      return String(Math.min(Math.max(1 + (n % 7), lo), hi));
    }
    case 'boolean': return n % 2 === 0;
    case 'date': return `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    case 'datetime': return `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}T09:30:00.000Z`;
    case 'choice': return initialState(f) ?? f.choices[n % f.choices.length][0];
    case 'tags': return f.choices ? [f.choices[0][0]] : (f as { format?: string }).format === 'email' ? [`c${n}@contract.test`] : [`tag${n}`];
    case 'json': return f.shape === 'array' ? [] : {};
    default: return undefined;
  }
}

/** The form the API answers a sent value in (text stored upper-case, decimals without trailing zeros). */
export function stored(f: Field, v: unknown): unknown {
  if (f.kind === 'text' && f.upper && typeof v === 'string') return v.toUpperCase();
  return v;
}

export const pathOf = (r: Resource, id?: unknown) => `/api/${r.name}/${id === undefined ? '' : `${id}/`}`;

/** Makes records for the world's actors; each call to `create` makes a new one (with new referenced records). */
export class Records {
  private n = 0;
  constructor(private w: World) {}

  next(): number { return ++this.n; }

  async upload(as: Actor, accept: readonly string[]): Promise<string> {
    const type = accept.includes('application/pdf') ? 'application/pdf' : accept.find((t) => t === 'text/plain' || t === 'text/csv');
    if (!type) throw new Error(`no test file of an accepted type (${accept.join(', ')})`);
    const bytes = type === 'application/pdf' ? PDF : Buffer.from(`contract ${this.next()}\n`);
    const res = await this.w.call('POST', '/api/files/', { token: as.token, ...multipartFile(type === 'application/pdf' ? 'c.pdf' : type === 'text/csv' ? 'c.csv' : 'c.txt', type, bytes) });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  /** A record of `to` for a reference: a new one of the actor's company, the company itself, or one that exists. */
  async refTarget(to: string, as: Actor, values: Record<string, unknown> = {}, depth = 0): Promise<unknown> {
    const target = registry.get(to);
    if (!target) throw new Error(`unknown reference target ${to}`);
    if (target.tenant === 'self') return as.company;
    if (creatable(target) && (!needsStaff(target) || as.staff)) return (await this.create(target, as, values, depth + 1)).id;
    if (FIXED_ROWS[to]?.madeBy) return this.madeBy(target, as, depth);
    const madeWith = FIXED_ROWS[to]?.madeWith;
    const parent = madeWith ? await this.refTarget(madeWith.resource, as, {}, depth + 1) : undefined;
    const first = async () => {
      const res = await this.w.call('GET', `${pathOf(target)}?page_size=1${madeWith ? `&${madeWith.field}=${String(parent)}` : ''}`, { token: as.token });
      return Array.isArray(res.body) ? res.body[0] : res.body?.results?.[0];
    };
    const { after, raise, built } = FIXED_ROWS[to] ?? {};
    let row = await first();
    if (!row && after) {
      await this.refTarget(after, as, {}, depth + 1);
      row = await first();
    }
    if (!row && raise) {
      await raise(this.w.db, as);
      row = await first();
    }
    if (!row && built) {
      await built(this, as);
      row = await first();
    }
    if (!row) throw new Error(`no ${to} record to refer to`);
    return row.id;
  }

  /**
   * A new record of a resource made by a collection action (FIXED_ROWS `madeBy`): the test PDF
   * uploaded, or a JSON body derived from the action's declared input; answers the new id.
   */
  private async madeBy(r: Resource, as: Actor, depth: number): Promise<unknown> {
    const by = FIXED_ROWS[r.name].madeBy!;
    const on = by.on ? registry.get(by.on) : r;
    const action = on?.actions[by.action];
    if (!on || !action) throw new Error(`${r.name}: no action ${by.on ?? r.name}.${by.action} makes it`);
    const payload = by.body === 'input'
      ? { body: await this.body(action.input ?? {}, as, r.name, depth + 1, false) }
      : multipartFile('c.pdf', 'application/pdf', PDF);
    const res = await this.w.call('POST', `${pathOf(on)}${by.action}/`, { token: as.token, ...payload });
    const id = res.body?.[by.idKey ?? 'id'];
    // An upload answers 201 with the record; an action that answers an object (a link) answers 200.
    if (![201, ...(by.body === 'input' ? [200] : [])].includes(res.status) || id === undefined) throw new Error(`${by.action} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  }

  /** A value for one field, records it refers to included. */
  async value(name: string, f: Field, as: Actor, refValues: Record<string, unknown> = {}, depth = 0): Promise<unknown> {
    if (f.kind === 'ref') return this.refTarget(f.to, as, refValues, depth);
    if (f.kind === 'refs') return [await this.refTarget(f.to, as, refValues, depth)];
    if (f.kind === 'file') return this.upload(as, f.accept);
    const v = plainValue(f, this.next());
    if (v === undefined) throw new Error(`no value for ${name} (${f.kind})`);
    return v;
  }

  /**
   * A valid body for these fields (a resource's, or an action's input): every required field the
   * actor may write and the server does not default, plus what the resource's fixture adds. An
   * action's input has no tenant column: its `company` is the client's (`tenantColumn` false).
   */
  async body(fields: Record<string, Field>, as: Actor, fixtureOf?: string, depth = 0, tenantColumn = true): Promise<Record<string, unknown>> {
    if (depth > 8) throw new Error('references nest too deep');
    const fixture = fixtureOf ? FIXTURES[fixtureOf] : undefined;
    const out: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(fields)) {
      const wanted = (f.required && f.default === undefined) || fixture?.also?.includes(name);
      if (!wanted || !writableBy(f, name, as, tenantColumn)) continue;
      out[name] = fixture?.values && name in fixture.values ? fixture.values[name] : await this.value(name, f, as, fixture?.refs?.[name], depth);
      const then = fixture?.refActions?.[name];
      if (then && f.kind === 'ref') {
        const res = await this.w.call('POST', `${pathOf(registry.get(f.to)!, out[name])}${then.action}/`, { token: as.token, body: then.body ?? {} });
        if (res.status !== 200) throw new Error(`${then.action} on ${f.to} ${String(out[name])}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    return out;
  }

  /**
   * An active contract of the sharer through 2025 whose party is `partner`'s company on the
   * platform: the contract that company, as the sharer's partner, orders and nominates on. The
   * world shares one with the owner and one with the stranger, whose orders the owner must not find.
   * With it, what the partner reads of the sharer's (docs/partners.md, Partner shipments, Partner
   * tickets): a shipment on the contract, whose id is answered for the suite to mark shipped (a
   * shipment ships only with loaded cars), and a completed terminal ticket whose shipper is the
   * sharer's record of the partner.
   */
  async shareContract(partner: Actor): Promise<{ shipment: number }> {
    const { sharer, root } = this.w;
    const party = await this.create(registry.get('party')!, sharer);
    const linked = await this.w.call('PATCH', pathOf(registry.get('party')!, party.id), { token: root.token, body: { platform_company: partner.company } });
    if (linked.status !== 200) throw new Error(`link the shared party: ${linked.status} ${JSON.stringify(linked.body)}`);
    const k = await this.create(registry.get('contract')!, sharer, { party: party.id, status: 'active', number_of_cars: 1000 });
    const schedules = await this.w.call('GET', `/api/rail_schedule/list/?contract_id=${String(k.id)}`, { token: sharer.token });
    const made = await this.w.call('POST', `/api/rail_schedule/${String(schedules.body[0]?.id)}/create_shipment/`, { token: sharer.token, body: { date: k.start_date } });
    if (made.status !== 201) throw new Error(`a shipment on the shared contract: ${made.status} ${JSON.stringify(made.body)}`);
    const company = await this.create(registry.get(TB_COMPANY)!, sharer, { party: party.id });
    await this.create(registry.get(TB_TICKET)!, sharer, { status: 'completed', shipper: company.id });
    return { shipment: made.body.id as number };
  }

  /** A GET of a path under /api/ as the actor, e.g. a contract's schedules (rail_schedule/list/?contract_id=); a refusal is the suite's fault. */
  async get(as: Actor, path: string): Promise<any> {
    const res = await this.w.call('GET', `/api/${path}`, { token: as.token });
    if (res.status !== 200) throw new Error(`GET ${path} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A PATCH of a record as the actor, e.g. a shipment's destination; answers the record. */
  async patch(as: Actor, r: Resource, id: unknown, body: Record<string, unknown>): Promise<Row> {
    const res = await this.w.call('PATCH', pathOf(r, String(id)), { token: as.token, body });
    if (res.status !== 200) throw new Error(`PATCH ${r.name}/${String(id)} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A detail action of a record, e.g. a shipment's ship/. */
  async recordAction(as: Actor, r: Resource, id: unknown, action: string, body: Record<string, unknown>): Promise<unknown> {
    const res = await this.w.call('POST', `${pathOf(r, String(id))}${action}/`, { token: as.token, body });
    if (![200, 201].includes(res.status)) throw new Error(`${r.name}/${String(id)}/${action} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Runs a collection action as the actor; a refusal is the suite's fault, not the server's. */
  async action(as: Actor, r: Resource, action: string, body: Record<string, unknown>): Promise<unknown> {
    const res = await this.w.call('POST', `${pathOf(r)}${action}/`, { token: as.token, body });
    if (![200, 201].includes(res.status)) throw new Error(`${r.name}.${action} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** POSTs a derived valid body (with `extra` over it) and answers the request and the response. */
  async post(r: Resource, as: Actor, extra: Record<string, unknown> = {}, depth = 0): Promise<{ sent: Record<string, unknown>; res: Answer }> {
    const sent = { ...(await this.body(r.fields, as, r.name, depth, r.tenant === 'company')), ...extra };
    return { sent, res: await this.w.call('POST', pathOf(r), { token: as.token, body: sent }) };
  }

  /** A record of the actor's company for a detail action: a new one, or, where the record is the company itself, his company. */
  async recordOf(r: Resource, as: Actor): Promise<Row> {
    if (r.tenant === 'self') return { id: as.company };
    // A fixed row is not made on its own: the one that exists, or the one made with its parent (FIXED_ROWS `madeWith`).
    if (FIXED_ROWS[r.name] && !creatable(r)) {
      const id = await this.refTarget(r.name, as);
      const res = await this.w.call('GET', pathOf(r, String(id)), { token: as.token });
      if (res.status !== 200) throw new Error(`read ${r.name} ${String(id)} as ${as.email}: ${res.status}`);
      return res.body;
    }
    return this.create(r, as);
  }

  async create(r: Resource, as: Actor, extra: Record<string, unknown> = {}, depth = 0): Promise<Row> {
    const { sent, res } = await this.post(r, as, extra, depth);
    if (res.status !== 201) throw new Error(`create ${r.name} as ${as.email}: ${res.status} ${JSON.stringify(res.body)}\n  sent ${JSON.stringify(sent)}`);
    return res.body;
  }
}

/** An id of the resource's kind that names no record. */
export const unknownId = (r: Resource) => (r.idKind === 'uuid' ? randomUUID() : String(INT4));
