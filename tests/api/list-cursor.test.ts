/**
 * Keyset cursors of large lists (docs/api.md, Cursors; server/engine/keyset.ts), on the car
 * history: following `next` (and `previous`) answers the same rows in the same order as page
 * numbers, ties broken by the id, under any ordering a cursor can follow (nullable columns, times
 * written to the microsecond, several keys); no row is skipped or repeated while rows are written
 * between two pages; a cursor made up for another company's rows shows nothing of theirs; and a
 * bad cursor is refused with 400 on `cursor`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { rawRows } from '../../server/db/connection';
import { car } from '../../src/resources/fleet/car';
import { carEvent } from '../../src/resources/fleet/car-event';
import { encodeCursor } from '../../server/engine/keyset';

let s: TestServer;
let op: string;
let company: number;
let other: number;
let mine: number;
let theirs: number;
const STATION = 'KEYSET';
const e = () => tableOf(carEvent);

/** `n` events of a car at station KEYSET: every third without a railroad or a location, ten sharing one minute. */
function events(carId: number, companyId: number, n: number, from = Date.UTC(2026, 0, 1), station = STATION) {
  return Array.from({ length: n }, (_, i) => ({
    company: companyId, car: carId, event_code: 'A', station,
    // Rows 20-29 share one instant: page boundaries fall inside the tie.
    event_time: new Date(i >= 20 && i < 30 ? from + 20 * 3_600_000 : from + i * 3_600_000),
    railroad: i % 3 === 0 ? null : ['CN', 'CPRS', 'BNSF'][i % 3], loaded: i % 2 === 0,
    latitude: i % 3 === 0 ? null : (50 + (i % 7) / 10).toFixed(6), longitude: i % 3 === 0 ? null : '-110.000000',
  }));
}

beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
  const me = await s.call('GET', '/api/user/me/', { token: op });
  company = me.body.company.id as number;
  const db = s.database.db;
  [{ id: other }] = await rawRows<{ id: number }>(db, sql`select id from company where id <> ${company} order by id limit 1`);
  [{ id: mine }] = await db.insert(tableOf(car)).values({ company, mark: 'KSTX', number: 1, car_type: 'T', fleet_status: 'P' } as never).returning({ id: tableOf(car).id });
  [{ id: theirs }] = await db.insert(tableOf(car)).values({ company: other, mark: 'KSTX', number: 1, car_type: 'T', fleet_status: 'P' } as never).returning({ id: tableOf(car).id });
  // One statement: every row shares its created_at to the microsecond.
  await db.insert(e()).values(events(mine, company, 75) as never);
  await db.insert(e()).values(events(theirs, other, 40) as never);
});
afterAll(() => s?.close());

const get = async (path: string) => {
  const res = await s.call('GET', path, { token: op });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.body as { count: number; next: string | null; previous: string | null; results: { id: number; company: number; event_time: string }[] };
};
const relative = (link: string) => { const u = new URL(link, 'http://x'); return u.pathname + u.search; };
const cursorOf = (link: string | null) => (link ? new URL(link, 'http://x').searchParams.get('cursor') : null);

/** Every row by page numbers, and by following `next` from page 1 (then `previous` back from the end). */
async function both(query: string, size: number) {
  const numbered: number[][] = [];
  for (let page = 1; ; page++) {
    const res = await s.call('GET', `/api/car_event/?${query}&page_size=${size}&page=${page}`, { token: op });
    if (res.status === 404) break;
    expect(res.status, res.text).toBe(200);
    numbered.push(res.body.results.map((r: { id: number }) => r.id));
  }
  const forward: number[][] = [];
  let path: string | null = `/api/car_event/?${query}&page_size=${size}`;
  let last!: Awaited<ReturnType<typeof get>>;
  while (path) {
    last = await get(path);
    forward.push(last.results.map((r) => r.id));
    if (forward.length > 1) expect(cursorOf(path), path).toBeTruthy();
    path = last.next && relative(last.next);
  }
  const backward: number[][] = [forward.at(-1)!];
  path = last.previous && relative(last.previous);
  while (path) {
    const page = await get(path);
    backward.unshift(page.results.map((r) => r.id));
    path = page.previous && relative(page.previous);
  }
  return { numbered, forward, backward };
}

