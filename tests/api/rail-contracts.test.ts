/**
 * Rail contracts through the real server (docs/rail.md §3.1, §4.1, §6.1, §6.7, §9): numbers, the
 * rules of a contract, its lifecycle, the mirror and connect actions, copies and roll-overs, the
 * short list, and the company's contracts, railroads and partner network. Every refused call is
 * checked to have written nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateAccess } from '../../server/auth/access';
import { railSuite } from './rail-fixtures';

const rail = railSuite();
const { t, ids, call, refused, rows, idOf } = rail;

/** A valid sale of the demo company, with `extra` over it. */
const sale = (extra: Record<string, unknown> = {}) => ({
  contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 40,
  start_date: '2026-11-01', end_date: '2026-11-30', ...extra,
});
const make = async (body: Record<string, unknown>, token = t.siteadmin) => {
  const res = await call('POST', 'contract/', body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const nextNumber = async (type = 'contract_sale') => (await call('GET', `code-generators/get_or_create/?code_type=${type}`)).body.next_number as string;
/** `S-2026-0007` -> `S-2026-0008`. */
const after = (n: string, by = 1) => n.replace(/\d+$/, (d) => String(Number(d) + by).padStart(d.length, '0'));

beforeAll(async () => {
  for (const code of ['GCR', 'ACM', 'CN', 'BCB']) ids[code.toLowerCase()] = await idOf('party', code);
  ids.crude = await idOf('product', 'CRUDE');
  ids.propane = await idOf('product', 'C3');
  ids.fsk = await idOf('facility', 'FSK');
});

describe('numbers (docs/rail.md §9.3)', () => {
  it('a contract saved blank gets the next number, the next one the one after; a hand-typed number is kept and skipped', async () => {
    const first = await nextNumber();
    expect(first).toMatch(/^S-\d{4}-\d{4}$/);
    expect((await make(sale())).contract_number).toBe(first);
    expect((await make(sale())).contract_number).toBe(after(first));
    expect((await make(sale({ contract_number: ` ${after(first, 2)} ` }))).contract_number).toBe(after(first, 2));
    expect((await make(sale())).contract_number).toBe(after(first, 3));
    // A purchase counts in its own series.
    expect((await make(sale({ contract_type: 'purchase', party: ids.acm }))).contract_number).toMatch(/^P-\d{4}-\d{4}$/);
  });

  it('a number typed twice is refused on contract_number, and nothing is written', async () => {
    const taken = (await make(sale())).contract_number;
    const res = await refused('POST', 'contract/', sale({ contract_number: taken }));
    expect([res.status, res.body, res.changed]).toEqual([400, { contract_number: ['A contract with this contract number already exists.'] }, []]);
  });

  it('a copy that fails after its number was taken gives it back: the next contract gets it', async () => {
    const ok = await make(sale({ start_date: '2026-03-01', end_date: '2026-03-31' }));
    // 2027-02-28..2028-02-28 is 366 days; a year on, 2028-02-28..2029-02-28 is 367.
    const long = await make(sale({ start_date: '2027-02-28', end_date: '2028-02-28' }));
    const expected = await nextNumber();
    const res = await refused('POST', 'contract/clone_multiple/', { contract_ids: [ok.id, long.id], roll_over: true, period: 'year' });
    expect([res.status, res.changed]).toEqual([400, []]);
    expect(res.body).toEqual({ contract_ids: [`${long.contract_number}: end_date: A contract runs at most 366 days; roll it over for the next period.`] });
    expect((await make(sale())).contract_number).toBe(expected);
  });
});

describe('a contract\'s rules (400 per field, nothing written)', () => {
  it('ends on or after its start, and runs at most 366 days, both ends counted', async () => {
    const before = await refused('POST', 'contract/', sale({ start_date: '2026-11-30', end_date: '2026-11-01' }));
    expect([before.status, before.body, before.changed]).toEqual([400, { end_date: ['The contract cannot end before it starts.'] }, []]);
    const long = await refused('POST', 'contract/', sale({ start_date: '2026-01-01', end_date: '2027-01-02' }));
    expect([long.status, long.body, long.changed]).toEqual([400, { end_date: ['A contract runs at most 366 days; roll it over for the next period.'] }, []]);
    const made = await make(sale({ start_date: '2028-01-01', end_date: '2028-12-31' }));
    const moved = await refused('PATCH', `contract/${made.id}/`, { start_date: '2029-01-01' });
    expect([moved.status, moved.body, moved.changed]).toEqual([400, { end_date: ['The contract cannot end before it starts.'] }, []]);
  });

  it('its railroad is a railroad or carrier party', async () => {
    const res = await refused('POST', 'contract/', sale({ carrier: ids.gcr }));
    expect([res.status, res.body, res.changed]).toEqual([400, { carrier: ['Choose a railroad or carrier party; Gulf Coast Refining LLC is a consignee.'] }, []]);
  });

  it('per field: required ones, cars 1..100,000, a number\'s characters, another company\'s party', async () => {
    const missing = await refused('POST', 'contract/', { contract_type: 'sale' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['end_date', 'facility', 'number_of_cars', 'party', 'product', 'start_date']);
    expect(missing.changed).toEqual([]);
    expect((await refused('POST', 'contract/', sale({ number_of_cars: 0 }))).body).toEqual({ number_of_cars: ['Ensure this value is greater than or equal to 1.'] });
    expect((await refused('POST', 'contract/', sale({ number_of_cars: 100_001 }))).body).toEqual({ number_of_cars: ['Ensure this value is less than or equal to 100000.'] });
    expect((await refused('POST', 'contract/', sale({ contract_number: '-S#1' }))).body).toEqual({ contract_number: ['Letters, digits, spaces and - / . _ only, starting with a letter or digit.'] });
    const theirs = (await rows<{ id: number }>(sql`select id from party where company_id = ${ids.nrp} limit 1`))[0].id;
    expect((await refused('POST', 'contract/', sale({ party: theirs }))).body).toEqual({ party: [`Invalid pk "${theirs}" - object does not exist.`] });
  });

  it('the facility role follows the type when left out or cleared', async () => {
    const s1 = await make(sale());
    expect(s1.facility_role).toBe('origin');
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    expect(p1.facility_role).toBe('destination');
    const chosen = await make(sale({ facility_role: 'destination' }));
    expect(chosen.facility_role).toBe('destination');
    expect((await call('PATCH', `contract/${chosen.id}/`, { facility_role: null })).body.facility_role).toBe('origin');
  });

  it('defaults: draft, CAD, per US gal; none shipped yet', async () => {
    expect(await make(sale())).toMatchObject({ status: 'draft', currency: 'CAD', price_unit: 'per_usgal', cars_shipped: 0, cars_remaining: 40, supply_contract: null });
  });
});

describe('lifecycle (docs/rail.md §3.1)', () => {
  it('draft -> active -> closed -> active (reopened) -> cancelled with a reason, then final', async () => {
    const c = await make(sale());
    for (const to of ['active', 'closed', 'active']) {
      const moved = await call('PATCH', `contract/${c.id}/`, { status: to });
      expect([to, moved.status, moved.body.status]).toEqual([to, 200, to]);
    }
    const noReason = await refused('PATCH', `contract/${c.id}/`, { status: 'cancelled' });
    expect([noReason.status, noReason.body, noReason.changed]).toEqual([400, { cancel_reason: ['Say why the contract is cancelled.'] }, []]);
    const cancelled = await call('PATCH', `contract/${c.id}/`, { status: 'cancelled', cancel_reason: 'Buyer withdrew.' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Buyer withdrew.' });
    const edit = await refused('PATCH', `contract/${c.id}/`, { terms: 'late' });
    expect([edit.status, edit.body, edit.changed]).toEqual([400, { status: ['A cancelled contract cannot be changed.'] }, []]);
    const del = await refused('DELETE', `contract/${c.id}/`);
    expect([del.status, del.body.detail, del.changed]).toEqual([409, 'A cancelled contract cannot be deleted.', []]);
    const moves = await rows<{ from_state: string; to_state: string }>(sql`select from_state, to_state from record_transition where resource = 'contract' and record_id = ${String(c.id)} order by id`);
    expect(moves.map((m) => `${m.from_state ?? ''}>${m.to_state}`)).toEqual(['>draft', 'draft>active', 'active>closed', 'closed>active', 'active>cancelled']);
  });

  it('refuses an illegal move (400 on status) and starting closed; only a draft is deleted', async () => {
    const c = await make(sale({ status: 'active' }));
    const back = await refused('PATCH', `contract/${c.id}/`, { status: 'draft' });
    expect([back.status, back.body, back.changed]).toEqual([400, { status: ['Cannot change from Active to Draft. Allowed: Closed, Cancelled.'] }, []]);
    const closed = await refused('POST', 'contract/', sale({ status: 'closed' }));
    expect([closed.status, closed.body, closed.changed]).toEqual([400, { status: ['A new record cannot start as Closed.'] }, []]);
    const del = await refused('DELETE', `contract/${c.id}/`);
    expect([del.status, del.changed]).toEqual([409, []]);
    const draft = await make(sale());
    expect((await call('DELETE', `contract/${draft.id}/`)).status).toBe(204);
  });
});

describe('who may', () => {
  it('the dispatcher reads contracts but neither adds, changes, moves nor deletes one (403, nothing written)', async () => {
    const c = await make(sale());
    expect((await call('GET', `contract/${c.id}/`, undefined, t.dispatcher)).status).toBe(200);
    const answers = [
      await refused('POST', 'contract/', sale(), t.dispatcher),
      await refused('PATCH', `contract/${c.id}/`, { terms: 'x' }, t.dispatcher),
      await refused('PATCH', `contract/${c.id}/`, { status: 'active' }, t.dispatcher),
      await refused('DELETE', `contract/${c.id}/`, undefined, t.dispatcher),
      await refused('POST', `contract/${c.id}/create_purchase/`, { party: ids.acm }, t.dispatcher),
      await refused('POST', `contract/${c.id}/connect/`, { supply_contract: null }, t.dispatcher),
      await refused('POST', 'contract/clone_multiple/', { contract_ids: [c.id] }, t.dispatcher),
    ];
    expect(answers.map((a) => [a.status, a.changed])).toEqual(answers.map(() => [403, []]));
  });

  it('the driver and the operator read no contract (403 on every rail call)', async () => {
    const c = await make(sale());
    for (const who of ['driver', 'operator']) {
      for (const [method, path] of [['GET', 'contract/'], ['GET', `contract/${c.id}/`], ['GET', 'contract/get_short_contract_list/'], ['GET', `company/${ids.pbt}/contracts/`], ['POST', `contract/${c.id}/create_sale/`]]) {
        const res = await refused(method, path, method === 'POST' ? { party: ids.gcr } : undefined, t[who]);
        expect([who, path, res.status, res.changed]).toEqual([who, path, 403, []]);
      }
    }
  });

  it('another company\'s contract is not found on every path, actions included (404, nothing written)', async () => {
    const c = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    const answers = [
      await refused('GET', `contract/${c.id}/`, undefined, t.partner),
      await refused('PATCH', `contract/${c.id}/`, { terms: 'x' }, t.partner),
      await refused('DELETE', `contract/${c.id}/`, undefined, t.partner),
      await refused('POST', `contract/${c.id}/create_sale/`, { party: ids.gcr }, t.partner),
      await refused('POST', `contract/${c.id}/create_purchase/`, { party: ids.acm }, t.partner),
      await refused('POST', `contract/${c.id}/connect/`, { supply_contract: null }, t.partner),
      await refused('GET', `company/${ids.pbt}/contracts/`, undefined, t.partner),
    ];
    expect(answers.map((a) => [a.status, a.body.detail, a.changed])).toEqual(answers.map(() => [404, 'Not found.', []]));
    const copy = await refused('POST', 'contract/clone_multiple/', { contract_ids: [c.id] }, t.partner);
    expect([copy.status, copy.body, copy.changed]).toEqual([400, { contract_ids: [`Invalid pk "${c.id}" - object does not exist.`] }, []]);
  });
});

describe('create_sale/ and create_purchase/ (the two sides of a deal)', () => {
  it('create_sale on a purchase makes a draft sale for the buyer, with the purchase\'s product, railroad, cars, dates and terms, the role flipped, supplied by it', async () => {
    const purchase = await make(sale({ contract_type: 'purchase', party: ids.acm, status: 'active', terms: 'FOB origin.', volume_per_car: '29500', price: '2.1', currency: 'USD', price_unit: 'per_bbl' }));
    const res = await call('POST', `contract/${purchase.id}/create_sale/`, { party: ids.gcr, price: '2.45' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      contract_type: 'sale', status: 'draft', party: ids.gcr, product: ids.crude, carrier: ids.cn, facility: ids.fsk, facility_role: 'origin',
      number_of_cars: 40, volume_per_car: '29500.00', start_date: '2026-11-01', end_date: '2026-11-30', terms: 'FOB origin.', currency: 'USD', price_unit: 'per_bbl',
      price: '2.4500', supply_contract: purchase.id,
    });
    expect(res.body.contract_number).toMatch(/^S-\d{4}-\d{4}$/);
    const chosen = await call('POST', `contract/${purchase.id}/create_sale/`, { party: ids.gcr, contract_number: 'MIRROR-1', facility_role: 'destination', currency: 'CAD' });
    expect(chosen.body).toMatchObject({ contract_number: 'MIRROR-1', facility_role: 'destination', currency: 'CAD', price: null });
  });

  it('create_purchase on a sale makes the purchase and connects the sale to it in one transaction', async () => {
    const s1 = await make(sale());
    const res = await call('POST', `contract/${s1.id}/create_purchase/`, { party: ids.acm });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ contract_type: 'purchase', party: ids.acm, facility_role: 'destination', supply_contract: null });
    const now = (await call('GET', `contract/${s1.id}/`)).body;
    expect([now.supply_contract, now.version]).toEqual([res.body.id, s1.version + 1]);
    const again = await refused('POST', `contract/${s1.id}/create_purchase/`, { party: ids.acm });
    expect([again.status, again.body, again.changed]).toEqual([400, { non_field_errors: [`${s1.contract_number} is already supplied by ${res.body.contract_number}.`] }, []]);
  });

  it('refuses the wrong type, a cancelled contract, and a missing or wrong party (400, nothing written)', async () => {
    const s1 = await make(sale());
    const wrong = await refused('POST', `contract/${s1.id}/create_sale/`, { party: ids.gcr });
    expect([wrong.status, wrong.body, wrong.changed]).toEqual([400, { non_field_errors: [`create_sale works on a purchase; ${s1.contract_number} is a sale.`] }, []]);
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    const wrong2 = await refused('POST', `contract/${p1.id}/create_purchase/`, { party: ids.acm });
    expect(wrong2.body).toEqual({ non_field_errors: [`create_purchase works on a sale; ${p1.contract_number} is a purchase.`] });
    await call('PATCH', `contract/${p1.id}/`, { status: 'cancelled', cancel_reason: 'No supply.' });
    const off = await refused('POST', `contract/${p1.id}/create_sale/`, { party: ids.gcr });
    expect([off.status, off.body, off.changed]).toEqual([400, { non_field_errors: [`Contract ${p1.contract_number} is cancelled.`] }, []]);
    const noParty = await refused('POST', `contract/${s1.id}/create_purchase/`, {});
    expect([noParty.status, noParty.body, noParty.changed]).toEqual([400, { party: ['This field is required.'] }, []]);
    const badRole = await refused('POST', `contract/${s1.id}/create_purchase/`, { party: ids.acm, facility_role: 'middle' });
    expect([badRole.status, badRole.body, badRole.changed]).toEqual([400, { facility_role: ['"middle" is not a valid choice.'] }, []]);
  });
});

describe('connect/', () => {
  it('connects a sale to a purchase of its product, several sales to one purchase, and disconnects with null', async () => {
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm, number_of_cars: 10 }));
    const [s1, s2] = [await make(sale()), await make(sale())];
    for (const x of [s1, s2]) {
      const res = await call('POST', `contract/${x.id}/connect/`, { supply_contract: p1.id });
      expect([res.status, res.body.supply_contract]).toEqual([200, p1.id]);
    }
    // Over-committed (80 cars sold against 10 bought) is allowed: the connect page shows it.
    const off = await call('POST', `contract/${s1.id}/connect/`, { supply_contract: null });
    expect([off.status, off.body.supply_contract]).toEqual([200, null]);
    const left = await call('POST', `contract/${s2.id}/connect/`, {});
    expect(left.body.supply_contract).toBeNull();
  });

  it('refuses a purchase of another product, a sale, a cancelled purchase, and connecting a purchase (400, nothing written)', async () => {
    const s1 = await make(sale());
    const propane = await make(sale({ contract_type: 'purchase', party: ids.acm, product: ids.propane }));
    const other = await refused('POST', `contract/${s1.id}/connect/`, { supply_contract: propane.id });
    expect([other.status, other.body, other.changed]).toEqual([400, { supply_contract: [`${propane.contract_number} is for Propane; ${s1.contract_number} is for Petroleum Crude Oil.`] }, []]);
    const s2 = await make(sale());
    expect((await refused('POST', `contract/${s1.id}/connect/`, { supply_contract: s2.id })).body).toEqual({ supply_contract: [`${s2.contract_number} is a sale; a sale is supplied by a purchase.`] });
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    expect((await refused('POST', `contract/${p1.id}/connect/`, { supply_contract: null })).body).toEqual({ non_field_errors: [`Only a sale is connected to the purchase that supplies it; ${p1.contract_number} is a purchase.`] });
    await call('PATCH', `contract/${p1.id}/`, { status: 'cancelled', cancel_reason: 'x' });
    const cancelled = await refused('POST', `contract/${s1.id}/connect/`, { supply_contract: p1.id });
    expect([cancelled.status, cancelled.body, cancelled.changed]).toEqual([400, { supply_contract: [`${p1.contract_number} is cancelled.`] }, []]);
    expect((await refused('POST', `contract/${s1.id}/connect/`, { supply_contract: 'x' })).status).toBe(400);
  });

  it('a connected contract keeps its type', async () => {
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    const s1 = await make(sale());
    await call('POST', `contract/${s1.id}/connect/`, { supply_contract: p1.id });
    for (const c of [s1, p1]) {
      const res = await refused('PATCH', `contract/${c.id}/`, { contract_type: c.contract_type === 'sale' ? 'purchase' : 'sale' });
      expect([res.status, res.body, res.changed]).toEqual([400, { contract_type: [`${c.contract_number} is connected; disconnect it before changing its type.`] }, []]);
    }
  });
});

