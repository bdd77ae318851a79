/**
 * Rail shipments and loaded cars before shipping, through the real server (docs/rail.md §3.2,
 * §4.3, §4.4, §6.2, §6.3, §8.6): a shipment is numbered when made and made from a schedule's day
 * with its contract's parties; its status moves only by its actions (cancel, with its reason, for
 * now); a car's derived values are the shared rule's, in SQL; a car is on one open shipment at a
 * time, also when two adds race; a cancelled shipment's cars are neither added, changed nor
 * removed. Who may do what: the dispatcher makes and cancels, the operator loads cars and reads,
 * the driver gets nothing, another company's shipment is not found. Every refused call is
 * checked to have written nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import type { Answer } from './contract/client';

const { t, ids, call, refused, rows, idOf } = railSuite();
const ok = (res: Answer, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
};

/** A November sale of 10 cars with its schedule's id. */
async function saleWithSchedule(extra: Record<string, unknown> = {}) {
  const k = ok(await call('POST', 'contract/', {
    contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 10,
    start_date: '2026-11-01', end_date: '2026-11-30', status: 'active', ...extra,
  }), 201);
  const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${k.id as number}`)) as unknown as { id: number }[];
  return { contract: k, scheduleId: schedule.id };
}
const blankShipment = async (extra: Record<string, unknown> = {}, token = t.siteadmin) =>
  ok(await call('POST', 'rail_shipment/', { origin: ids.fsk, product: ids.crude, ...extra }, token), 201);
let carSeq = 100;
const nextCar = () => ({ car_mark: 'ZZTX', car_number: carSeq++ });
const addCar = (shipment: number, extra: Record<string, unknown> = {}, token = t.siteadmin) =>
  call('POST', 'loaded_rail_car/', { rail_shipment: shipment, ...nextCar(), ...extra }, token);

beforeAll(async () => {
  ids.gcr = await idOf('party', 'GCR');
  ids.cn = await idOf('party', 'CN');
  ids.own = await idOf('party', 'PBT-SHIP');
  ids.crude = await idOf('product', 'CRUDE');
  ids.fsk = await idOf('facility', 'FSK');
  ids.hrd = await idOf('facility', 'HRD');
});

describe('a rail shipment (docs/rail.md §4.3)', () => {
  it('is numbered by the rail shipments\' generator when made, open, labelled by its number', async () => {
    const a = await blankShipment();
    const b = await blankShipment();
    expect(a.status).toBe('open');
    expect(a.shipment_number).toMatch(/^RS-\d{6}$/);
    expect(Number(String(b.shipment_number).slice(3))).toBe(Number(String(a.shipment_number).slice(3)) + 1);
    const choice = ok(await call('GET', `rail_shipment/${a.id as number}/`));
    expect(choice.shipment_number).toBe(a.shipment_number);
    expect(choice).toMatchObject({ car_count: 0, net_volume_total: '0.00', weight_total: '0.0', billing_type: 'Multiple', freight_charges: 'prepaid' });
  });

  it('moves only by its actions: status is read-only, and a cancelled shipment is final', async () => {
    const a = await blankShipment();
    expect((await refused('PATCH', `rail_shipment/${a.id as number}/`, { status: 'cancelled', cancel_reason: 'x', version: a.version })).body)
      .toEqual({ status: ['This field is read-only.'] });
  });

  it('refuses a railroad that is no railroad, the same origin and destination, and a route that does not start with its railroad', async () => {
    const bad = await refused('POST', 'rail_shipment/', { origin: ids.fsk, destination: ids.fsk, railroad: ids.gcr, routing: 'CN EMRSN BNSF' });
    expect(bad.body).toEqual({
      railroad: ['Choose a railroad or carrier party; Gulf Coast Refining LLC is a consignee.'],
      destination: ['Origin and destination are the same facility.'],
    });
    expect((await refused('POST', 'rail_shipment/', { railroad: ids.cn, routing: 'BNSF EMRSN CN' })).body).toEqual({ routing: ["The route starts with the shipment's railroad, CN."] });
    expect((await refused('POST', 'rail_shipment/', { routing: 'CN to BNSF!' })).body).toEqual({ routing: ['Write the route as railroads and junctions: CN EMRSN BNSF.'] });
    const good = await blankShipment({ railroad: ids.cn, routing: 'cn emrsn bnsf', destination: ids.hrd });
    expect(good.routing).toBe('CN EMRSN BNSF');
  });

  it('is deleted while open only', async () => {
    const a = await blankShipment();
    expect((await call('DELETE', `rail_shipment/${a.id as number}/`)).status).toBe(204);
  });
});

describe('create_shipment/ from a schedule day (docs/rail.md §6.2, §8.6)', () => {
  it('fills the day, the contract\'s product, railroad, origin, the company\'s own party as shipper and the buyer as consignee', async () => {
    const { contract, scheduleId } = await saleWithSchedule();
    const made = ok(await call('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-10' }, t.dispatcher), 201);
    expect(made).toMatchObject({
      status: 'open', ship_date: '2026-11-10', schedule: scheduleId, contract: contract.id, product: ids.crude, railroad: ids.cn,
      origin: ids.fsk, shipper: ids.own, consignee: ids.gcr,
    });
    const listed = ok(await call('GET', `rail_schedule/${scheduleId}/get_shipments/?date=2026-11-10`)) as unknown as { id: number }[];
    expect(listed.map((x) => x.id)).toEqual([made.id]);
    expect(ok(await call('GET', `rail_schedule/${scheduleId}/get_shipments/?date=2026-11-11`))).toEqual([]);
  });

  it('a purchase fills the destination, the seller as shipper and the company as consignee', async () => {
    const { scheduleId } = await saleWithSchedule({ contract_type: 'purchase', party: await idOf('party', 'ACM') });
    const made = ok(await call('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-02' }), 201);
    expect(made).toMatchObject({ destination: ids.fsk, origin: null, shipper: await idOf('party', 'ACM'), consignee: ids.own });
  });

  it('refuses a day outside the schedule, a contract not active, a missing day, and writes nothing', async () => {
    const { scheduleId } = await saleWithSchedule();
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-12-01' })).body).toEqual({ date: ['2026-12-01 is not a day of this schedule.'] });
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, {})).body).toEqual({ date: ['This field is required.'] });
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: 'soon' })).status).toBe(400);
    const draft = await saleWithSchedule({ status: 'draft' });
    const res = await refused('POST', `rail_schedule/${draft.scheduleId}/create_shipment/`, { date: '2026-11-02' });
    expect(res.body).toEqual({ non_field_errors: [`Contract ${String(draft.contract.contract_number)} is draft; activate it first.`] });
  });

  it('needs add_railshipment (the operator reads schedules but does not make shipments); the driver has nothing; another company\'s is not found', async () => {
    const { scheduleId } = await saleWithSchedule();
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-02' }, t.operator)).status).toBe(403);
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-02' }, t.driver)).status).toBe(403);
    expect((await refused('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-02' }, t.partner)).status).toBe(404);
    expect((await refused('GET', `rail_schedule/${scheduleId}/get_cars/`, undefined, t.partner)).status).toBe(404);
  });
});

describe('a loaded rail car (docs/rail.md §4.4)', () => {
  it('has the worked examples\' derived values, computed in SQL, and a tank car\'s weight stored', async () => {
    const x = await blankShipment();
    const cases = [
      ['30000.00', '600.00', '0.985000', '0.8700', ['29400.00', '28959.00', '111291.1', '109621.7', '95370.9']],
      ['25500.00', '412.50', '0.987654', '0.5080', ['25087.50', '24777.77', '94966.5', '93794.0', '47647.4']],
      ['13600.00', '136.00', '0.996000', '1.8300', ['13464.00', '13410.14', '50966.8', '50762.9', '92896.1']],
    ] as const;
    for (const [shell, outage, tcf, density, want] of cases) {
      const c = ok(await addCar(x.id as number, { shell_capacity: shell, volume_outage: outage, temperature_correction_factor: tcf, density }), 201);
      expect([c.gross_volume, c.net_volume, c.gross_volume_litres, c.net_volume_litres, c.weight]).toEqual(want);
      expect(c).toMatchObject({ product: ids.crude, current_location: ids.fsk, shipment_status: 'open', mark_number: `${String(c.car_mark)} ${String(c.car_number)}` });
      expect(c.load_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const total = ok(await call('GET', `rail_shipment/${x.id as number}/`));
    expect(total).toMatchObject({ car_count: 3, net_volume_total: '67146.91', weight_total: '235914.4' });
    const cars = ok(await call('GET', `rail_shipment/${x.id as number}/cars/`, undefined, t.operator)) as unknown as unknown[];
    expect(cars).toHaveLength(3);
  });

  it('refuses a tank car weight that is not its net volume times its density, and an outage above the shell capacity', async () => {
    const x = await blankShipment();
    const wrong = await refused('POST', 'loaded_rail_car/', { rail_shipment: x.id, ...nextCar(), shell_capacity: '30000', volume_outage: '600', temperature_correction_factor: '0.985', density: '0.87', weight: '1' });
    expect(wrong.body).toEqual({ weight: ["A tank car's weight is its net volume times its density: 95,370.9 kg."] });
    const over = await refused('POST', 'loaded_rail_car/', { rail_shipment: x.id, ...nextCar(), shell_capacity: '30000', volume_outage: '30000.01' });
    expect(over.body).toEqual({ volume_outage: ['The outage cannot be more than the shell capacity, 30,000.00 US gal.'] });
    const hopper = ok(await addCar(x.id as number, { car_type: 'C', weight: '81234.5' }), 201);
    expect(hopper.weight).toBe('81234.5');
  });

  it('is on one open shipment at a time, also when two adds race', async () => {
    const a = await blankShipment();
    const b = await blankShipment();
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: a.id, car_mark: 'tilx', car_number: 1234 }), 201);
    const msg = `TILX 1234 is already on open shipment ${String(a.shipment_number)}.`;
    expect((await refused('POST', 'loaded_rail_car/', { rail_shipment: b.id, car_mark: 'TILX', car_number: 1234 })).body).toEqual({ car_mark: [msg], car_number: [msg] });
    const c = await blankShipment();
    const d = await blankShipment();
    const raced = await Promise.all([c, d].map((x) => call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'GATX', car_number: 5678 })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 400]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from loaded_rail_car where car_mark = 'GATX' and car_number = 5678`);
    expect(n).toBe(1);
  });

  it('names the fleet\'s record of its car', async () => {
    const [fleet] = await rows<{ id: number; mark: string; number: number }>(sql`select id, mark, number from car where company_id = ${ids.pbt} and not exists (select 1 from loaded_rail_car l join rail_shipment x on x.id = l.rail_shipment_id where l.car_id = car.id and x.status = 'open') order by id limit 1`);
    const x = await blankShipment();
    const c = ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: fleet.mark, car_number: fleet.number }), 201);
    expect(c.car).toBe(fleet.id);
  });
});

