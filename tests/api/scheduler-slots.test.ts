/**
 * Schedule locations, templates and slots through the real server (docs/scheduler.md, Model,
 * Times): week patterns and opening hours refused by their place in the list; slots made from a
 * template or by hand in the location's zone, across both daylight-saving changes; a template's
 * changes brought to its future slots; blocks, unblocks and deletes; a month's loads per day.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Rec, book, dayFrom, locationWithSlots, mailsTo, slotOf } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;

/** ISO weekday of a `yyyy-MM-dd`. */
const weekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) out.push(d);
  return out;
};

describe('locations and templates', () => {
  it('refuses opening hours and pattern slots by their place in the list, and products that are not the company\'s, writing nothing', async () => {
    const hours = await refused('POST', 'schedule/location/', {
      name: 'Bad hours', timezone: 'America/Edmonton',
      opening_hours: [{ weekday: 1, open: '06:00', close: '18:00' }, { weekday: 1, open: '17:00', close: '20:00' }, { weekday: 8, open: '6', close: '5' }, 'x'],
    });
    expect(hours.status).toBe(400);
    expect(hours.changed).toEqual([]);
    expect(Object.keys(hours.body)).toEqual(expect.arrayContaining(['opening_hours[1]', 'opening_hours[2]', 'opening_hours[3]']));
    expect((await refused('POST', 'schedule/location/', { name: 'Bad zone', timezone: 'Mars/Olympus' })).body).toHaveProperty('timezone');

    const { location } = await locationWithSlots(suite, { from: dayFrom(400), to: dayFrom(400) });
    const partnerProduct = ok(await call('POST', 'product/', { name: 'Partner oil', code: `PO${Date.now() % 10000}` }, t.partner), 201) as Rec;
    const bad = await refused('POST', 'schedule/slottemplate/', {
      name: 'Bad', location: location.id,
      pattern: [
        { weekday: 1, start: '07:00', minutes: 60, capacity: 2 },
        { weekday: 1, start: '07:00', minutes: 60, capacity: 2 },
        { weekday: 0, start: '7:00', minutes: 2000, capacity: 0, color: 'red' },
        { weekday: 2, start: '08:00', minutes: 60, capacity: 1, products: [partnerProduct.id] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.changed).toEqual([]);
    expect(bad.body).toMatchObject({
      'pattern[1].start': ['Slot 1 starts at the same time that day.'],
      'pattern[2]': [expect.stringContaining('Unknown key color')],
      'pattern[2].weekday': [expect.any(String)], 'pattern[2].start': [expect.any(String)], 'pattern[2].minutes': [expect.any(String)], 'pattern[2].capacity': [expect.any(String)],
      'pattern[3].products': [`No product ${partnerProduct.id} of yours.`],
    });
  });
});

describe('making slots', () => {
  it('makes a month of a template\'s slots in the location\'s zone, leaves taken starts alone, and gives each slot the products of its pattern slot', async () => {
    const { location } = await locationWithSlots(suite, { from: dayFrom(300), to: dayFrom(300), start: '05:00' });
    const [crude] = ok(await call('GET', 'product/?page_size=1&ordering=id')).results as Rec[];
    const template = ok(await call('POST', 'schedule/slottemplate/', {
      name: 'Weekdays', location: location.id,
      pattern: [1, 2, 3, 4, 5].flatMap((weekday) => [
        { weekday, start: '07:00', minutes: 60, capacity: 3 },
        { weekday, start: '13:30', minutes: 90, capacity: 2, ...(weekday === 2 ? { products: [crude.id] } : {}) },
      ]),
    }), 201) as Rec;
    const [from, to] = [dayFrom(280), dayFrom(310)];
    const made = ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, template: template.id, from, to }));
    const weekdays = days(from, to).filter((d) => weekday(d) <= 5).length;
    expect(made).toMatchObject({ created: weekdays * 2, existing: 0, skipped: [] });
    expect(ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, template: template.id, from, to }))).toMatchObject({ created: 0, existing: weekdays * 2 });

    const slots = ok(await call('POST', 'schedule/slot/location_slots/', { location: location.id, from, to })) as unknown as Rec[];
    const tuesday = slots.find((s) => weekday(String(s.day)) === 2 && String(s.time_zone) === 'America/Edmonton' && s.capacity === 2)!;
    expect(tuesday.products).toEqual([crude.id]);
    expect(slots.filter((s) => s.template === template.id)).toHaveLength(weekdays * 2);
    // 07:00 at Edmonton is 14:00 UTC in winter and 13:00 in summer: each slot at its local time.
    for (const s of slots.filter((x) => x.template === template.id && x.capacity === 3)) {
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Edmonton', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(String(s.starts_at)))).toBe('07:00');
    }
  });

  it('makes slots by hand on chosen weekdays, and refuses a backwards or too long range, missing by-hand fields and another location\'s template', async () => {
    const { location } = await locationWithSlots(suite, { from: dayFrom(200), to: dayFrom(200) });
    const [from, to] = [dayFrom(210), dayFrom(223)];
    const made = ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, from, to, start: '09:15', minutes: 45, capacity: 4, weekdays: ['6', '7'] }));
    expect(made.created).toBe(days(from, to).filter((d) => weekday(d) >= 6).length);

    const other = await locationWithSlots(suite, { from: dayFrom(200), to: dayFrom(200) });
    const theirs = ok(await call('POST', 'schedule/slottemplate/', { name: 'Theirs', location: other.location.id, pattern: [{ weekday: 1, start: '07:00', minutes: 60, capacity: 1 }] }), 201) as Rec;
    const cases: [Record<string, unknown>, string][] = [
      [{ from: to, to: from, start: '07:00', minutes: 60, capacity: 1 }, 'to'],
      [{ from: dayFrom(1), to: dayFrom(400), start: '07:00', minutes: 60, capacity: 1 }, 'to'],
      [{ from, to, minutes: 60, capacity: 1 }, 'start'],
      [{ from, to, template: theirs.id }, 'template'],
      [{ from, to, start: '25:00', minutes: 60, capacity: 1 }, 'start'],
      [{ from, to, start: '07:00', minutes: 60, capacity: 1, weekdays: ['9'] }, 'weekdays'],
    ];
    for (const [body, field] of cases) {
      const res = await refused('POST', 'schedule/slot/create_slots/', { location: location.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toHaveProperty(field);
      expect(res.changed).toEqual([]);
    }
  });

  it('keeps local times across both 2027 clock changes at Edmonton: the skipped time makes no slot, the repeated one is its first occurrence, the days have 23 and 25 hours', async () => {
    const { location } = await locationWithSlots(suite, { from: '2027-03-13', to: '2027-03-15', start: '02:30', capacity: 2 });
    const spring = ok(await call('GET', `schedule/slot/?location=${location.id}&ordering=starts_at&page_size=0`)) as unknown as Rec[];
    expect(spring.map((s) => [s.day, s.starts_at])).toEqual([['2027-03-13', '2027-03-13T09:30:00.000Z'], ['2027-03-15', '2027-03-15T08:30:00.000Z']]);
    const skipped = ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, from: '2027-03-14', to: '2027-03-14', start: '02:30', minutes: 60, capacity: 2 }));
    expect(skipped).toMatchObject({ created: 0, skipped: [{ date: '2027-03-14', start: '02:30', reason: expect.stringContaining('daylight saving') }] });

    ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, from: '2027-11-07', to: '2027-11-07', start: '01:30', minutes: 60, capacity: 2 }));
    const autumn = ok(await call('GET', `schedule/slot/?location=${location.id}&day=2027-11-07`)).results as Rec[];
    // 01:30 happens twice that night: first at MDT (UTC-6), the slot's start; an hour of elapsed time.
    expect(autumn.map((s) => [s.starts_at, s.ends_at])).toEqual([['2027-11-07T07:30:00.000Z', '2027-11-07T08:30:00.000Z']]);

    const march = ok(await call('GET', `schedule/slot/statics/?location=${location.id}&year=2027&month=3`)) as unknown as Rec[];
    expect(march).toHaveLength(31);
    expect(march.find((d) => d.day === '2027-03-14')).toMatchObject({ hours: 23, slots: 0 });
    expect(march.find((d) => d.day === '2027-03-13')).toMatchObject({ hours: 24, slots: 1, capacity: 2, booked: 0, blocked: 0 });
    const november = ok(await call('GET', `schedule/slot/statics/?location=${location.id}&year=2027&month=11`)) as unknown as Rec[];
    expect(november.find((d) => d.day === '2027-11-07')).toMatchObject({ hours: 25, slots: 1 });
    expect((await refused('GET', `schedule/slot/statics/?location=${location.id}&year=2027&month=13`)).status).toBe(400);
  });
});

