/**
 * Partner contracts, orders and nominations through the real server (docs/partners.md): the
 * contracts a shipper shares with its partner, the partner's order on one (a draft is its own, a
 * sent one the shipper's incoming order), versioned nominations (forecast, auto-schedule, clear,
 * send, reject with a reason, revise, approve), the approved days written into the contract's
 * schedule, and what is refused with nothing written: the other side's moves, the other side's
 * drafts, contracts not shared, days outside the order, moves off the lifecycle.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows, idOf } = suite;
const K = 'partner/railcontract';
const O = 'partner/railorder';
const N = 'partner/railnomination';
type Day = { date: string; quantity: number };

let shared: { id: number; start: string; end: string; cars: number };

/** An active sale to the partner (its party is the partner company), 20 cars over November. */
async function sharedContract(extra: Record<string, unknown> = {}) {
  const k = ok(await call('POST', 'contract/', {
    contract_type: 'sale', party: ids.nrpParty, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 20,
    start_date: '2026-11-01', end_date: '2026-11-30', status: 'active', ...extra,
  }), 201);
  return { id: k.id as number, start: '2026-11-01', end: '2026-11-30', cars: 20 };
}
async function sentOrder(contract = shared.id, body: Record<string, unknown> = {}) {
  const o = ok(await call('POST', `${O}/`, { contract, number_of_cars: 4, start_date: '2026-11-05', end_date: '2026-11-11', ...body }, t.partner), 201);
  return ok(await call('POST', `${O}/${o.id as number}/send/`, {}, t.partner));
}
/** The newest notification of the token's user. */
const lastNotice = async (token: string) => (ok(await call('GET', 'notification/?page_size=0', undefined, token)) as unknown as Record<string, unknown>[])[0];
const scheduleDays = async (contract: number) => rows<{ date: string; quantity: number }>(sql`
  select to_char(e.date, 'YYYY-MM-DD') as date, e.quantity from rail_schedule_entry e join rail_schedule s on s.id = e.schedule_id where s.contract_id = ${contract} order by e.date`);

beforeAll(async () => {
  ids.nrpParty = await idOf('party', 'NRP');
  ids.gcr = await idOf('party', 'GCR');
  ids.cn = await idOf('party', 'CN');
  ids.crude = await idOf('product', 'CRUDE');
  ids.fsk = await idOf('facility', 'FSK');
  shared = await sharedContract();
});