describe('clone_multiple/', () => {
  it('copies contracts as drafts with new numbers, naming the copied fields', async () => {
    const a = await make(sale({ status: 'active', terms: 'As agreed.' }));
    const b = await make(sale({ contract_type: 'purchase', party: ids.acm }));
    const res = await call('POST', 'contract/clone_multiple/', { contract_ids: [a.id, b.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toHaveLength(2);
    expect(res.body.created[0]).toMatchObject({ source_id: a.id, start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(res.body.created[1].contract_number).toMatch(/^P-/);
    expect(res.body.copied_fields).toEqual(['contract_type', 'party', 'product', 'facility', 'facility_role', 'carrier', 'number_of_cars', 'volume_per_car', 'price', 'price_unit', 'currency', 'start_date', 'end_date', 'terms', 'cross_border_contract']);
    const copy = (await call('GET', `contract/${res.body.created[0].id}/`)).body;
    expect(copy).toMatchObject({ status: 'draft', terms: 'As agreed.', rolled_over_from: null, supply_contract: null });
  });

  it('rolls over by a quarter: 2026-01-01..2026-03-31 becomes 2026-04-01..2026-06-30, naming its source', async () => {
    const q = await make(sale({ start_date: '2026-01-01', end_date: '2026-03-31' }));
    const res = await call('POST', 'contract/clone_multiple/', { contract_ids: [q.id], roll_over: true, period: 'quarter' });
    expect(res.body.created[0]).toMatchObject({ source_id: q.id, start_date: '2026-04-01', end_date: '2026-06-30' });
    expect((await call('GET', `contract/${res.body.created[0].id}/`)).body.rolled_over_from).toBe(q.id);
  });

  it('refuses a roll-over without a period, a period without a roll-over, and no contract (400, nothing written)', async () => {
    const q = await make(sale());
    const noPeriod = await refused('POST', 'contract/clone_multiple/', { contract_ids: [q.id], roll_over: true });
    expect([noPeriod.status, noPeriod.body, noPeriod.changed]).toEqual([400, { period: ['Say how far to roll over: month, quarter or year.'] }, []]);
    const stray = await refused('POST', 'contract/clone_multiple/', { contract_ids: [q.id], period: 'month' });
    expect([stray.status, stray.body, stray.changed]).toEqual([400, { period: ['A period is only used with roll_over.'] }, []]);
    const none = await refused('POST', 'contract/clone_multiple/', { contract_ids: [] });
    expect([none.status, none.changed]).toEqual([400, []]);
    expect(Object.keys(none.body)).toEqual(['contract_ids']);
  });
});

describe('get_short_contract_list/', () => {
  it('lists draft and active contracts by number, with the party\'s and product\'s labels; filters by type, status, product and number', async () => {
    const p1 = await make(sale({ contract_type: 'purchase', party: ids.acm, product: ids.propane, contract_number: 'SHORT-P1', status: 'active' }));
    const res = await call('GET', 'contract/get_short_contract_list/');
    expect(res.status).toBe(200);
    expect(res.body.every((c: { status: string }) => ['draft', 'active'].includes(c.status))).toBe(true);
    const numbers = res.body.map((c: { contract_number: string }) => c.contract_number);
    expect(numbers).toEqual([...numbers].sort());
    const one = (await call('GET', 'contract/get_short_contract_list/?search=short-p&contract_type=purchase')).body;
    expect(one).toEqual([{
      id: p1.id, contract_number: 'SHORT-P1', contract_type: 'purchase', status: 'active', party: { id: ids.acm, label: 'Athabasca Crude Marketing Ltd.' },
      product: { id: ids.propane, label: 'Propane' }, start_date: '2026-11-01', end_date: '2026-11-30', number_of_cars: 40, supply_contract: null,
    }]);
    expect((await call('GET', `contract/get_short_contract_list/?search=SHORT-P1&product=${ids.crude}`)).body).toEqual([]);
    expect((await call('GET', 'contract/get_short_contract_list/?search=SHORT-P1&status=closed,cancelled')).body).toEqual([]);
    // `%` and `_` in a search are meant as typed.
    expect((await call('GET', 'contract/get_short_contract_list/?search=%25')).body).toEqual([]);
  });

  it('answers 400 per parameter that is no value of it, writing nothing', async () => {
    for (const [q, field] of [['contract_type=lease', 'contract_type'], ['status=open', 'status'], ['product=x', 'product']]) {
      const res = await refused('GET', `contract/get_short_contract_list/?${q}`);
      expect([res.status, Object.keys(res.body), res.changed]).toEqual([400, [field], []]);
    }
  });
});

describe('the company (docs/rail.md §6.7)', () => {
  it('contracts/: its sales and purchases, every status but cancelled; the dispatcher may read them', async () => {
    const res = await call('GET', `company/${ids.pbt}/contracts/`, undefined, t.dispatcher);
    expect(res.status).toBe(200);
    expect(res.body.sales.length).toBeGreaterThan(0);
    expect(res.body.purchases.length).toBeGreaterThan(0);
    expect(res.body.sales.every((c: { contract_type: string; status: string }) => c.contract_type === 'sale' && c.status !== 'cancelled')).toBe(true);
    expect(res.body.purchases.every((c: { contract_type: string; status: string }) => c.contract_type === 'purchase' && c.status !== 'cancelled')).toBe(true);
    const theirs = (await call('GET', `company/${ids.nrp}/contracts/`, undefined, t.partner)).body;
    expect(theirs.sales).toEqual([]);
    expect(theirs.purchases.length).toBeGreaterThan(0);
  });

  it('contracts/: a company without the rail subscription is refused as such', async () => {
    await rail.s.database.db.execute(sql`update company set features = '[{"name": "partner", "subscribed": true}]'::jsonb where id = ${ids.nrp}`);
    invalidateAccess();
    try {
      const res = await refused('GET', `company/${ids.nrp}/contracts/`, undefined, t.partner);
      expect([res.status, res.body.detail, res.changed]).toEqual([403, 'Your company does not subscribe to the rail feature.', []]);
    } finally {
      await rail.s.database.db.execute(sql`update company set features = '[{"name": "rail", "subscribed": true}, {"name": "partner", "subscribed": true}]'::jsonb where id = ${ids.nrp}`);
      invalidateAccess();
    }
  });

  it('create_related_carrier_company/: a new railroad party (201), or the one of that name as it is (200)', async () => {
    const made = await call('POST', 'company/create_related_carrier_company/', { company_id: ids.pbt, carrier_company_name: 'Union Pacific Railroad' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Union Pacific Railroad', party_type: 'railroad', company: ids.pbt });
    const found = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.pbt, carrier_company_name: '  union pacific RAILROAD ' });
    expect([found.status, found.body.id, found.changed]).toEqual([200, made.body.id, []]);
  });

  it('create_related_carrier_company/: refuses another company, a missing or long name (400), and a user without add_party (403), writing nothing', async () => {
    const other = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.nrp, carrier_company_name: 'X Rail' });
    expect([other.status, other.body, other.changed]).toEqual([400, { company_id: [`Invalid pk "${ids.nrp}" - object does not exist.`] }, []]);
    const admin = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.nrp, carrier_company_name: 'X Rail' }, t.admin);
    expect([admin.status, admin.body, admin.changed]).toEqual([400, { company_id: ['Add railroads to the company you act for.'] }, []]);
    const noName = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.pbt });
    expect([noName.status, noName.body, noName.changed]).toEqual([400, { carrier_company_name: ['This field is required.'] }, []]);
    const long = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.pbt, carrier_company_name: 'R'.repeat(201) });
    expect([long.status, Object.keys(long.body), long.changed]).toEqual([400, ['carrier_company_name'], []]);
    const denied = await refused('POST', 'company/create_related_carrier_company/', { company_id: ids.pbt, carrier_company_name: 'X Rail' }, t.dispatcher);
    expect([denied.status, denied.changed]).toEqual([403, []]);
  });

  it('wheelhouse/: the platform companies the company\'s parties are, with those parties; none for a user without view_party', async () => {
    const res = await call('GET', 'company/wheelhouse/');
    expect(res.status).toBe(200);
    const nrpParty = await idOf('party', 'NRP');
    const ownParty = await idOf('party', 'PBT-SHIP');
    expect(res.body).toEqual([
      { id: ids.nrp, name: 'Northern Refining Partners Inc.', code: 'NRP', company_type: 'partner', parties: [nrpParty] },
      { id: ids.pbt, name: 'Prairie Bulk Terminals Ltd.', code: 'PBT', company_type: 'terminal', parties: [ownParty] },
    ]);
    expect((await refused('GET', 'company/wheelhouse/', undefined, t.driver)).status).toBe(403);
  });

  it('a party\'s platform company is set by platform staff only', async () => {
    const refusedEdit = await refused('PATCH', `party/${ids.bcb}/`, { platform_company: ids.nrp });
    expect([refusedEdit.status, refusedEdit.body, refusedEdit.changed]).toEqual([400, { platform_company: ['This field is read-only.'] }, []]);
    const staff = await call('PATCH', `party/${ids.bcb}/`, { platform_company: ids.nrp }, t.admin);
    expect([staff.status, staff.body.platform_company]).toEqual([200, ids.nrp]);
  });
});