describe('a template\'s changes', () => {
  it('brings its future slots in line: missing made, changed resized (never below their bookings), gone deleted unless bookings hold them', async () => {
    const { location } = await locationWithSlots(suite, { from: dayFrom(100), to: dayFrom(100), start: '04:00' });
    const pattern = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', minutes: 60, capacity: 3 }));
    const template = ok(await call('POST', 'schedule/slottemplate/', { name: 'Daily', location: location.id, pattern }), 201) as Rec;
    const [from, to] = [dayFrom(101), dayFrom(107)];
    ok(await call('POST', 'schedule/slot/create_slots/', { location: location.id, template: template.id, from, to }));
    const week = (ok(await call('POST', 'schedule/slot/location_slots/', { location: location.id, from, to })) as unknown as Rec[]).filter((s) => s.template === template.id);
    expect(week).toHaveLength(7);
    // Two bookings on the Monday slot, one on the Tuesday slot.
    const monday = week.find((s) => weekday(String(s.day)) === 1)!;
    const tuesday = week.find((s) => weekday(String(s.day)) === 2)!;
    for (const id of [monday.id, monday.id, tuesday.id]) ok(await book(suite, id), 201);

    // Tuesday gone, every slot one load and 90 minutes, and a new 15:00 slot on Wednesdays.
    const changed = [...pattern.filter((p) => p.weekday !== 2).map((p) => ({ ...p, capacity: 1, minutes: 90 })), { weekday: 3, start: '15:00', minutes: 60, capacity: 2 }];
    ok(await call('PATCH', `schedule/slottemplate/${template.id}/`, { pattern: changed, version: template.version }));
    const result = ok(await call('POST', 'schedule/slot/alter_slots_based_on_template/', { template: template.id, from, to }));
    expect(result).toMatchObject({ created: 1, updated: 6, removed: 0 });
    expect(result.kept).toEqual(expect.arrayContaining([
      expect.objectContaining({ slot: monday.id, reason: expect.stringContaining('its capacity stays 2') }),
      expect.objectContaining({ slot: tuesday.id, reason: expect.stringContaining('no longer has it') }),
    ]));
    expect(await slotOf(suite, monday.id)).toMatchObject({ capacity: 2, booked: 2 });
    const after = (ok(await call('POST', 'schedule/slot/location_slots/', { location: location.id, from, to })) as unknown as Rec[]).filter((s) => s.template === template.id);
    expect(after).toHaveLength(8);
    expect(after.filter((s) => s.id !== monday.id && s.id !== tuesday.id).every((s) => s.capacity !== 3)).toBe(true);

    // Once Tuesday's booking is cancelled, applying again deletes it.
    const [b] = (ok(await call('GET', `schedule/booking/?slot=${tuesday.id}`)).results as Rec[]);
    ok(await call('POST', `schedule/booking/${b.id}/cancel_booking/`, { reason: 'Rack closed on Tuesdays' }));
    expect(ok(await call('POST', 'schedule/slot/alter_slots_based_on_template/', { template: template.id, from, to }))).toMatchObject({ removed: 1, created: 0 });
    expect((await call('GET', `schedule/slot/${tuesday.id}/`)).status).toBe(404);
  });
});