describe('cancel_shipment/ (docs/rail.md §3.2, §8.2)', () => {
  it('cancels an open shipment with its reason; after that it takes no change, no car, and is not deleted', async () => {
    const x = await blankShipment({}, t.dispatcher);
    const car = ok(await addCar(x.id as number), 201);
    const done = ok(await call('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'Buyer called it off' }, t.dispatcher));
    expect(done).toMatchObject({ status: 'cancelled', cancel_reason: 'Buyer called it off' });
    const [move] = await rows<{ from_state: string; to_state: string }>(sql`select * from record_transition where resource = 'rail_shipment' and record_id = ${String(x.id)} order by id desc limit 1`);
    expect(move).toMatchObject({ from_state: 'open', to_state: 'cancelled' });
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'again' })).body)
      .toEqual({ status: ["A cancelled rail shipment cannot be changed."] });
    expect((await refused('PATCH', `rail_shipment/${x.id as number}/`, { reference_number: 'PO 1', version: done.version })).status).toBe(400);
    expect((await refused('DELETE', `rail_shipment/${x.id as number}/`)).status).toBe(409);
    const label = `${String(x.shipment_number)} is cancelled; open it for correction to change its cars.`;
    expect((await refused('POST', 'loaded_rail_car/', { rail_shipment: x.id, ...nextCar() })).body).toEqual({ rail_shipment: [label] });
    expect((await refused('PATCH', `loaded_rail_car/${car.id as number}/`, { seal_number_1: 'S1', version: car.version })).body).toEqual({ rail_shipment: [label] });
    expect((await refused('DELETE', `loaded_rail_car/${car.id as number}/`)).status).toBe(409);
    // Its car is free for another open shipment.
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: (await blankShipment()).id, car_mark: car.car_mark, car_number: car.car_number }), 201);
  });

  it('needs a reason and cancel_railshipment, writes nothing when refused; another company\'s is not found', async () => {
    const x = await blankShipment();
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, {})).body).toEqual({ reason: ['This field is required.'] });
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'x'.repeat(256) })).status).toBe(400);
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'no' }, t.operator)).status).toBe(403);
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'no' }, t.driver)).status).toBe(403);
    expect((await refused('POST', `rail_shipment/${x.id as number}/cancel_shipment/`, { reason: 'no' }, t.partner)).status).toBe(404);
    expect((await refused('GET', `rail_shipment/${x.id as number}/cars/`, undefined, t.partner)).status).toBe(404);
  });
});

