/**
 * Shipping, voiding and correcting a rail shipment through the real server (docs/rail.md §8, §9.2,
 * §10.2, §10.6): every ship check's message at once with nothing written; the BOL number given at
 * the first ship and kept, with the next revision, at a re-ship; the archive's issued, corrected
 * and void documents; the schedule day's actual following ships, voids and corrections; history
 * rows on every path; who may do what.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { nextCarNumber, ok, readyShipment as ready, shippingIds, TANK_CAR } from './rail-shipping-fixtures';
import { BOL_TEMPLATE } from '../../server/actions/rail/bol-snapshot';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;
const readyShipment = (o: Parameters<typeof ready>[1] = {}) => ready(suite, o);

const actualOf = async (scheduleId: number, day: string) =>
  (await rows<{ actual: number | null }>(sql`select actual from rail_schedule_entry where schedule_id = ${scheduleId} and date = ${day}`))[0]?.actual ?? null;
const archiveOf = (id: number) =>
  rows<{ seq: number; kind: string; bol_number: string; revision: number; snapshot: Record<string, unknown> }>(sql`select seq, kind, bol_number, revision, snapshot from rail_bol_archive where shipment_id = ${id} order by seq`);

beforeAll(() => shippingIds(suite));

describe('ship/ (docs/rail.md §8.1)', () => {
  it('issues the BOL: a number from the BOL numbering, revision 0, the cars counted into the day, the snapshot archived', async () => {
    const x = await readyShipment({ cars: 3 });
    const before = await actualOf(x.scheduleId, '2026-11-10');
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Dana Dispatcher' }, t.dispatcher));
    expect(shipped).toMatchObject({ status: 'shipped', bol_revision: 0, counted_cars: 3, counted_date: '2026-11-10', hazardous_certificate_person: 'Dana Dispatcher' });
    expect(shipped.bol_number).toMatch(/^[A-Z0-9]+$/);
    expect(shipped.shipped_at).toBeTruthy();
    expect(await actualOf(x.scheduleId, '2026-11-10')).toBe((before ?? 0) + 3);
    const [doc] = await archiveOf(x.id);
    expect(doc).toMatchObject({ seq: 1, kind: 'issued', bol_number: shipped.bol_number, revision: 0 });
    expect(doc.snapshot).toMatchObject({
      kind: 'issued', template: BOL_TEMPLATE,
      shipment: { bol_number: shipped.bol_number, status: 'shipped', routing: 'CN' },
      product: { unCode: 'UN1267', shipping_name: 'PETROLEUM CRUDE OIL', hazardous: true },
      parties: { consignee: { name: 'Gulf Coast Refining LLC' } },
      totals: { cars: 3, net_volume: '86877.00' },
    });
    expect((doc.snapshot.cars as unknown[]).length).toBe(3);
    // A shipped shipment is locked: an edit is refused with the way out.
    expect((await refused('PATCH', `rail_shipment/${x.id}/`, { reference_number: 'PO-1', version: shipped.version })).body)
      .toEqual({ status: ['A shipped rail shipment cannot be changed. Open it for correction first.'] });
  });

  it('numbers BOLs consecutively', async () => {
    const a = await readyShipment({ cars: 1 });
    const b = await readyShipment({ cars: 1 });
    const na = String(ok(await call('POST', `rail_shipment/${a.id}/ship/`, { hazardous_certificate_person: 'Sam' })).bol_number);
    const nb = String(ok(await call('POST', `rail_shipment/${b.id}/ship/`, { hazardous_certificate_person: 'Sam' })).bol_number);
    const seq = (n: string) => Number(/(\d+)$/.exec(n)![1]);
    expect(seq(nb)).toBe(seq(na) + 1);
  });

  it('says every missing thing at once, a message per field, and writes nothing', async () => {
    const blank = ok(await call('POST', 'rail_shipment/', { origin: ids.fsk, product: ids.crude, freight_charges: 'third_party', accounting_rule_11: true }), 201);
    const res = await refused('POST', `rail_shipment/${blank.id as number}/ship/`, {});
    expect(res.status).toBe(400);
    expect(res.changed).toEqual([]);
    expect(res.body).toEqual({
      shipper: ['Name the shipper before shipping.'],
      consignee: ['Name the consignee before shipping.'],
      railroad: ['Name the railroad before shipping.'],
      destination: ['Name the destination before shipping.'],
      ship_date: ['Name the ship date before shipping.'],
      freight_payer: ['Name the freight payer: the freight is billed to a third party.'],
      routing: ['Write the route: under Rule 11 each railroad bills its own part of it.'],
      cars: ['Add at least one car.'],
      hazardous_certificate_person: ['Name the person who signs the dangerous goods certification.'],
    });
  });

  it('checks the cars, the product\'s dangerous goods description, the ship date and the border', async () => {
    const acid = ok(await call('POST', 'product/', { name: 'Test Acid', code: `TA${Date.now() % 100000}`, unCode: 'UN1830', class: '8' }), 201);
    const x = await readyShipment({ day: '2026-11-12', cars: 0 });
    const car = ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'SHPX', car_number: nextCarNumber(), car_type: 'C' }), 201);
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'SHPX', car_number: nextCarNumber(), ...TANK_CAR, density: '0' }), 201);
    // The product and the ship date are changed in the database: the shipment's own rules keep a contract's product.
    await rows(sql`update rail_shipment set product_id = ${acid.id as number}, ship_date = '2099-01-01' where id = ${x.id}`);
    await rows(sql`update facility set country = 'US' where id = ${ids.hrd}`);
    try {
      const res = await refused('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' });
      const body = res.body as Record<string, string[]>;
      expect(body.cars).toEqual([`SHPX ${String(car.car_number)}: the outage is not less than the shell capacity.`, `SHPX ${String(car.car_number)}: give its weight.`, `SHPX ${Number(car.car_number) + 1}: the density is 0.`]);
      expect(body.product).toEqual([
        'Test Acid has no proper shipping name; add it on the product.',
        'Test Acid has no packing group, which class 8 needs; add it on the product.',
        'Test Acid has no 24-hour emergency telephone; add it on the product.',
      ]);
      expect(body.ship_date[0]).toMatch(/^Fort Saskatchewan Terminal is still on \d{4}-\d{2}-\d{2}\.$/);
      expect(body.ship_date[1]).toBe(`2099-01-01 is outside contract ${String(x.contract.contract_number)} (2026-11-01 to 2026-11-30).`);
      expect(body.custom_broker_us).toEqual(['Name the customs broker (US): the cars cross into US.']);
    } finally {
      await rows(sql`update facility set country = 'CA' where id = ${ids.hrd}`);
    }
  });

  it('refuses a product with an ERAP number and no ERAP telephone, and ships once it has one (docs/rail.md §10.7)', async () => {
    const acid = ok(await call('POST', 'product/', {
      name: 'Test ERAP acid', code: `TEA${Date.now() % 100000}`, stcc: '4930040', unCode: 'UN1830', class: '8', packingGroup: 'II', shipping_name: 'SULFURIC ACID',
      emergency_phone: '+1 780-555-0147', erap_number: '2-0340',
    }), 201);
    const x = await readyShipment({ day: '2026-11-12', cars: 1, contract: { product: acid.id } });
    const res = await refused('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' });
    expect(res.body).toEqual({ product: ['Test ERAP acid has ERAP 2-0340 but no ERAP telephone, which the shipping document gives with it; add it on the product.'] });
    expect(res.changed).toEqual([]);
    ok(await call('PATCH', `product/${acid.id as number}/`, { erap_phone: '+1 780-555-0148', version: acid.version }));
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' }));
    const [issued] = await archiveOf(x.id);
    expect(issued.snapshot).toMatchObject({ template: { version: 4 }, product: { erap_number: '2-0340', erap_phone: '+1 780-555-0148' }, shipment: { residue: false } });
  });

  it('refuses a move the lifecycle does not allow, and a shipment of another company is not found', async () => {
    const x = await readyShipment({ cars: 1 });
    ok(await call('POST', `rail_shipment/${x.id}/cancel_shipment/`, { reason: 'Customer called off' }));
    expect((await refused('POST', `rail_shipment/${x.id}/ship/`, {})).body).toEqual({ status: ['Cannot change from Cancelled to Shipped. Cancelled is final.'] });
    const y = await readyShipment({ cars: 1 });
    expect((await refused('POST', `rail_shipment/${y.id}/void_shipment/`, { reason: 'x' })).body).toEqual({ status: ['Cannot change from Open to Void. Allowed: Shipped, Cancelled.'] });
    expect((await refused('POST', `rail_shipment/${y.id}/open_for_correction/`, {})).body).toEqual({ status: ['Cannot change from Open to In correction. Allowed: Shipped, Cancelled.'] });
    expect((await refused('POST', `rail_shipment/${y.id}/ship/`, {}, t.partner)).status).toBe(404);
  });

  it('needs its codename: the operator does not ship, the dispatcher does not void, the driver has nothing', async () => {
    const x = await readyShipment({ cars: 1 });
    expect((await refused('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Olivia' }, t.operator)).status).toBe(403);
    expect((await refused('POST', `rail_shipment/${x.id}/ship/`, {}, t.driver)).status).toBe(403);
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Dana' }, t.dispatcher));
    expect((await refused('POST', `rail_shipment/${x.id}/void_shipment/`, { reason: 'x' }, t.dispatcher)).status).toBe(403);
    for (const [m, p] of [['GET', `rail_shipment/${x.id}/history/`], ['POST', `rail_shipment/${x.id}/open_for_correction/`], ['GET', 'contract/bol_contract_history/']]) {
      expect((await refused(m, p, m === 'POST' ? {} : undefined, t.driver)).status).toBe(403);
    }
  });
});

describe('route/{id}/ (docs/rail.md §6.3)', () => {
  it('answers the shipment with its schedule and its day, at the spec\'s path; a shipment without a schedule has none', async () => {
    const x = await readyShipment({ day: '2026-11-20', cars: 1 });
    ok(await call('POST', 'rail_schedule_entry/', { schedule: x.scheduleId, date: '2026-11-20', quantity: 2 }), 201);
    const r = ok(await call('GET', `rail_shipment/route/${x.id}/`, undefined, t.operator));
    expect((r.shipment as Record<string, unknown>).id).toBe(x.id);
    expect(r.schedule).toMatchObject({ id: x.scheduleId, contract: x.contract.id, contract_number: x.contract.contract_number, cars: 10 });
    expect(r.day).toEqual({ date: '2026-11-20', quantity: 2, actual: null });
    const blank = ok(await call('POST', 'rail_shipment/', { origin: ids.fsk }), 201);
    expect(ok(await call('GET', `rail_shipment/route/${blank.id as number}/`))).toMatchObject({ schedule: null, day: null });
    expect((await call('GET', `rail_shipment/route/${x.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `rail_shipment/route/${x.id}/`, undefined, t.driver)).status).toBe(403);
  });
});

describe('void and correction (docs/rail.md §8.2, §8.4, §10.2)', () => {
  it('corrects: the cars leave the day, the number stays, a re-ship is revision 1 and counts the corrected cars again', async () => {
    const x = await readyShipment({ day: '2026-11-14', cars: 2 });
    const base = (await actualOf(x.scheduleId, '2026-11-14')) ?? 0;
    const first = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' }));
    expect(await actualOf(x.scheduleId, '2026-11-14')).toBe(base + 2);
    const open = ok(await call('POST', `rail_shipment/${x.id}/open_for_correction/`, { reason: 'Seal numbers wrong' }, t.dispatcher));
    expect(open).toMatchObject({ status: 'in_correction', bol_number: first.bol_number, correction_reason: 'Seal numbers wrong', counted_cars: null, counted_date: null });
    expect(await actualOf(x.scheduleId, '2026-11-14')).toBe(base);
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'SHPX', car_number: nextCarNumber(), ...TANK_CAR }), 201);
    const again = ok(await call('POST', `rail_shipment/${x.id}/ship/`, {}, t.dispatcher));
    expect(again).toMatchObject({ status: 'shipped', bol_number: first.bol_number, bol_revision: 1, counted_cars: 3 });
    expect(await actualOf(x.scheduleId, '2026-11-14')).toBe(base + 3);
    expect((await archiveOf(x.id)).map((d) => [d.seq, d.kind, d.revision])).toEqual([[1, 'issued', 0], [2, 'corrected', 1]]);
  });

  it('voids with a reason: the void copy repeats the last document, the cars leave the day, and it is final', async () => {
    const x = await readyShipment({ day: '2026-11-16', cars: 2 });
    const base = (await actualOf(x.scheduleId, '2026-11-16')) ?? 0;
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' }));
    expect((await refused('POST', `rail_shipment/${x.id}/void_shipment/`, {})).body).toEqual({ reason: ['This field is required.'] });
    const v = ok(await call('POST', `rail_shipment/${x.id}/void_shipment/`, { reason: 'Released to the wrong railroad' }));
    expect(v).toMatchObject({ status: 'void', void_reason: 'Released to the wrong railroad', bol_number: shipped.bol_number, counted_cars: null });
    expect(await actualOf(x.scheduleId, '2026-11-16')).toBe(base);
    const docs = await archiveOf(x.id);
    expect(docs.map((d) => d.kind)).toEqual(['issued', 'void']);
    expect(docs[1].snapshot).toMatchObject({ kind: 'void', void_reason: 'Released to the wrong railroad', shipment: { bol_number: shipped.bol_number } });
    expect((await refused('POST', `rail_shipment/${x.id}/open_for_correction/`, {})).body).toEqual({ status: ['Cannot change from Void to In correction. Void is final.'] });
    expect((await refused('DELETE', `rail_shipment/${x.id}/`)).status).toBe(409);
  });
});

describe('history (docs/rail.md §10.6)', () => {
  it('records every path: the shipment\'s create, edits, its cars, each move, with who and through which call', async () => {
    const x = await readyShipment({ day: '2026-11-18', cars: 1 });
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Dana' }, t.dispatcher));
    ok(await call('POST', `rail_shipment/${x.id}/open_for_correction/`, {}, t.dispatcher));
    const history = ok(await call('GET', `rail_shipment/${x.id}/history/`, undefined, t.dispatcher)) as unknown as Record<string, unknown>[];
    expect(history.map((h) => [h.resource, h.action])).toEqual([
      ['rail_shipment', 'open_for_correction'],
      ['rail_shipment', 'ship'],
      ['loaded_rail_car', 'create'],
      ['rail_shipment', 'update'],
      ['rail_shipment', 'create'],
    ]);
    expect(history[1]).toMatchObject({ user: 'Dana Dispatcher', via: 'POST rail_shipment/{id}/ship/', changes: { status: ['open', 'shipped'] } });
    expect(history[4].via).toBe('POST rail_schedule/{id}/create_shipment/');
    // The day's actual counted by the ship is in the contract's history, with the ship's call.
    const contractRows = ok(await call('GET', `contract/${x.contract.id as number}/history/`)) as unknown as Record<string, unknown>[];
    expect(contractRows.filter((h) => h.resource === 'rail_schedule_entry').map((h) => h.via)).toContain('POST rail_shipment/{id}/ship/');
    expect(contractRows.at(-1)).toMatchObject({ resource: 'contract', action: 'create' });
  });

  it('names the references it changed, by label, and a record since deleted as null, not a 404 to follow', async () => {
    const x = await readyShipment({ day: '2026-11-17', cars: 1 });
    const party = ok(await call('POST', 'party/', { name: 'History Notify Co.', party_type: 'consignee' }), 201);
    const now = ok(await call('GET', `rail_shipment/${x.id}/`));
    const set = ok(await call('PATCH', `rail_shipment/${x.id}/`, { notify_party: party.id, version: now.version }));
    ok(await call('PATCH', `rail_shipment/${x.id}/`, { notify_party: null, version: set.version }));
    const labelsOf = async () => (ok(await call('GET', `rail_shipment/${x.id}/history/`, undefined, t.dispatcher)) as unknown as { changes: Record<string, unknown>; _labels: Record<string, unknown> }[])
      .filter((h) => 'notify_party' in h.changes).map((h) => h._labels.notify_party);
    expect(await labelsOf()).toEqual([['History Notify Co.', null], [null, 'History Notify Co.']]);
    expect((await call('DELETE', `party/${party.id as number}/`)).status).toBe(204);
    expect(await labelsOf()).toEqual([[null, null], [null, null]]);
  });

  it('bol_contract_history/ pages the company\'s register, filters by record and kind, and is the company\'s own', async () => {
    const x = await readyShipment({ day: '2026-11-19', cars: 1 });
    const bol = String(ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' })).bol_number);
    const byBol = ok(await call('GET', `contract/bol_contract_history/?record=${bol}`));
    const results = byBol.results as Record<string, unknown>[];
    expect(byBol.count).toBe(results.length);
    expect(results.every((r) => r.kind === 'shipment' && r.shipment_id === x.id && r.record_label === `BOL ${bol}`)).toBe(true);
    expect(results[0].action).toBe('ship');
    const contracts = ok(await call('GET', `contract/bol_contract_history/?kind=contract&record=${String(x.contract.contract_number)}&page_size=1`));
    expect(contracts).toMatchObject({ next: 2, previous: null });
    expect((contracts.results as Record<string, unknown>[])[0]).toMatchObject({ kind: 'contract', record_label: x.contract.contract_number });
    const partner = ok(await call('GET', `contract/bol_contract_history/?record=${bol}`, undefined, t.partner));
    expect(partner.count).toBe(0);
    expect((await refused('GET', 'contract/bol_contract_history/?page_size=101')).body).toEqual({ page_size: ['Ensure this value is less than or equal to 100.'] });
  });
});

describe('the demo\'s issued bills of lading (docs/rail.md §13)', () => {
  it('has shipped, void and correcting shipments, each with its BOL number and archive; a day\'s actual is what shipped on it', async () => {
    const [x] = await rows<{ shipped: number; void: number; correcting: number; unnumbered: number; unarchived: number; voidless: number }>(sql`
      select count(*) filter (where status = 'shipped')::int as shipped, count(*) filter (where status = 'void')::int as void,
        count(*) filter (where status = 'in_correction')::int as correcting,
        count(*) filter (where status in ('shipped', 'void', 'in_correction') and bol_number is null)::int as unnumbered,
        count(*) filter (where status in ('shipped', 'void', 'in_correction') and not exists (select 1 from rail_bol_archive a where a.shipment_id = s.id and a.kind = 'issued'))::int as unarchived,
        count(*) filter (where status = 'void' and not exists (select 1 from rail_bol_archive a where a.shipment_id = s.id and a.kind = 'void'))::int as voidless
      from rail_shipment s where company_id = ${ids.pbt} and shipment_number like 'RS-%' and contract_id is not null`);
    expect(x.shipped).toBeGreaterThan(0);
    expect(x.void + x.correcting).toBeGreaterThan(0);
    expect([x.unnumbered, x.unarchived, x.voidless]).toEqual([0, 0, 0]);
    // Every seeded day a shipment counted into carries exactly the counted cars as its actual.
    const off = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select e.id from rail_schedule_entry e join rail_shipment s on s.schedule_id = e.schedule_id and s.counted_date = e.date and s.status = 'shipped'
        where e.company_id = ${ids.pbt} group by e.id, e.actual having sum(s.counted_cars) <> e.actual) t`);
    expect(off[0].n).toBe(0);
    // The BOL numbers of a year run without a gap.
    const years = await rows<{ year: string; n: number; lo: number; hi: number }>(sql`
      select left(ship_date::text, 4) as year, count(*)::int as n, min(right(bol_number, 6)::int) as lo, max(right(bol_number, 6)::int) as hi
      from rail_shipment where company_id = ${ids.pbt} and bol_number is not null and shipped_at < now() - interval '1 hour' group by 1`);
    for (const y of years) expect(y.hi - y.lo + 1, y.year).toBe(y.n);
  });
});
