/**
 * Bookings through the real server (docs/scheduler.md, Booking statuses, Never overbooked, Who
 * may): a booking takes a load of its slot and gives it back when cancelled; the lifecycle's moves
 * and no other; moves between slots; allowed carriers and their loads a day; products a slot
 * takes; who may do what; and a slot of 3 under 50 bookings at once, from one server process and,
 * on PostgreSQL, from two.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Rec, book, dayFrom, locationWithSlots, mailsTo, slotOf } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;

describe('booking a slot', () => {
  it('takes a load of the slot, refuses the one too many with the slot named, and gives the load back when cancelled; the contact is mailed each time', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(5), to: dayFrom(5), capacity: 2 });
    const s = slots[0];
    const email = `ops${Date.now()}@bison.example`;
    const a = ok(await book(suite, s.id, { contact_email: email, reference: 'PO-7781', truck_plate: 'bh 77' }, t.dispatcher), 201) as Rec;
    expect(a).toMatchObject({ status: 'booked', location: s.location, starts_at: s.starts_at, truck_plate: 'BH 77', booked_by: 'Dana Dispatcher', slot_blocked: false, time_zone: 'America/Edmonton' });
    ok(await book(suite, s.id, {}, t.dispatcher), 201);
    const full = await refused('POST', 'schedule/booking/create_booking/', { slot: s.id, carrier_name: 'Third Co' }, t.dispatcher);
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(/^The slot Rack .* is full \(2 of 2 booked\): choose another slot\.$/);
    expect(full.changed).toEqual([]);
    expect(await slotOf(suite, s.id)).toMatchObject({ booked: 2 });

    const cancelled = ok(await call('POST', `schedule/booking/${a.id}/cancel_booking/`, { reason: 'Truck in the shop' }, t.dispatcher));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Truck in the shop' });
    expect(cancelled.cancelled_at).toBeTruthy();
    expect(await slotOf(suite, s.id)).toMatchObject({ booked: 1 });
    const subjects = (await mailsTo(suite, email)).map((m) => m.subject.split(':')[0]);
    expect(subjects).toEqual(['Booking cancelled', 'Booking confirmed']);
    const [last] = await mailsTo(suite, email);
    expect(last.body).toContain('Reason: Truck in the shop');
    expect(last.body).toContain('Reference: PO-7781');
  });

  it('refuses a slot that is over, a booking without a carrier, a product the slot does not take, and the plain record routes', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(6), to: dayFrom(6) });
    const [crude, other] = ok(await call('GET', 'product/?page_size=2&ordering=id')).results as Rec[];
    await suite.rows(sql`insert into schedule_slot__products (owner_id, target_id) values (${slots[0].id}, ${crude.id})`);
    const cases: [Record<string, unknown>, string][] = [
      [{ slot: slots[0].id, carrier_name: null }, 'carrier_name'],
      [{ slot: slots[0].id, carrier_name: 'X', product: other.id }, 'product'],
      [{ slot: slots[0].id, carrier_name: 'X', truck_plate: 'AB#1' }, 'truck_plate'],
      [{ slot: 999999, carrier_name: 'X' }, 'slot'],
      [{ carrier_name: 'X' }, 'slot'],
    ];
    for (const [body, field] of cases) {
      const res = await refused('POST', 'schedule/booking/create_booking/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toHaveProperty(field);
      expect(res.changed).toEqual([]);
    }
    ok(await book(suite, slots[0].id, { product: crude.id }), 201);
    const plain = await refused('POST', 'schedule/booking/', { slot: slots[0].id, carrier_name: 'X' });
    expect(plain.status).toBe(400);
    expect(plain.body.non_field_errors[0]).toMatch(/create_booking/);

    await suite.rows(sql`update schedule_slot set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${slots[0].id}`);
    const over = await refused('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier_name: 'Late' });
    expect(over.status).toBe(400);
    expect(over.body.slot[0]).toMatch(/is over: choose a later one/);
  });
});

describe('the lifecycle', () => {
  it('offers and makes only the moves of the state and the slot\'s time: check in, loading, loaded; a no-show once the slot has ended; final states stay', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(7), to: dayFrom(7) });
    const b = ok(await book(suite, slots[0].id), 201) as Rec;
    const actions = async (id: number, token = t.operator) => (ok(await call('POST', `schedule/booking/${id}/get_actions/`, {}, token)) as unknown as Rec[]).map((x) => x.action);
    expect(await actions(b.id)).toEqual(['check_in', 'cancel_booking']);
    const early = await refused('POST', `schedule/booking/${b.id}/run_action/`, { action: 'no_show' }, t.operator);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('No-show is not possible now: a booking is a no-show once its slot has ended.');
    expect((await refused('POST', `schedule/booking/${b.id}/run_action/`, { action: 'loaded' }, t.operator)).status).toBe(409);
    expect((await refused('POST', `schedule/booking/${b.id}/run_action/`, { action: 'fly' }, t.operator)).status).toBe(400);

    const inGate = ok(await call('POST', `schedule/booking/${b.id}/run_action/`, { action: 'check_in' }, t.operator));
    expect(inGate).toMatchObject({ status: 'checked_in' });
    expect(inGate.checked_in_at).toBeTruthy();
    // Checked in, the booking is not changed or moved any more.
    expect((await refused('POST', `schedule/booking/${b.id}/update_booking/`, { truck_plate: 'ZZ 1' })).status).toBe(409);
    ok(await call('POST', `schedule/booking/${b.id}/run_action/`, { action: 'start_loading' }, t.operator));
    const done = ok(await call('POST', `schedule/booking/${b.id}/run_action/`, { action: 'loaded' }, t.operator));
    expect(done).toMatchObject({ status: 'loaded' });
    expect(await actions(b.id)).toEqual([]);
    expect((await refused('POST', `schedule/booking/${b.id}/cancel_booking/`, { reason: 'late' })).status).toBe(400);
    expect((await refused('DELETE', `schedule/booking/${b.id}/`)).status).toBe(409);
    // Loaded holds its load; the record of its moves names who made them.
    expect(await slotOf(suite, slots[0].id)).toMatchObject({ booked: 1 });
    const moves = await suite.rows<{ to_state: string; user_label: string }>(sql`select to_state, user_label from record_transition where resource = 'schedule/booking' and record_id = ${String(b.id)} order by id`);
    expect(moves.map((m) => m.to_state)).toEqual(['booked', 'checked_in', 'loading', 'loaded']);
    expect(moves.at(-1)!.user_label).toBe('Olivia Operator');

    const gone = ok(await book(suite, slots[0].id), 201) as Rec;
    await suite.rows(sql`update schedule_slot set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${slots[0].id}`);
    expect(await actions(gone.id)).toEqual(['check_in', 'no_show', 'cancel_booking']);
    ok(await call('POST', `schedule/booking/${gone.id}/run_action/`, { action: 'no_show' }, t.operator));
    expect(await slotOf(suite, slots[0].id)).toMatchObject({ booked: 1 });
  });

  it('moves a booked booking to another slot (the new slot\'s load taken, the old one\'s given back, the block flag cleared) and refuses a move into a full slot', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(8), to: dayFrom(10), capacity: 1 });
    const [a, b, c] = slots;
    const x = ok(await book(suite, a.id), 201) as Rec;
    ok(await book(suite, c.id), 201);
    ok(await call('POST', 'schedule/slot/set_status_block/', { ids: [a.id], reason: 'Inspection' }));
    const moved = ok(await call('POST', `schedule/booking/${x.id}/update_booking/`, { slot: b.id, driver_name: 'Jo Driver' }, t.dispatcher));
    expect(moved).toMatchObject({ slot: b.id, starts_at: b.starts_at, slot_blocked: false, driver_name: 'Jo Driver' });
    expect((await slotOf(suite, a.id)).booked).toBe(0);
    expect((await slotOf(suite, b.id)).booked).toBe(1);
    const into = await refused('POST', `schedule/booking/${x.id}/update_booking/`, { slot: c.id }, t.dispatcher);
    expect(into.status).toBe(409);
    expect(into.changed).toEqual([]);
    const stale = await refused('POST', `schedule/booking/${x.id}/update_booking/`, { slot: a.id }, t.dispatcher);
    expect(stale.body.detail).toMatch(/is blocked/);
  });

  it('keeps further data by key: merged, a null removes one', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(11), to: dayFrom(11) });
    const b = ok(await book(suite, slots[0].id), 201) as Rec;
    ok(await call('POST', `schedule/booking/${b.id}/set_data/`, { data: { seal: 'S-1', gate: 3 } }));
    expect(ok(await call('POST', `schedule/booking/${b.id}/set_data/`, { data: { gate: null, bay: 'B' } })).data).toEqual({ seal: 'S-1', bay: 'B' });
    expect((await refused('POST', `schedule/booking/${b.id}/set_data/`, { data: 'x' })).status).toBe(400);
  });
});

describe('a slot\'s volume', () => {
  it('takes bookings while their quantities fit; a quantity is then needed; a cancel, a move and a new quantity give back and take volume', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(16), to: dayFrom(17), capacity: 5 });
    const [s, other] = slots;
    for (const x of slots) ok(await call('PATCH', `schedule/slot/${x.id}/`, { volume_capacity: '60', version: x.version }));
    const volume = async (id: number) => Number((await slotOf(suite, id)).booked_volume);

    const none = await refused('POST', 'schedule/booking/create_booking/', { slot: s.id, carrier_name: 'X' });
    expect(none.body.quantity[0]).toMatch(/takes up to 60 m³ in all: give the quantity/);
    const a = ok(await book(suite, s.id, { quantity: '35' }), 201) as Rec;
    const over = await refused('POST', 'schedule/booking/create_booking/', { slot: s.id, carrier_name: 'X', quantity: '30' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/has 35 of 60 m³ booked: 30 m³ more do not fit/);
    expect(over.changed).toEqual([]);
    const c = ok(await book(suite, s.id, { quantity: '25' }), 201) as Rec;
    expect(await volume(s.id)).toBe(60);

    const more = await refused('POST', `schedule/booking/${a.id}/update_booking/`, { quantity: '40' });
    expect(more.body.quantity[0]).toMatch(/fits only 35 m³/);
    ok(await call('POST', `schedule/booking/${a.id}/update_booking/`, { quantity: '30' }));
    expect(await volume(s.id)).toBe(55);
    ok(await call('POST', `schedule/booking/${c.id}/cancel_booking/`, { reason: 'Load split' }));
    expect(await volume(s.id)).toBe(30);
    ok(await call('POST', `schedule/booking/${a.id}/update_booking/`, { slot: other.id }));
    expect([await volume(s.id), await volume(other.id)]).toEqual([0, 30]);
    const fresh = await slotOf(suite, other.id);
    expect((await refused('PATCH', `schedule/slot/${other.id}/`, { volume_capacity: '20', version: fresh.version })).body.volume_capacity[0]).toMatch(/hold 30 m³/);

    // Slots made with a volume, by hand or from a template; a pattern's volume checked at its place.
    ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, from: dayFrom(18), to: dayFrom(18), start: '09:00', minutes: 60, capacity: 3, volume: '90' }));
    const [made] = ok(await call('GET', `schedule/slot/?location=${location.id}&day=${dayFrom(18)}`)).results as Rec[];
    expect(made).toMatchObject({ capacity: 3 });
    expect(Number(made.volume_capacity)).toBe(90);
    const bad = await refused('POST', 'schedule/slottemplate/', { name: 'Vol', location: location.id, pattern: [{ weekday: 1, start: '07:00', minutes: 60, capacity: 2, volume: -1 }] });
    expect(bad.body).toHaveProperty(['pattern[0].volume']);
  });
});

describe('allowed carriers', () => {
  it('with carriers listed, a booking names one of them, within its loads a day; the carrier\'s name comes from its party', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(12), to: dayFrom(12), capacity: 5 });
    const party = ok(await call('POST', 'party/', { name: 'Bison Haulers', code: `BH${Date.now() % 100000}`, party_type: 'carrier' }), 201) as Rec;
    ok(await call('POST', 'schedule/company/', { location: location.id, party: party.id, daily_limit: 1 }), 201);
    const anyone = await refused('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier_name: 'Walk-in' });
    expect(anyone.body.carrier[0]).toMatch(/takes bookings from its listed carriers only/);
    const b = ok(await call('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier: party.id }), 201);
    expect(b.carrier_name).toBe('Bison Haulers');
    const second = await refused('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier: party.id });
    expect(second.body.carrier[0]).toMatch(/has its 1 loads at .* booked already/);
  });
});

describe('who may', () => {
  it('operators move bookings along but do not book; drivers read slots, not bookings; another company reads none of it', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(13), to: dayFrom(13) });
    const b = ok(await book(suite, slots[0].id), 201) as Rec;
    expect((await refused('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier_name: 'X' }, t.operator)).status).toBe(403);
    expect((await refused('POST', 'schedule/slot/set_status_block/', { ids: [slots[0].id], reason: 'x' }, t.operator)).status).toBe(403);
    expect((await refused('POST', 'schedule/location/generate_token/', { location_id: location.id }, t.operator)).status).toBe(403);
    expect((await call('GET', `schedule/slot/?location=${location.id}`, undefined, t.driver)).status).toBe(200);
    expect((await call('GET', `schedule/booking/${b.id}/`, undefined, t.driver)).status).toBe(403);
    expect((await refused('POST', `schedule/booking/${b.id}/run_action/`, { action: 'check_in' }, t.driver)).status).toBe(403);
    expect((await refused('POST', 'schedule/slottemplate/', { name: 'x', location: location.id }, t.dispatcher)).status).toBe(403);
    // The partner company has no scheduler and none of these records.
    await suite.s.subscribe('partner@partner.test', 'scheduler');
    expect((await call('GET', `schedule/booking/${b.id}/`, undefined, t.partner)).status).toBe(404);
    const theirs = await refused('POST', 'schedule/booking/create_booking/', { slot: slots[0].id, carrier_name: 'X' }, t.partner);
    expect(theirs.status).toBe(400);
    expect(theirs.body.slot[0]).toMatch(/Invalid pk/);
    expect((await refused('POST', 'schedule/slot/set_status_block/', { ids: [slots[0].id], reason: 'x' }, t.partner)).body).toHaveProperty('ids');
  });
});

describe('never overbooked', () => {
  const fifty = (slot: number, base: string) => Promise.all(Array.from({ length: 50 }, (_, i) =>
    fetch(`${i % 2 && base ? base : suite.s.url}/api/schedule/booking/create_booking/`, {
      method: 'POST', headers: { authorization: `Token ${t.dispatcher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slot, carrier_name: `Carrier ${i}`, truck_plate: `T ${i}` }),
    }).then((r) => r.status)));

  const count = async (slot: number) => {
    const [row] = await suite.rows<{ n: number; booked: number }>(sql`select (select count(*)::int from schedule_booking where slot_id = ${slot} and status = 'booked') as n, booked from schedule_slot where id = ${slot}`);
    return row;
  };

  it('50 bookings at once at a slot of 3: exactly 3 made, 47 refused as full', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(14), to: dayFrom(14), capacity: 3 });
    const statuses = await fifty(slots[0].id, '');
    expect(statuses.filter((x) => x === 201)).toHaveLength(3);
    expect(statuses.filter((x) => x === 409)).toHaveLength(47);
    expect(await count(slots[0].id)).toEqual({ n: 3, booked: 3 });
  });

  describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
    let other: { base: string; close(): Promise<void> };
    beforeAll(async () => { other = await suite.s.sibling(); });
    afterAll(() => other?.close());

    it('50 bookings at once, half through each process, at a slot of 3: exactly 3 made', async () => {
      const { slots } = await locationWithSlots(suite, { from: dayFrom(15), to: dayFrom(15), capacity: 3 });
      const statuses = await fifty(slots[0].id, other.base);
      expect(statuses.filter((x) => x === 201)).toHaveLength(3);
      expect(statuses.filter((x) => x === 409)).toHaveLength(47);
      expect(await count(slots[0].id)).toEqual({ n: 3, booked: 3 });
    });
  });
});