describe('cursor paging of a large list', () => {
  it('answers the rows of page numbers, in the same order, forwards and backwards, in any ordering a cursor can follow', async () => {
    for (const ordering of ['-event_time', 'event_time', 'railroad,-event_time', '-railroad', '-latitude,loaded', 'created_at', '-loaded,-id']) {
      const { numbered, forward, backward } = await both(`station=${STATION}&ordering=${ordering}`, 7);
      expect(numbered.flat(), ordering).toHaveLength(75);
      expect(new Set(numbered.flat()).size, ordering).toBe(75);
      expect(forward, ordering).toEqual(numbered);
      expect(backward, ordering).toEqual(numbered);
    }
  });

  it('breaks ties on the event time by the id, across page boundaries', async () => {
    const { forward } = await both(`station=${STATION}`, 4);
    const rows = (await get(`/api/car_event/?station=${STATION}&page_size=0`) as unknown as { id: number; event_time: string }[]);
    const byId = new Map(rows.map((r) => [r.id, r.event_time]));
    const ids = forward.flat();
    const tied = ids.filter((id) => byId.get(id) === new Date(Date.UTC(2026, 0, 1) + 20 * 3_600_000).toISOString());
    expect(tied).toHaveLength(10);
    expect(tied).toEqual([...tied].sort((a, b) => a - b));
    // Newest first, the id ascending within one time: the whole walk is in that order.
    const key = (id: number) => [-Date.parse(byId.get(id)!), id];
    expect(ids).toEqual([...ids].sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1]; }));
  });

  it('links: the next page of a numbered page has its number and its cursor, page 1 no cursor, and a cursor alone keeps no number', async () => {
    const p2 = await get(`/api/car_event/?station=${STATION}&page_size=10&page=2`);
    expect(new URL(p2.next!, 'http://x').searchParams.get('page')).toBe('3');
    expect(cursorOf(p2.next)).toBeTruthy();
    expect(p2.previous).not.toContain('cursor=');
    expect(new URL(p2.previous!, 'http://x').searchParams.get('page')).toBe('1');
    const p3 = await get(relative(p2.next!));
    expect(new URL(p3.previous!, 'http://x').searchParams.get('page')).toBe('2');
    expect(cursorOf(p3.previous)).toBeTruthy();
    expect(p3.results).toEqual((await get(`/api/car_event/?station=${STATION}&page_size=10&page=3`)).results);
    expect(p3.count).toBe(75);
    const bare = await get(`/api/car_event/?station=${STATION}&page_size=10&cursor=${cursorOf(p2.next)}`);
    expect(bare.results).toEqual(p3.results);
    expect(new URL(bare.next!, 'http://x').searchParams.has('page')).toBe(false);
    expect(cursorOf(bare.next)).toBeTruthy();
  });

  it('skips and repeats no row while rows are written between pages (page numbers would repeat)', async () => {
    const station = 'KEYSET LIVE';
    await s.database.db.insert(e()).values(events(mine, company, 30, Date.UTC(2025, 0, 1), station) as never);
    const before = (await get(`/api/car_event/?station=${encodeURIComponent(station)}&page_size=0`) as unknown as { id: number }[]).map((r) => r.id);
    const seen: number[] = [];
    let path: string | null = `/api/car_event/?station=${encodeURIComponent(station)}&page_size=6`;
    let round = 0;
    while (path) {
      const page = await get(path);
      seen.push(...page.results.map((r) => r.id));
      path = page.next && relative(page.next);
      if (!path) break;
      // Between two pages a newer event (at the head, behind the walk) and an older one (still to come) arrive.
      round++;
      await s.database.db.insert(e()).values([
        ...events(mine, company, 1, Date.UTC(2027, 0, round), station),
        ...events(mine, company, 1, Date.UTC(2024, 0, round), station),
      ] as never);
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // The older rows written on the way are all met; the newer ones are behind the walk.
    expect(round).toBe(5);
    expect(seen.length).toBe(before.length + round);
    // Page numbers under the same writes show the same row twice.
    const p1 = await get(`/api/car_event/?station=${encodeURIComponent(station)}&page_size=6&page=1`);
    await s.database.db.insert(e()).values(events(mine, company, 1, Date.UTC(2028, 0, 1), station) as never);
    const p2 = await get(`/api/car_event/?station=${encodeURIComponent(station)}&page_size=6&page=2`);
    expect(p2.results[0].id).toBe(p1.results.at(-1)!.id);
  });

  it("holds tenancy: a cursor made from another company's rows shows nothing of theirs", async () => {
    const [row] = await rawRows<{ id: number; t: string }>(s.database.db, sql`select id, to_json(event_time) #>> '{}' as t from car_event where car_id = ${theirs} order by event_time desc, id limit 1`);
    const keys = [{ name: 'event_time', desc: true }, { name: 'id', desc: false }];
    for (const back of [false, true]) {
      const page = await get(`/api/car_event/?page_size=500&cursor=${encodeCursor(keys, [row.t, String(row.id)], back)}`);
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results.every((r) => r.company === company)).toBe(true);
      // A position just past their newest row, forwards and backwards: still only one's own rows.
      const near = await get(`/api/car_event/?page_size=500&cursor=${encodeCursor(keys, [new Date(Date.parse(row.t) + 1).toISOString(), '0'], back)}`);
      expect(near.results.some((r) => r.company !== company)).toBe(false);
    }
    // Filtering on their car through a cursor finds nothing either.
    const theirCar = await get(`/api/car_event/?car=${theirs}&cursor=${encodeCursor(keys, ['2030-01-01T00:00:00Z', '0'], false)}`);
    expect(theirCar.results).toEqual([]);
  });

  it('refuses a bad cursor with 400 on cursor', async () => {
    const keys = [{ name: 'event_time', desc: true }, { name: 'id', desc: false }];
    const b64 = (x: unknown) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
    const bad = [
      'not a cursor!', b64('{"o":'), b64([1, 2]), b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z'] }),
      b64({ o: ['event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1'] }), b64({ o: ['-event_time', 'id'], k: ['yesterday', '1'] }),
      b64({ o: ['-event_time', 'id'], k: ['2026-02-30T00:00:00Z', '1'] }), b64({ o: ['-event_time', 'id'], k: ['2026-01-01T24:00:00Z', '1'] }),
      b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', '99999999999'] }), b64({ o: ['-event_time', 'id'], k: [null, '1'] }),
      b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', 1] }), b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1'], d: 'x' }),
      b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1'], extra: true }), 'a'.repeat(5000),
    ];
    for (const cursor of bad) {
      const res = await s.call('GET', `/api/car_event/?cursor=${encodeURIComponent(cursor)}`, { token: op });
      expect(res.status, cursor).toBe(400);
      expect(Object.keys(res.body), cursor).toEqual(['cursor']);
    }
    const good = encodeCursor(keys, ['2026-01-01T00:00:00Z', '1'], false);
    const refused = async (q: string) => {
      const res = await s.call('GET', `/api/car_event/?${q}`, { token: op });
      expect(res.status, q).toBe(400);
      return res.body;
    };
    expect((await refused(`cursor=${good}&ordering=event_time`)).cursor[0]).toContain('another ordering');
    // A reference sorted by its label has no keyset: page numbers only.
    expect((await refused(`cursor=${good}&ordering=car`)).cursor[0]).toContain('page numbers only');
    expect(Object.keys(await refused(`cursor=${good}&page_size=0`))).toEqual(['cursor']);
    // The same cursor as the list's own is taken.
    expect((await get(`/api/car_event/?cursor=${good}`)).results.length).toBeGreaterThan(0);
  });

  it('leaves the links of a list that is not large as page numbers', async () => {
    const res = await s.call('GET', '/api/terminalboss/v3/site/?page_size=1', { token: op });
    expect(res.status, res.text).toBe(200);
    expect(res.body.next).toMatch(/page=2$/);
  });
});