describe('the demo (docs/rail.md §13)', () => {
  it('has open shipments on the coming days and cancelled ones with reasons, with their cars, no car on two open shipments', async () => {
    const [x] = await rows<{ open: number; cancelled: number; reasons: number; cars: number; twice: number; numbered: number; total: number }>(sql`
      select count(*) filter (where status = 'open')::int as open, count(*) filter (where status = 'cancelled')::int as cancelled,
        count(*) filter (where status = 'cancelled' and cancel_reason is not null)::int as reasons,
        (select count(*)::int from loaded_rail_car l where l.company_id = ${ids.pbt}) as cars,
        (select count(*)::int from (select l.car_mark, l.car_number from loaded_rail_car l join rail_shipment s on s.id = l.rail_shipment_id
          where s.status in ('open', 'in_correction') and s.company_id = ${ids.pbt} group by 1, 2 having count(*) > 1) t) as twice,
        count(*) filter (where shipment_number ~ '^RS-[0-9]{6}$')::int as numbered, count(*)::int as total
      from rail_shipment where company_id = ${ids.pbt} and contract_id is not null`);
    expect(x.open).toBeGreaterThan(0);
    expect(x.cancelled).toBeGreaterThan(0);
    expect(x.reasons).toBe(x.cancelled);
    expect(x.cars).toBeGreaterThan(x.open);
    expect(x.twice).toBe(0);
    expect(x.numbered).toBe(x.total);
  });
});