describe('blocking and deleting', () => {
  it('a block flags the booked bookings and mails their contacts; a blocked slot takes no booking; unblocking clears the flags', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(20), to: dayFrom(21), capacity: 3 });
    const [first, second] = slots;
    const email = `dispatch${Date.now()}@carrier.example`;
    const a = ok(await book(suite, first.id, { contact_email: email }), 201) as Rec;
    const quiet = ok(await book(suite, first.id), 201) as Rec;
    const res = ok(await call('POST', 'schedule/slot/set_status_block/', { ids: [first.id, second.id], reason: 'Rack 2 pump repair' }, t.dispatcher));
    expect(res).toEqual({ blocked: 2, flagged: 2, mailed: 1 });
    expect(await slotOf(suite, first.id)).toMatchObject({ status: 'blocked', block_reason: 'Rack 2 pump repair', blocked_by: 'Dana Dispatcher', booked: 2 });
    for (const id of [a.id, quiet.id]) expect(ok(await call('GET', `schedule/booking/${id}/`))).toMatchObject({ slot_blocked: true, status: 'booked' });
    const [mail] = await mailsTo(suite, email);
    expect(mail.subject).toMatch(/^Action needed: your slot was blocked: Rack/);
    expect(mail.body).toContain('Rack 2 pump repair');
    // Blocking again blocks nothing more; booking a blocked slot is refused, nothing written.
    expect(ok(await call('POST', 'schedule/slot/set_status_block/', { ids: [first.id], reason: 'again' }))).toEqual({ blocked: 0, flagged: 0, mailed: 0 });
    const refusedBooking = await refused('POST', 'schedule/booking/create_booking/', { slot: first.id, carrier_name: 'Late Co' });
    expect(refusedBooking.status).toBe(409);
    expect(refusedBooking.body.detail).toMatch(/is blocked \(Rack 2 pump repair\)/);
    expect(refusedBooking.changed).toEqual([]);

    expect(ok(await call('POST', 'schedule/slot/set_status_unblock/', { ids: [first.id, second.id] }))).toEqual({ unblocked: 2 });
    expect(ok(await call('GET', `schedule/booking/${a.id}/`))).toMatchObject({ slot_blocked: false });
    ok(await book(suite, first.id), 201);
  });

  it('deletes slots only when no booking holds them, all or none; a cancelled booking goes with its slot', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(30), to: dayFrom(32) });
    const b = ok(await book(suite, slots[0].id), 201) as Rec;
    const held = await refused('POST', 'schedule/slot/delete_slots_id/', { ids: slots.map((s) => s.id) });
    expect(held.status).toBe(409);
    expect(held.body.detail).toContain(`slot ${slots[0].id}`);
    expect(held.changed).toEqual([]);
    expect((await refused('DELETE', `schedule/slot/${slots[0].id}/`)).status).toBe(409);
    ok(await call('POST', `schedule/booking/${b.id}/cancel_booking/`, { reason: 'Plans changed' }));
    expect(ok(await call('POST', 'schedule/slot/delete_slots_id/', { ids: slots.map((s) => s.id) }))).toEqual({ deleted: 3 });
    expect((await call('GET', `schedule/booking/${b.id}/`)).status).toBe(404);
  });

  it('keeps a slot\'s capacity at or above its bookings and its location while they hold it; a new time moves its bookings\' copies', async () => {
    const { slots } = await locationWithSlots(suite, { from: dayFrom(40), to: dayFrom(40), capacity: 3 });
    const other = await locationWithSlots(suite, { from: dayFrom(40), to: dayFrom(40) });
    const s = slots[0];
    const b1 = ok(await book(suite, s.id), 201) as Rec;
    ok(await book(suite, s.id), 201);
    const small = await refused('PATCH', `schedule/slot/${s.id}/`, { capacity: 1, version: s.version });
    expect(small.body).toEqual({ capacity: ['2 bookings hold loads of this slot: move or cancel some first.'] });
    expect((await refused('PATCH', `schedule/slot/${s.id}/`, { location: other.location.id, version: s.version })).body).toHaveProperty('location');
    const later = new Date(Date.parse(String(s.starts_at)) + 3_600_000).toISOString();
    const moved = ok(await call('PATCH', `schedule/slot/${s.id}/`, { starts_at: later, ends_at: new Date(Date.parse(later) + 3_600_000).toISOString(), version: s.version }));
    expect(moved.starts_at).toBe(later);
    expect(ok(await call('GET', `schedule/booking/${b1.id}/`)).starts_at).toBe(later);
    // A race past the engine still meets the table's rule: booked may never exceed capacity.
    const broken = await suite.rows(sql`update schedule_slot set booked = capacity + 1 where id = ${s.id}`).then(() => null, (e: { cause?: { constraint?: string } }) => e.cause?.constraint);
    expect(broken).toBe('schedule_slot_booked_within_capacity');
  });
});

