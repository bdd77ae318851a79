/**
 * Pasting cars onto a shipment, `rail_shipment/{id}/add_cars/` (docs/rail.md §6.3, §11.9), through
 * the real server: the lines as people and spreadsheets write them become the shipment's cars, with
 * the fleet's car type and shell capacity; a paste with any bad line is refused whole, a message per
 * line (its number and what is wrong), nothing written; a shipment that takes no cars refuses on its
 * status; the right is the one loading a car needs (the operator has it, the driver not); another
 * company's shipment is not found.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;

beforeAll(() => shippingIds(suite));

const blankShipment = async (token = t.dispatcher) => ok(await call('POST', 'rail_shipment/', { origin: ids.fsk, product: ids.crude }, token), 201);
const paste = (id: unknown, cars: string, token = t.dispatcher) => call('POST', `rail_shipment/${String(id)}/add_cars/`, { cars }, token);
const carsOf = async (id: unknown) => (ok(await call('GET', `rail_shipment/${String(id)}/cars/`)) as unknown as Record<string, unknown>[]);

describe('add_cars/ (docs/rail.md §6.3)', () => {
  it('adds each line\'s car to this shipment, typed and sized from the fleet, blank lines and spreadsheet cells read', async () => {
    const x = await blankShipment();
    const [fleet] = await rows<{ id: number; mark: string; number: number; car_type: string; shell_capacity: string }>(
      sql`select id, mark, number, car_type, shell_capacity::text from car where company_id = ${ids.pbt} and shell_capacity is not null and car_type <> 'T' and not exists (select 1 from loaded_rail_car l join rail_shipment x on x.id = l.rail_shipment_id where l.car_id = car.id and x.status in ('open', 'in_correction')) order by id limit 1`);
    const res = ok(await paste(x.id, `pstx 9101\r\nPSTX009102\n\nPSTX-9103\n${fleet.mark}\t${fleet.number}\n"PSTX",9104,\n`), 201);
    expect(res.shipment).toEqual({ id: x.id, shipment_number: x.shipment_number });
    expect((res.cars as Record<string, unknown>[]).map((c) => [c.mark_number, c.car])).toEqual([
      ['PSTX 9101', null], ['PSTX 9102', null], ['PSTX 9103', null], [`${fleet.mark} ${fleet.number}`, fleet.id], ['PSTX 9104', null],
    ]);
    const cars = await carsOf(x.id);
    expect(cars).toHaveLength(5);
    const known = cars.find((c) => c.car === fleet.id)!;
    expect(known.car_type).toBe(fleet.car_type);
    expect(Number(known.shell_capacity)).toBeCloseTo(Number(fleet.shell_capacity) / 3.78541, 2);
    expect(cars.find((c) => c.mark_number === 'PSTX 9101')).toMatchObject({ car_type: 'T', shell_capacity: '0.00', rail_shipment: x.id, current_location: ids.fsk });
    expect(ok(await call('GET', `rail_shipment/${x.id as number}/`)).car_count).toBe(5);
    // The operator loads cars at the rack: the right is add_loadedrailcar, which he holds.
    ok(await paste(x.id, 'PSTX 9105', t.operator), 201);
    // Each car's history row names the paste it came by.
    const history = ok(await call('GET', `rail_shipment/${x.id as number}/history/`)) as unknown as { action: string; subject: string | null; via: string }[];
    expect(history.find((h) => h.subject === 'PSTX 9105')).toMatchObject({ action: 'create', via: 'POST rail_shipment/{id}/add_cars/' });
  });

  it('refuses a paste with any bad line, a message per line by its number, and writes nothing', async () => {
    const x = await blankShipment();
    const other = await blankShipment();
    ok(await paste(other.id, 'PSTX 9201'), 201);
    ok(await paste(x.id, 'PSTX 9202'), 201);
    const bad = await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: 'PSTX 9203\n9204 PSTX\nPSTXX 9205\nPSTX 1234567\nPSTX 9201\nPSTX 9202\npstx9203\nPSTX' });
    expect(bad.status).toBe(400);
    expect(bad.changed).toEqual([]);
    expect(bad.body).toEqual({
      cars: [
        'Line 2, "9204 PSTX": start with the reporting mark, 2 to 4 letters: TILX 1234.',
        'Line 3, "PSTXX 9205": the mark PSTXX is not 2 to 4 letters.',
        'Line 4, "PSTX 1234567": the car number 1234567 is more than 6 digits.',
        'Line 7: PSTX 9203 is on line 1 already.',
        'Line 8, "PSTX": give the car number after the mark: PSTX 1234.',
      ],
    });
    // Once every line reads as a car, the cars are checked against the open shipments, this one included.
    const busy = await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: 'PSTX 9203\nPSTX 9201\nPSTX 9202' });
    expect(busy.changed).toEqual([]);
    expect(busy.body).toEqual({
      cars: [`Line 2: PSTX 9201 is already on open shipment ${String(other.shipment_number)}.`, 'Line 3: PSTX 9202 is on this shipment already.'],
    });
    expect((await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: '\n  \n\t,\n' })).body).toEqual({ cars: ['Paste at least one car, one a line: TILX 1234.'] });
    expect((await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, {})).body).toEqual({ cars: ['This field is required.'] });
    const many = Array.from({ length: 201 }, (_, i) => `PSTX ${9300 + i}`).join('\n');
    expect((await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: many })).body).toEqual({ cars: ['Paste at most 200 cars at a time; these are 201.'] });
    expect((await carsOf(x.id)).map((c) => c.mark_number)).toEqual(['PSTX 9202']);
  });

  it('is refused on a shipment that takes no cars: shipped, cancelled, a master billing', async () => {
    const shipped = await readyShipment(suite, { cars: 1 });
    ok(await call('POST', `rail_shipment/${shipped.id}/ship/`, { hazardous_certificate_person: 'Dana Dispatcher' }));
    const number = String(shipped.shipment.shipment_number);
    const res = await refused('POST', `rail_shipment/${shipped.id}/add_cars/`, { cars: 'PSTX 9401' });
    expect(res.changed).toEqual([]);
    expect(res.body).toEqual({ status: [expect.stringMatching(new RegExp(`^${number}\\s+\\(BOL \\w+\\) is shipped; open it for correction to add cars\\.$`))] });
    const cancelled = await blankShipment();
    ok(await call('POST', `rail_shipment/${cancelled.id as number}/cancel_shipment/`, { reason: 'Not needed' }));
    expect((await refused('POST', `rail_shipment/${cancelled.id as number}/add_cars/`, { cars: 'PSTX 9402' })).body)
      .toEqual({ status: [`${String(cancelled.shipment_number)} is cancelled; it takes no more cars.`] });
    const first = await blankShipment();
    const master = ok(await call('POST', `rail_shipment/${first.id as number}/create_master_billing/`, {}), 201);
    expect((await refused('POST', `rail_shipment/${master.id as number}/add_cars/`, { cars: 'PSTX 9403' })).body)
      .toEqual({ is_master_billing: [`${String(master.shipment_number)} is a master billing: add the cars to one of its sub-billings.`] });
    // Opened for correction, it takes cars again.
    ok(await call('POST', `rail_shipment/${shipped.id}/open_for_correction/`, { reason: 'One car more' }));
    ok(await paste(shipped.id, 'PSTX 9404'), 201);
  });

  it('needs add_loadedrailcar (the driver has nothing of rail); another company\'s shipment is not found', async () => {
    const x = await blankShipment();
    expect((await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: 'PSTX 9501' }, t.driver)).status).toBe(403);
    const res = await refused('POST', `rail_shipment/${x.id as number}/add_cars/`, { cars: 'PSTX 9501' }, t.partner);
    expect(res.status).toBe(404);
    expect(res.changed).toEqual([]);
    expect(await carsOf(x.id)).toEqual([]);
  });
});