describe('who may do what (docs/rail.md §5.2)', () => {
  it('the operator loads cars but makes no shipment; the dispatcher does not delete; the driver sees nothing', async () => {
    const x = await blankShipment();
    expect((await refused('POST', 'rail_shipment/', { origin: ids.fsk }, t.operator)).status).toBe(403);
    ok(await addCar(x.id as number, {}, t.operator), 201);
    expect((await refused('DELETE', `rail_shipment/${x.id as number}/`, undefined, t.dispatcher)).status).toBe(403);
    for (const path of ['rail_shipment/', `rail_shipment/${x.id as number}/`, 'loaded_rail_car/', 'rail_shipment_template/']) {
      expect((await call('GET', path, undefined, t.driver)).status).toBe(403);
    }
  });
});

describe('bulk_add_cars/ (docs/rail.md §6.2)', () => {
  it('pastes cars onto the day\'s open shipment, made when none exists, with the fleet\'s car type and shell capacity', async () => {
    const { scheduleId } = await saleWithSchedule();
    const [fleet] = await rows<{ id: number; mark: string; number: number; car_type: string; shell_capacity: string }>(
      sql`select id, mark, number, car_type, shell_capacity::text from car where company_id = ${ids.pbt} and shell_capacity is not null and not exists (select 1 from loaded_rail_car l join rail_shipment x on x.id = l.rail_shipment_id where l.car_id = car.id and x.status = 'open') order by id limit 1`);
    const res = ok(await call('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, {
      buyerSeller: 'seller', date: '2026-11-12', cars: ['zztx 900', `${fleet.mark}${String(fleet.number).padStart(6, '0')}`],
    }, t.dispatcher), 201);
    const shipment = res.shipment as { id: number; shipment_number: string };
    expect(res.cars).toEqual([
      { id: expect.any(Number), mark_number: 'ZZTX 900', car: null },
      { id: expect.any(Number), mark_number: `${fleet.mark} ${fleet.number}`, car: fleet.id },
    ]);
    const [c] = ok(await call('GET', `rail_schedule/${scheduleId}/get_cars/?date=2026-11-12`)) as unknown as Record<string, unknown>[];
    expect(c.rail_shipment).toBe(shipment.id);
    const known = (ok(await call('GET', `rail_shipment/${shipment.id}/cars/`)) as unknown as Record<string, unknown>[]).find((x) => x.car === fleet.id)!;
    expect(known.car_type).toBe(fleet.car_type);
    expect(Number(known.shell_capacity)).toBeCloseTo(Number(fleet.shell_capacity) / 3.78541, 2);
    const again = ok(await call('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'seller', date: '2026-11-12', cars: ['ZZTX 901'] }), 201);
    expect((again.shipment as { id: number }).id).toBe(shipment.id);
  });

  it('is all or nothing: text that is no car, a car listed twice, a car on an open shipment; the wrong side', async () => {
    const { contract, scheduleId } = await saleWithSchedule();
    const x = await blankShipment();
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'GATX', car_number: 7001 }), 201);
    const bad = await refused('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'seller', date: '2026-11-12', cars: ['1234 TILX', 'ZZTX 1', 'zztx 0001'] });
    expect(bad.body).toEqual({ cars: ['"1234 TILX" is not a car: write a mark and a number, e.g. TILX 1234.', 'ZZTX 1 is listed twice.'] });
    const busy = await refused('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'seller', date: '2026-11-12', cars: ['ZZTX 7002', 'GATX 7001'] });
    expect(busy.body).toEqual({ cars: [`GATX 7001 is already on open shipment ${String(x.shipment_number)}.`] });
    const side = await refused('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'buyer', date: '2026-11-12', cars: ['ZZTX 7003'] });
    expect(side.body).toEqual({ buyerSeller: [`${String(contract.contract_number)} is a sale: the company is the seller.`] });
    expect((await refused('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'seller', date: '2026-11-12', cars: ['ZZTX 7003'] }, t.operator)).status).toBe(403);
    expect((await refused('POST', `rail_schedule/${scheduleId}/bulk_add_cars/`, { buyerSeller: 'seller', date: '2026-11-12', cars: ['ZZTX 7003'] }, t.partner)).status).toBe(404);
  });
});

describe('the contract\'s shipments and cars (docs/rail.md §6.1)', () => {
  it('get_shipments/ by status, get_cars/ by ship date range', async () => {
    const { contract, scheduleId } = await saleWithSchedule();
    const a = ok(await call('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-03' }), 201);
    const b = ok(await call('POST', `rail_schedule/${scheduleId}/create_shipment/`, { date: '2026-11-20' }), 201);
    ok(await addCar(a.id as number), 201);
    ok(await addCar(b.id as number), 201);
    ok(await call('POST', `rail_shipment/${b.id as number}/cancel_shipment/`, { reason: 'No cars' }));
    const k = contract.id as number;
    expect((ok(await call('GET', `contract/${k}/get_shipments/`, undefined, t.dispatcher)) as unknown as { id: number }[]).map((x) => x.id)).toEqual([b.id, a.id]);
    expect((ok(await call('GET', `contract/${k}/get_shipments/?status=open`)) as unknown as { id: number }[]).map((x) => x.id)).toEqual([a.id]);
    const cars = ok(await call('GET', `contract/${k}/get_cars/?dateRange=2026-11-01_2026-11-10`)) as unknown as Record<string, unknown>[];
    expect(cars).toHaveLength(1);
    expect(cars[0]).toMatchObject({ rail_shipment: a.id, shipment_number: a.shipment_number, status: 'open', ship_date: '2026-11-03' });
    expect((await refused('GET', `contract/${k}/get_cars/?dateRange=2026-11`)).body).toEqual({ dateRange: ['Write the range as yyyy-MM-dd_yyyy-MM-dd.'] });
    expect((await refused('GET', `contract/${k}/get_cars/?dateRange=2026-11-10_2026-11-01`)).body).toEqual({ dateRange: ['The range starts after it ends.'] });
    expect((await refused('GET', `contract/${k}/get_cars/`, undefined, t.partner)).status).toBe(404);
  });
});

describe('templates, contact preferences, assignment (docs/rail.md §4.5, §6.3)', () => {
  it('a template keeps the copyable fields, and a shipment started from it leaves out what is gone', async () => {
    const gone = ok(await call('POST', 'party/', { name: 'Short-lived Notify Co.', party_type: 'consignee' }), 201);
    const x = await blankShipment({ railroad: ids.cn, consignee: ids.gcr, notify_party: gone.id, reference_number: 'PO 77' }, t.dispatcher);
    const tpl = ok(await call('POST', `rail_shipment/${x.id as number}/create_template/`, { name: `Gulf crude ${String(x.id)}` }, t.dispatcher), 201);
    expect(tpl.values).toMatchObject({ railroad: ids.cn, consignee: ids.gcr, origin: ids.fsk, reference_number: 'PO 77', notify_party: gone.id });
    expect(tpl.values).not.toHaveProperty('ship_date');
    await call('DELETE', `rail_shipment/${x.id as number}/`);
    expect((await call('DELETE', `party/${gone.id as number}/`)).status).toBe(204);
    const started = ok(await call('POST', `rail_shipment_template/${tpl.id as number}/create_shipment/`, {}, t.dispatcher), 201);
    expect(started.dropped).toEqual(['notify_party']);
    expect(started.shipment).toMatchObject({ status: 'open', railroad: ids.cn, consignee: ids.gcr, notify_party: null, reference_number: 'PO 77' });
    expect((await refused('POST', `rail_shipment/${x.id as number}/create_template/`, {})).status).toBe(404);
    expect((await refused('POST', `rail_shipment_template/${tpl.id as number}/create_shipment/`, {}, t.operator)).status).toBe(403);
  });

  it('contact preferences name party fields and at most 20 addresses', async () => {
    const x = await blankShipment();
    const done = ok(await call('POST', `rail_shipment/${x.id as number}/update_contact_preferences/`, { preferences: { parties: ['consignee'], to: [' Ops@Example.com '] } }));
    expect(done.contact_preferences).toEqual({ parties: ['consignee'], to: ['ops@example.com'] });
    const bad = await refused('POST', `rail_shipment/${x.id as number}/update_contact_preferences/`, { preferences: { parties: ['captain'], to: ['nobody'] } });
    expect(bad.body).toEqual({ preferences: ['captain is not a party of a shipment.', 'nobody is not an email address.'] });
    expect((await refused('POST', `rail_shipment/${x.id as number}/update_contact_preferences/`, { preferences: { to: [] } }, t.operator)).status).toBe(403);
  });

  it('assign_to_schedule/ moves a shipment and its cars to a schedule of an active contract of its product', async () => {
    const { contract, scheduleId } = await saleWithSchedule();
    const x = await blankShipment({}, t.dispatcher);
    const c = ok(await addCar(x.id as number), 201);
    const moved = ok(await call('POST', `rail_shipment/${x.id as number}/assign_to_schedule/`, { schedule_id: scheduleId }, t.dispatcher));
    expect(moved).toMatchObject({ schedule: scheduleId, contract: contract.id });
    expect(ok(await call('GET', `loaded_rail_car/${c.id as number}/`)).contract).toBe(contract.id);
    const draft = await saleWithSchedule({ status: 'draft' });
    expect((await refused('POST', `rail_shipment/${x.id as number}/assign_to_schedule/`, { schedule_id: draft.scheduleId })).body)
      .toEqual({ schedule_id: [`Contract ${String(draft.contract.contract_number)} is draft; only an active contract takes shipments.`] });
    const off = ok(await call('POST', `rail_shipment/${x.id as number}/assign_to_schedule/`, { schedule_id: null }));
    expect(off).toMatchObject({ schedule: null, contract: null });
    expect((await refused('POST', `rail_shipment/${x.id as number}/assign_to_schedule/`, { schedule_id: scheduleId }, t.operator)).status).toBe(403);
  });
});

describe('the loaded car\'s actions (docs/rail.md §6.4)', () => {
  it('facility/, loaded_rail_cars/ and remove_cars_by_id/ (all or nothing)', async () => {
    const x = await blankShipment();
    const a = ok(await call('POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'PROX', car_number: 4242 }), 201);
    expect(ok(await call('GET', `loaded_rail_car/${a.id as number}/facility/`, undefined, t.operator)).id).toBe(ids.fsk);
    const loads = ok(await call('GET', 'loaded_rail_car/loaded_rail_cars/?mark=prox&number=4242')) as unknown as Record<string, unknown>[];
    expect(loads.map((l) => [l.id, l.shipment_number, l.status])).toEqual([[a.id, x.shipment_number, 'open']]);
    const y = await blankShipment();
    const b = ok(await addCar(y.id as number), 201);
    ok(await call('POST', `rail_shipment/${y.id as number}/cancel_shipment/`, { reason: 'Off' }));
    const bad = await refused('POST', 'loaded_rail_car/remove_cars_by_id/', { car_ids: [a.id, b.id] });
    expect(bad.body).toEqual({ car_ids: [`${String(b.car_mark)} ${String(b.car_number)}: ${String(y.shipment_number)} is cancelled; open it for correction to change its cars.`] });
    expect((await refused('POST', 'loaded_rail_car/remove_cars_by_id/', { car_ids: [a.id] }, t.dispatcher)).status).toBe(403);
    expect(ok(await call('POST', 'loaded_rail_car/remove_cars_by_id/', { car_ids: [a.id] }))).toEqual({ removed: 1 });
    expect((await refused('GET', 'loaded_rail_car/loaded_rail_cars/?mark=P1&number=1')).status).toBe(400);
  });
});