describe('partner contracts', () => {
  it('the partner reads the contracts shared with it, the shipper which of its own it shares; others see none', async () => {
    const mine = ok(await call('GET', `${K}/?page_size=0&labels=1`, undefined, t.partner)) as unknown as Record<string, unknown>[];
    expect(mine.map((x) => x.id)).toContain(shared.id);
    expect(mine.every((x) => x.company === ids.pbt)).toBe(true);
    const one = mine.find((x) => x.id === shared.id)!;
    // A shared record names what it references: the partner reads the shipper's product and name.
    expect(one._labels).toMatchObject({ company: 'Prairie Bulk Terminals Ltd.', product: expect.any(String), facility: expect.any(String) });
    expect(one).not.toHaveProperty('supply_contract');
    const ours = ok(await call('GET', `${K}/?page_size=0`)) as unknown as Record<string, unknown>[];
    expect(ours.map((x) => x.id).sort()).toEqual(mine.map((x) => x.id).sort());
    // A contract with a party that is no partner is not shared.
    const other = ok(await call('POST', 'contract/', { contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, number_of_cars: 5, start_date: '2026-11-01', end_date: '2026-11-30' }), 201);
    expect((await call('GET', `${K}/${other.id as number}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `${K}/${other.id as number}/`)).status).toBe(404);
    // The view is what is shared, for platform staff too.
    const staff = ok(await call('GET', `${K}/?page_size=0`, undefined, t.admin)) as unknown as Record<string, unknown>[];
    expect(staff.map((x) => x.id)).toContain(shared.id);
    expect(staff.map((x) => x.id)).not.toContain(other.id);
    expect((await call('GET', `${K}/${other.id as number}/`, undefined, t.admin)).status).toBe(404);
    // The shipper's own contract resource stays its own.
    expect((await call('GET', `contract/${shared.id}/`, undefined, t.partner)).status).toBe(404);
    // Read only: no writes on the view.
    for (const [method, path] of [['POST', `${K}/`], ['PATCH', `${K}/${shared.id}/`], ['DELETE', `${K}/${shared.id}/`], ['POST', `${K}/${shared.id}/clone/`]] as const) {
      expect((await refused(method, path, {}, t.admin)).changed).toEqual([]);
      expect((await call(method, path, {}, t.admin)).status).toBe(404);
    }
  });

  it('make-order answers what an order would start with, to the partner only', async () => {
    const start = ok(await call('GET', `${K}/${shared.id}/make-order/`, undefined, t.partner));
    expect(start).toMatchObject({ contract: shared.id, end_date: '2026-11-30', cars_ordered: expect.any(Number), orders: expect.any(Array) });
    expect((await call('GET', `${K}/${shared.id}/make-order/`)).status).toBe(400);
  });
});

describe('the partner picker', () => {
  it('offers the shared contracts, orders, and the products, facilities and railroads they name; nothing else', async () => {
    const contracts = ok(await call('GET', 'partner/picker/contracts/?limit=200', undefined, t.partner)) as unknown as { id: number }[];
    expect(contracts.map((x) => x.id)).toContain(shared.id);
    const products = ok(await call('GET', 'partner/picker/products/', undefined, t.partner)) as unknown as { id: number; label: string }[];
    expect(products.map((x) => x.id)).toContain(ids.crude);
    // Only what shared contracts name: the shipper has products no shared contract names.
    const all = (await rows<{ n: number }>(sql`select count(*)::int as n from product where company_id = ${ids.pbt}`))[0].n;
    expect(products.length).toBeLessThan(all);
    const crude = products.find((x) => x.id === ids.crude)!;
    expect(ok(await call('GET', `partner/picker/products/?search=${encodeURIComponent(crude.label.slice(0, 4))}`, undefined, t.partner))).toContainEqual(crude);
    expect(ok(await call('GET', 'partner/picker/railroads/', undefined, t.partner))).toContainEqual(expect.objectContaining({ id: ids.cn }));
    expect((await call('GET', 'partner/picker/users/', undefined, t.partner)).body).toEqual({ detail: 'No picker "users": contracts, orders, products, facilities, railroads.' });
    expect((await call('GET', 'partner/picker/products/?party=1', undefined, t.partner)).status).toBe(400);
    expect((await call('GET', 'partner/picker/products/', undefined, t.driver)).status).toBe(403);
    expect((await suite.s.call('GET', '/api/partner/picker/products/')).status).toBe(401);
  });
});

describe('orders', () => {
  it("a draft is the partner's alone; sent, the shipper reads it and closes it; the sides' moves are their own", async () => {
    const draft = ok(await call('POST', `${O}/`, { contract: shared.id, order_number: 'PO-1', number_of_cars: 3, start_date: '2026-11-02', end_date: '2026-11-08' }, t.partner), 201);
    expect(draft).toMatchObject({ status: 'draft', company: ids.pbt, partner_company: ids.nrp });
    const id = draft.id as number;
    expect((await call('GET', `${O}/${id}/`)).status).toBe(404);
    expect((ok(await call('GET', `${O}/?page_size=0`)) as unknown as { id: number }[]).map((x) => x.id)).not.toContain(id);
    ok(await call('PATCH', `${O}/${id}/`, { number_of_cars: 4, version: draft.version }, t.partner));
    const sent = ok(await call('POST', `${O}/${id}/send/`, {}, t.partner));
    expect(sent).toMatchObject({ status: 'sent', sent_at: expect.any(String), number_of_cars: 4 });
    // The contract's delete preview counts the partner's sent order on it (a reference through the view).
    const preview = ok(await call('GET', `contract/${shared.id}/delete_preview/`));
    expect(preview.dependents).toContainEqual(expect.objectContaining({ resource: O, field: 'contract', effect: 'blocks' }));
    const seen = ok(await call('GET', `${O}/${id}/?labels=1`));
    expect(seen._labels).toMatchObject({ partner_company: 'Northern Refining Partners Inc.' });
    // The shipper does not send or cancel the partner's order, nor edit it; the partner does not close it.
    expect((await refused('POST', `${O}/${id}/cancel/`, { reason: 'no' })).status).toBe(403);
    expect((await refused('PATCH', `${O}/${id}/`, { notes: 'x', version: sent.version })).changed).toEqual([]);
    expect((await refused('POST', `${O}/${id}/close/`, {}, t.partner)).status).toBe(403);
    expect((await refused('POST', `${O}/${id}/send/`, {}, t.partner)).status).toBe(409);
    expect(ok(await call('POST', `${O}/${id}/close/`, {}))).toMatchObject({ status: 'closed' });
    expect((await refused('POST', `${O}/${id}/cancel/`, { reason: 'late' }, t.partner)).status).toBe(400);
  });

  it('refuses, with nothing written, an order off the contract, on a contract not shared, by the shipper, or over its cars', async () => {
    const base = { contract: shared.id, number_of_cars: 2, start_date: '2026-11-05', end_date: '2026-11-06' };
    const outside = await refused('POST', `${O}/`, { ...base, end_date: '2026-12-03' }, t.partner);
    expect(outside.body).toEqual({ end_date: [`2026-12-03 is outside contract ${String((await call('GET', `contract/${shared.id}/`)).body.contract_number)} (2026-11-01 to 2026-11-30).`] });
    expect(outside.changed).toEqual([]);
    expect((await refused('POST', `${O}/`, { ...base, number_of_cars: 21 }, t.partner)).body).toEqual({ number_of_cars: [expect.stringMatching(/has 20 cars/)] });
    expect((await refused('POST', `${O}/`, { ...base, end_date: '2026-11-04' }, t.partner)).body).toEqual({ end_date: ['The last day comes before the first.'] });
    const other = ok(await call('POST', 'contract/', { contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, number_of_cars: 5, start_date: '2026-11-01', end_date: '2026-11-30', status: 'active' }), 201);
    expect((await refused('POST', `${O}/`, { ...base, contract: other.id }, t.partner)).body).toEqual({ contract: [`Invalid pk "${String(other.id)}" - object does not exist.`] });
    expect((await refused('POST', `${O}/`, base)).body).toEqual({ contract: [expect.stringMatching(/is your own: orders are made by the partner/)] });
    const draftContract = await sharedContract({ status: 'draft' });
    expect((await refused('POST', `${O}/`, { ...base, contract: draftContract.id }, t.partner)).body).toEqual({ contract: [expect.stringMatching(/is draft: orders are taken on active contracts/)] });
    for (const bad of [{ number_of_cars: 0 }, { start_date: 'soon' }, { contract: 'x' }, { order_number: 'x'.repeat(41) }]) {
      const res = await refused('POST', `${O}/`, { ...base, ...bad }, t.partner);
      expect(res.status).toBe(400);
      expect(res.changed).toEqual([]);
    }
    // Sending counts the cars the partner's orders on the contract already take.
    const small = await sharedContract({ number_of_cars: 5 });
    await sentOrder(small.id, { number_of_cars: 4 });
    const second = ok(await call('POST', `${O}/`, { ...base, contract: small.id, number_of_cars: 2 }, t.partner), 201);
    expect((await refused('POST', `${O}/${second.id as number}/send/`, {}, t.partner)).body).toEqual({ number_of_cars: ['Contract ' + String((await call('GET', `contract/${small.id}/`)).body.contract_number) + ' has 5 cars and your orders on it take 4: at most 1 more.'] });
  });
});

describe('nominations', () => {
  it('forecast, auto-schedule, send, reject with a reason, revise, approve: the schedule shows the approved days', async () => {
    const contract = await sharedContract();
    const order = await sentOrder(contract.id, { number_of_cars: 6, start_date: '2026-11-10', end_date: '2026-11-14' });
    const template = ok(await call('GET', `${N}/new-nominations/?order=${order.id as number}`, undefined, t.partner));
    expect(template).toMatchObject({ revision: 1, forecast: 6, may_nominate: true, open: null });
    expect((template.shipping_schedule as Day[]).map((d) => d.date)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14']);

    const v1 = ok(await call('POST', `${N}/`, { order: order.id }, t.partner), 201);
    expect(v1).toMatchObject({ status: 'draft', revision: 1, previous: null, contract: contract.id, company: ids.pbt, partner_company: ids.nrp, nominated_total: 0 });
    const id1 = v1.id as number;
    expect((await call('GET', `${N}/${id1}/`)).status).toBe(404);
    // Nothing to send yet.
    expect((await refused('POST', `${N}/${id1}/send/`, {}, t.partner)).body).toEqual({ shipping_schedule: ['Nominate cars on at least one day before sending.'] });
    ok(await call('POST', `${N}/${id1}/forecast/`, { forecast: 7 }, t.partner));
    const spread = ok(await call('POST', `${N}/${id1}/auto_schedule/`, {}, t.partner));
    expect((spread.shipping_schedule as Day[]).map((d) => d.quantity)).toEqual([1, 1, 2, 1, 2]);
    expect(spread).toMatchObject({ nominated_total: 7, first_date: '2026-11-10', last_date: '2026-11-14' });
    const cleared = ok(await call('POST', `${N}/${id1}/clear-nomination/`, {}, t.partner));
    expect(cleared).toMatchObject({ nominated_total: 0, first_date: null });
    const days: Day[] = [{ date: '2026-11-11', quantity: 2 }, { date: '2026-11-13', quantity: 3 }];
    const edited = ok(await call('PATCH', `${N}/${id1}/`, { shipping_schedule: days, version: cleared.version }, t.partner));
    expect(edited).toMatchObject({ nominated_total: 5, first_date: '2026-11-11', last_date: '2026-11-13' });
    const outside = await refused('PATCH', `${N}/${id1}/`, { shipping_schedule: [{ date: '2026-11-20', quantity: 1 }], version: edited.version }, t.partner);
    expect(outside.body).toEqual({ shipping_schedule: ['Row 1: 2026-11-20 is outside the order (2026-11-10 to 2026-11-14).'] });
    expect(ok(await call('POST', `${N}/${id1}/send/`, {}, t.partner))).toMatchObject({ status: 'sent' });
    // The shipper's reviewers hear of it in the app, with the contract's orders page to answer on (docs/notifications.md).
    expect(await lastNotice(t.siteadmin)).toMatchObject({
      kind: 'nomination', level: 'warning', link: `/partner/orders/${String(contract.id)}/`, title: expect.stringMatching(/sent a nomination: order .+, version 1$/),
    });

    // The shipper reviews it against its plan, and rejects it saying why; the partner reads why.
    const review = ok(await call('GET', `${N}/${id1}/review/`));
    expect(review).toMatchObject({ status: 'sent', totals: { nominated: 5, approved: 0, shipped: 0 } });
    expect((review.days as Record<string, unknown>[])[0]).toMatchObject({ date: '2026-11-11', nominated: 2, planned: expect.any(Number) });
    expect((ok(await call('GET', `${N}/${id1}/review/`, undefined, t.partner)).days as Record<string, unknown>[])[0]).not.toHaveProperty('planned');
    expect((await refused('POST', `${N}/${id1}/approve/`, {}, t.partner)).status).toBe(403);
    expect((await refused('POST', `${N}/${id1}/reject/`, {})).body).toEqual({ reason: ['This field is required.'] });
    const rejected = ok(await call('POST', `${N}/${id1}/reject/`, { reason: 'No crew on the 13th: move those cars.' }));
    expect(await lastNotice(t.partner)).toMatchObject({ kind: 'nomination', level: 'alert', title: expect.stringMatching(/rejected your nomination: order .+, version 1$/), body: expect.stringContaining('No crew on the 13th') });
    expect(rejected).toMatchObject({ status: 'rejected', reviewed_by: expect.any(String) });
    expect(ok(await call('GET', `${N}/${id1}/`, undefined, t.partner))).toMatchObject({ status: 'rejected', reject_reason: 'No crew on the 13th: move those cars.' });
    expect((await refused('PATCH', `${N}/${id1}/`, { notes: 'x', version: rejected.version }, t.partner)).status).toBe(400);

    // Revised into version 2, sent, approved: the contract's schedule has its days.
    const v2 = ok(await call('POST', `${N}/${id1}/revise/`, {}, t.partner), 201);
    expect(v2).toMatchObject({ status: 'draft', revision: 2, previous: id1, nominated_total: 5 });
    expect((await refused('POST', `${N}/${id1}/revise/`, {}, t.partner)).status).toBe(409);
    const id2 = v2.id as number;
    ok(await call('PATCH', `${N}/${id2}/`, { shipping_schedule: [{ date: '2026-11-11', quantity: 2 }, { date: '2026-11-12', quantity: 3 }], version: v2.version }, t.partner));
    ok(await call('POST', `${N}/${id2}/send/`, {}, t.partner));
    const before = await scheduleDays(contract.id);
    expect(before.filter((d) => d.quantity > 0)).toEqual([]);
    expect(ok(await call('POST', `${N}/${id2}/approve/`, {}))).toMatchObject({ status: 'approved' });
    expect(await lastNotice(t.partner)).toMatchObject({ kind: 'nomination', level: 'info', title: expect.stringMatching(/approved your nomination: order .+, version 2$/) });
    expect((await scheduleDays(contract.id)).filter((d) => d.quantity > 0)).toEqual([{ date: '2026-11-11', quantity: 2 }, { date: '2026-11-12', quantity: 3 }]);

    // Version 3 moves a day: approving it supersedes version 2 and the dropped day goes back to 0.
    const v3 = ok(await call('POST', `${N}/${id2}/revise/`, {}, t.partner), 201);
    const id3 = v3.id as number;
    ok(await call('PATCH', `${N}/${id3}/`, { shipping_schedule: [{ date: '2026-11-11', quantity: 2 }, { date: '2026-11-14', quantity: 4 }], version: v3.version }, t.partner));
    ok(await call('POST', `${N}/${id3}/send/`, {}, t.partner));
    ok(await call('POST', `${N}/${id3}/approve/`, {}));
    expect(ok(await call('GET', `${N}/${id2}/`))).toMatchObject({ status: 'superseded' });
    expect((await scheduleDays(contract.id)).filter((d) => d.quantity > 0)).toEqual([{ date: '2026-11-11', quantity: 2 }, { date: '2026-11-14', quantity: 4 }]);
    const history = ok(await call('GET', `${N}/?order_id=${order.id as number}&ordering=revision&page_size=0`, undefined, t.partner)) as unknown as Record<string, unknown>[];
    expect(history.map((x) => [x.revision, x.status])).toEqual([[1, 'rejected'], [2, 'superseded'], [3, 'approved']]);
  });

  it('one open version per order, made by its partner on a sent order', async () => {
    const order = await sentOrder();
    const v1 = ok(await call('POST', `${N}/`, { order: order.id }, t.partner), 201);
    expect((await refused('POST', `${N}/`, { order: order.id }, t.partner)).status).toBe(409);
    expect((await refused('POST', `${N}/`, { order: order.id })).body).toEqual({ order: ['Nominations are made by the partner that ordered.'] });
    const draftOrder = ok(await call('POST', `${O}/`, { contract: shared.id, number_of_cars: 1, start_date: '2026-11-05', end_date: '2026-11-06' }, t.partner), 201);
    expect((await refused('POST', `${N}/`, { order: draftOrder.id }, t.partner)).body).toEqual({ order: ['This order is draft: nominations are made on a sent order.'] });
    // A draft is deleted; a sent version is kept.
    expect((await call('DELETE', `${N}/${v1.id as number}/`, undefined, t.partner)).status).toBe(204);
  });
});