describe('a day, a month and the overview', () => {
  it('answers a local day\'s slots with their bookings, a month\'s loads per day, and today\'s and the week\'s bookings by status', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(1), to: dayFrom(3), capacity: 2 });
    const b = ok(await book(suite, slots[0].id, { quantity: '31.500' }), 201) as Rec;
    const day = ok(await call('GET', `schedule/location/daily_slots/?location_id=${location.id}&day=${slots[0].day}`)) as unknown as Rec[];
    expect(day).toHaveLength(1);
    expect((day[0].bookings as Rec[]).map((x) => x.id)).toEqual([b.id]);
    const [y, m] = String(slots[0].day).split('-').map(Number);
    const month = ok(await call('GET', `schedule/slot/statics/?location=${location.id}&year=${y}&month=${m}`)) as unknown as Rec[];
    expect(month.find((d) => d.day === slots[0].day)).toMatchObject({ slots: 1, capacity: 2, booked: 1, free: 1, blocked: 0 });
    const overview = ok(await call('GET', `schedule/location/${location.id}/overview/`, undefined, t.operator));
    expect(overview.days).toHaveLength(7);
    expect((overview.by_status as Rec[]).find((x) => x.status === 'booked')).toMatchObject({ week: 1 });
    expect(overview.flagged).toBe(0);
    expect((await refused('GET', `schedule/location/daily_slots/?location_id=${location.id}&day=2027-02-30`)).status).toBe(400);
    expect((ok(await call('GET', 'schedule/location/note_types/')) as unknown as Rec[]).map((x) => x.value)).toContain('slot_blocked');
    // The same list at the spec's path, to whoever reads schedule locations.
    const kinds = ok(await call('GET', 'notification/note_types/', undefined, t.operator)) as unknown as Rec[];
    expect(kinds.map((x) => x.value)).toEqual(['booking_confirmed', 'booking_changed', 'booking_cancelled', 'slot_blocked', 'booking_link']);
    expect((await call('GET', 'notification/note_types/', undefined, t.partner)).status).toBe(403);
    expect((await suite.s.call('GET', '/api/notification/note_types/')).status).toBe(401);
  });
});
