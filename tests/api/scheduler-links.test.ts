/**
 * Carrier booking links through the real server (docs/scheduler.md, Carrier self-booking): a link
 * opens its location's bookable slots and its own bookings, books, changes and cancels them within
 * the location's lead time and horizon, and reaches nothing else: not another location, not another
 * link's bookings, not the API as a token. Revoked or expired, it opens nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Rec, book, dayFrom, locationWithSlots, mailsTo, slotOf } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;

/** A call with a booking link (its token in the header, no session). */
const viaLink = async (token: string, method: string, path: string, body?: unknown) =>
  ({ ...(await suite.s.call(method, `/api/schedule/book/${path}`, { body, headers: { 'x-booking-link': token } })), headers: {} });

async function linkFor(location: number, extra: Record<string, unknown> = {}) {
  const made = ok(await call('POST', 'schedule/location/generate_token/', { location_id: location, ...extra }, t.dispatcher));
  return { ...made, token: String(made.url).split('#')[1] } as Rec & { token: string; url: string };
}

describe('a booking link', () => {
  it('is mailed, shows its location\'s bookable slots, books, changes and cancels its own bookings, each mailed', async () => {
    const { location, slots } = await locationWithSlots(suite, {
      from: dayFrom(2), to: dayFrom(6), capacity: 2,
      extra: { instructions: 'Check in at the gate house.', reply_email: 'rack@terminal.example', lead_minutes: 120, booking_horizon_days: 5 },
    });
    const email = `ops${Date.now()}@bison.example`;
    const link = await linkFor(location.id, { carrier_name: 'Bison Haulers', email, days: 7 });
    expect(link.url).toMatch(/^http:\/\/app\.test\/book\/#[\w-]{43}$/);
    const [invite] = await mailsTo(suite, email);
    expect(invite.subject).toBe(`Book your loading times at ${String(location.name)}`);
    expect(invite.body).toContain(link.url);
    expect(invite.body).toContain('Check in at the gate house.');
    // Only the hash is kept.
    const stored = await suite.rows<{ token_hash: string }>(sql`select token_hash from booking_link_token where link_id = ${link.link}`);
    expect(stored[0].token_hash).not.toContain(link.token);

    const page = ok(await viaLink(link.token, 'GET', `?from=${dayFrom(0)}&to=${dayFrom(8)}`));
    expect(page.location).toMatchObject({ name: location.name, time_zone: 'America/Edmonton', instructions: 'Check in at the gate house.', reply_email: 'rack@terminal.example' });
    expect(page.carrier_name).toBe('Bison Haulers');
    // The horizon (5 days) cuts the last slot.
    const shown = (page.slots as Rec[]).map((s) => s.id);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown).not.toContain(slots.at(-1)!.id);
    expect(page.bookings).toEqual([]);

    const [first, second] = slots;
    const made = ok(await viaLink(link.token, 'POST', '', { slot: first.id, truck_plate: 'bh 77', contact_email: email, reference: 'PO-1' }), 201) as Rec;
    expect(made).toMatchObject({ status: 'booked', carrier_name: 'Bison Haulers', truck_plate: 'BH 77', link: link.link, booked_by: `Bison Haulers (booking link ${link.link})` });
    expect(await slotOf(suite, first.id)).toMatchObject({ booked: 1 });
    const moved = ok(await viaLink(link.token, 'POST', `${made.id}/change/`, { slot: second.id, driver_name: 'Jo' }));
    expect(moved).toMatchObject({ slot: second.id, driver_name: 'Jo' });
    expect((await slotOf(suite, first.id)).booked).toBe(0);
    const listed = ok(await viaLink(link.token, 'GET', ''));
    expect((listed.bookings as Rec[]).map((b) => [b.id, b.changeable])).toEqual([[made.id, true]]);
    const cancelled = ok(await viaLink(link.token, 'POST', `${made.id}/cancel/`, { reason: 'Load not ready' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Load not ready' });
    expect((await mailsTo(suite, email)).map((m) => m.subject.split(':')[0])).toEqual(['Booking cancelled', 'Booking changed', 'Booking confirmed', 'Book your loading times at ' + String(location.name)]);
    // The terminal's people who read bookings heard each step in the app (docs/notifications.md); the driver did not.
    const heard = (ok(await call('GET', 'notification/?kind=booking&ordering=id&page_size=0', undefined, t.dispatcher)) as unknown as Rec[])
      .filter((n) => String(n.title).includes(`booking ${made.id}:`));
    expect(heard.map((n) => [String(n.title).split(':')[0], n.level, n.link])).toEqual([
      [`Bison Haulers booked booking ${made.id}`, 'info', `/scheduler/location/${location.id}/schedule/`],
      [`Bison Haulers changed booking ${made.id}`, 'info', `/scheduler/location/${location.id}/schedule/`],
      [`Bison Haulers cancelled booking ${made.id}`, 'warning', `/scheduler/location/${location.id}/schedule/`],
    ]);
    expect(heard[2].body).toContain('Reason: Load not ready');
    expect(ok(await call('GET', 'notification/?kind=booking&page_size=0', undefined, t.driver))).toEqual([]);
    const record = ok(await call('GET', `schedule/link/${link.link}/`, undefined, t.dispatcher));
    expect(record).toMatchObject({ uses: 3, carrier_name: 'Bison Haulers', email, made_by: 'Dana Dispatcher' });
    expect(record.last_used_at).toBeTruthy();
    // The transitions name the link.
    const moves = await suite.rows<{ user_label: string; user_id: number | null }>(sql`select user_label, user_id from record_transition where resource = 'schedule/booking' and record_id = ${String(made.id)}`);
    expect(moves.every((m) => m.user_id === null && m.user_label.includes('booking link'))).toBe(true);
  });

  it('books only its location\'s slots, from the lead time to the horizon, and changes only its own bookings before the lead time', async () => {
    // Slots at 07:00 Edmonton (13:00 or 14:00 UTC) on the next four days; the horizon of 3 days cuts the third or the fourth.
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(1), to: dayFrom(4), extra: { booking_horizon_days: 3 } });
    const elsewhere = await locationWithSlots(suite, { from: dayFrom(1), to: dayFrom(1) });
    const link = await linkFor(location.id, { carrier_name: 'Bison Haulers' });
    const other = await linkFor(location.id, { carrier_name: 'Other Co' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ slot: elsewhere.slots[0].id }, /No such slot at this location/],
      [{ slot: slots[3].id }, /at most 3 days ahead/],
      [{ slot: 99999999 }, /No such slot/],
    ];
    for (const [body, message] of cases) {
      const res = await viaLink(link.token, 'POST', '', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.slot[0]).toMatch(message);
    }
    const staff = ok(await book(suite, slots[0].id), 201) as Rec;
    const theirs = ok(await viaLink(other.token, 'POST', '', { slot: slots[0].id }), 201) as Rec;
    expect(theirs.carrier_name).toBe('Other Co');
    for (const id of [staff.id, theirs.id]) {
      expect((await viaLink(link.token, 'POST', `${id}/cancel/`, { reason: 'x' })).status).toBe(404);
      expect((await viaLink(link.token, 'POST', `${id}/change/`, { truck_plate: 'XX 1' })).status).toBe(404);
    }
    expect((ok(await viaLink(link.token, 'GET', '')).bookings as Rec[])).toEqual([]);
    // A booking inside the lead time is the terminal's to change.
    const mine = ok(await viaLink(link.token, 'POST', '', { slot: slots[1].id }), 201) as Rec;
    await suite.rows(sql`update schedule_booking set starts_at = now() + interval '10 minutes' where id = ${mine.id}`);
    const late = await viaLink(link.token, 'POST', `${mine.id}/cancel/`, { reason: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/until 60 minutes before their slot/);
    expect((await viaLink(link.token, 'POST', 'abc/cancel/', { reason: 'x' })).status).toBe(404);
    expect((await viaLink(link.token, 'POST', '', { slot: slots[1].id, quantity: 'lots' })).status).toBe(400);
  });

  it('opens nothing once revoked or expired, nothing without its token, and is no API token', async () => {
    const { location, slots } = await locationWithSlots(suite, { from: dayFrom(1), to: dayFrom(1) });
    const link = await linkFor(location.id, { carrier_name: 'Bison Haulers' });
    ok(await viaLink(link.token, 'GET', ''));
    for (const path of ['schedule/booking/', `schedule/slot/${slots[0].id}/`, 'schedule/location/', 'user/']) {
      const res = await suite.s.call('GET', `/api/${path}`, { token: link.token });
      expect(res.status, path).toBe(401);
    }
    expect((await suite.s.call('GET', '/api/schedule/book/')).status).toBe(404);
    expect((await viaLink(`${link.token}x`, 'GET', '')).status).toBe(404);

    const revoked = ok(await call('POST', `schedule/link/${link.link}/revoke/`, {}, t.dispatcher));
    expect(revoked.revoked_at).toBeTruthy();
    expect((await refused('POST', `schedule/link/${link.link}/revoke/`, {}, t.dispatcher)).status).toBe(409);
    const gone = await viaLink(link.token, 'GET', '');
    expect([gone.status, gone.body.detail]).toEqual([404, expect.stringContaining('revoked or has expired')]);
    expect((await viaLink(link.token, 'POST', '', { slot: slots[0].id })).status).toBe(404);

    const expiring = await linkFor(location.id, { carrier_name: 'Soon Gone' });
    await suite.rows(sql`update schedule_link set expires_at = now() - interval '1 second' where id = ${expiring.link}`);
    expect((await viaLink(expiring.token, 'GET', '')).status).toBe(404);
    // Links are made only by generate_token; the operator may not revoke one.
    expect((await refused('POST', 'schedule/link/', { location: location.id })).status).toBe(400);
    const fresh = await linkFor(location.id);
    expect((await refused('POST', `schedule/link/${fresh.link}/revoke/`, {}, t.operator)).status).toBe(403);
  });
});
