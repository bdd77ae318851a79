/**
 * The facility pages' calls, through the real server (docs/rail.md §6.6, §6.7): the company's
 * facilities with their shipments counted as origin, checked against counts the test makes in
 * SQL of its own over the small demo, and as a few shipments are moved on (shipped lately and
 * long ago, in correction); a facility's schedule by day, its cars, its railroad, a railroad's
 * facilities.
 * Who may: the dispatcher and the operator read them; the driver, who views facilities, is refused
 * every one that reads rail records; a company without rail is refused as such; another company's
 * facility or company is not found. Every refused call is checked to have written nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import type { Answer } from './contract/client';
import { addDays, contractDays } from '../../src/lib/contract-periods';
import { localDateIn } from '../../src/lib/time-zone';
import { invalidateAccess } from '../../server/auth/access';

const rail = railSuite();
const { t, ids, call, refused, rows, idOf } = rail;
const ok = (res: Answer, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as unknown;
};
type Row = Record<string, unknown>;

interface FacilityRow {
  id: number; name: string; code: string | null; city: string | null; province: string | null;
  serving_railroad: { id: number; name: string; scac: string | null } | null;
  open: number; in_correction: number; shipped_30_days: number; cars_loading: number;
}

/** The counts of one facility as origin, each by a plain SQL count of its own. */
async function countsOf(facilityId: number) {
  const one = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(q))[0].n);
  return {
    open: await one(sql`select count(*) as n from rail_shipment where origin_id = ${facilityId} and status = 'open'`),
    in_correction: await one(sql`select count(*) as n from rail_shipment where origin_id = ${facilityId} and status = 'in_correction'`),
    shipped_30_days: await one(sql`select count(*) as n from rail_shipment where origin_id = ${facilityId} and status = 'shipped' and shipped_at >= now() - interval '30 days'`),
    cars_loading: await one(sql`select count(*) as n from loaded_rail_car l where l.rail_shipment_id in (select id from rail_shipment where origin_id = ${facilityId} and status = 'open')`),
  };
}

const facilities = async (token = t.dispatcher) => ok(await call('GET', `company/${ids.pbt}/facilities/`, undefined, token)) as FacilityRow[];

beforeAll(async () => {
  ids.fsk = await idOf('facility', 'FSK');
  ids.etl = await idOf('facility', 'ETL');
  ids.hrd = await idOf('facility', 'HRD');
  ids.cn = await idOf('party', 'CN');
  ids.cprs = await idOf('party', 'CPRS');
  ids.gcr = await idOf('party', 'GCR');
  ids.crude = await idOf('product', 'CRUDE');
  ids.nrpFacility = (await rows<{ id: number }>(sql`select id from facility where company_id = ${ids.nrp} order by id limit 1`))[0].id;
});

describe('company/{id}/facilities/ (docs/rail.md §6.7)', () => {
  it('lists each facility with its railroad and its shipments as origin, as SQL counts them', async () => {
    const list = await facilities();
    const names = (await rows<{ name: string }>(sql`select name from facility where company_id = ${ids.pbt} and enabled order by name, id`)).map((x) => x.name);
    expect(list.map((f) => f.name)).toEqual(names);
    for (const f of list) expect({ id: f.id, ...(await countsOf(f.id)) }).toEqual({ id: f.id, open: f.open, in_correction: f.in_correction, shipped_30_days: f.shipped_30_days, cars_loading: f.cars_loading });
    const fsk = list.find((f) => f.id === ids.fsk)!;
    expect(fsk).toMatchObject({ code: 'FSK', city: 'Fort Saskatchewan', province: 'AB', serving_railroad: { id: ids.cn, name: 'Canadian National Railway', scac: 'CN' } });
    expect(fsk.open).toBeGreaterThan(0);
    expect(fsk.cars_loading).toBeGreaterThan(0);
    expect(Object.keys(fsk).sort()).toEqual(['cars_loading', 'city', 'code', 'id', 'in_correction', 'name', 'open', 'province', 'serving_railroad', 'shipped_30_days']);
  });

  it('counts a shipment as it moves: shipped within 30 days, in correction; its cars leave "cars loading"', async () => {
    // Three of the facility's shipments, open for the test whatever the demo made of them by today.
    const picked = await rows<{ id: number; status: string; shipped_at: Date | null }>(sql`select id, status, shipped_at from rail_shipment
      where origin_id = ${ids.fsk} and status in ('open', 'shipped') order by id limit 3`);
    expect(picked.length).toBe(3);
    const [a, b, c] = picked.map((x) => x.id);
    await rows(sql`update rail_shipment set status = 'open', shipped_at = null where id in (${a}, ${b}, ${c})`);
    try {
      const before = (await facilities()).find((f) => f.id === ids.fsk)!;
      const cars = await rows<{ n: string | number }>(sql`select count(*) as n from loaded_rail_car where rail_shipment_id in (${a}, ${b}, ${c})`);
      await rows(sql`update rail_shipment set status = 'shipped', shipped_at = now() - interval '3 days' where id = ${a}`);
      await rows(sql`update rail_shipment set status = 'shipped', shipped_at = now() - interval '45 days' where id = ${b}`);
      await rows(sql`update rail_shipment set status = 'in_correction', shipped_at = now() - interval '2 days' where id = ${c}`);
      const after = (await facilities()).find((f) => f.id === ids.fsk)!;
      expect({ ...after, ...(await countsOf(ids.fsk)) }).toEqual(after);
      // One shipped lately (not the one 45 days ago), one more in correction, three fewer open, their cars no longer loading.
      expect({
        open: before.open - after.open, in_correction: after.in_correction - before.in_correction,
        shipped_30_days: after.shipped_30_days - before.shipped_30_days, cars_loading: before.cars_loading - after.cars_loading,
      }).toEqual({ open: 3, in_correction: 1, shipped_30_days: 1, cars_loading: Number(cars[0].n) });
    } finally {
      for (const x of picked) await rows(sql`update rail_shipment set status = ${x.status}, shipped_at = ${x.shipped_at} where id = ${x.id}`);
    }
  });

  it('keeps a disabled facility while it has shipments to count, and leaves it out when it has none', async () => {
    const idle = ok(await call('POST', 'facility/', { name: 'Idle Siding', code: 'IDLE', enabled: false }), 201) as { id: number };
    expect(await countsOf(idle.id)).toEqual({ open: 0, in_correction: 0, shipped_30_days: 0, cars_loading: 0 });
    await rows(sql`update facility set enabled = false where id = ${ids.fsk}`);
    try {
      const list = await facilities();
      expect(list.some((f) => f.id === ids.fsk)).toBe(true);
      expect(list.some((f) => f.id === idle.id)).toBe(false);
    } finally {
      await rows(sql`update facility set enabled = true where id = ${ids.fsk}`);
    }
  });

  it('needs view_railshipment, not view_company: the operator reads it, the driver is refused; another company is not found', async () => {
    expect((await facilities(t.operator)).length).toBeGreaterThan(0);
    expect((await refused('GET', `company/${ids.pbt}/facilities/`, undefined, t.driver)).status).toBe(403);
    const foreign = await refused('GET', `company/${ids.pbt}/facilities/`, undefined, t.partner);
    expect([foreign.status, foreign.changed]).toEqual([404, []]);
    const theirs = ok(await call('GET', `company/${ids.nrp}/facilities/`, undefined, t.partner)) as FacilityRow[];
    expect(theirs.map((f) => f.id)).toContain(ids.nrpFacility);
    expect(theirs.some((f) => f.id === ids.fsk)).toBe(false);
  });
});

describe('facility/{id}/schedule/ (docs/rail.md §6.6)', () => {
  it('answers two weeks from today at the facility by default: its active contracts by day, with day totals', async () => {
    const [{ zone }] = await rows<{ zone: string }>(sql`select timezone as zone from facility where id = ${ids.fsk}`);
    const today = localDateIn(new Date(), zone)!;
    const res = ok(await call('GET', `facility/${ids.fsk}/schedule/`, undefined, t.dispatcher)) as {
      days: string[]; contracts: { id: number; contract_number: string; contract_type: string; party: { id: number; label: string }; cars: number; entries: Record<string, { quantity: number; actual: number | null }> }[];
      totals: Record<string, { quantity: number; actual: number | null }>;
    };
    expect(Object.keys(res).sort()).toEqual(['contracts', 'days', 'totals']);
    expect(res.days).toHaveLength(14);
    expect(res.days[0]).toBe(today);
    expect(res.days[13]).toBe(addDays(today, 13));
    expect(Object.keys(res.totals)).toEqual(res.days);
    const expected = await rows<{ id: number }>(sql`select id from contract where facility_id = ${ids.fsk} and status = 'active'
      and start_date <= ${addDays(today, 13)} and end_date >= ${today} order by contract_number, id`);
    expect(res.contracts.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(res.contracts.length).toBeGreaterThan(0);
    // Every cell and every total is the stored days', summed by SQL here.
    const days = await rows<{ contract: number; date: string; quantity: number; actual: number | null }>(sql`select s.contract_id as contract, e.date::text as date, e.quantity, e.actual
      from rail_schedule_entry e join rail_schedule s on s.id = e.schedule_id
      where s.contract_id in (select id from contract where facility_id = ${ids.fsk} and status = 'active') and e.date between ${today} and ${addDays(today, 13)}`);
    for (const c of res.contracts) {
      const mine = days.filter((d) => d.contract === c.id);
      expect(c.entries).toEqual(Object.fromEntries(mine.map((d) => [d.date, { quantity: d.quantity, actual: d.actual }])));
      expect(c.party.label).toBeTruthy();
    }
    for (const day of res.days) {
      const [sum] = await rows<{ quantity: string | number; actual: string | number | null }>(sql`select coalesce(sum(e.quantity), 0) as quantity, sum(e.actual) as actual
        from rail_schedule_entry e join rail_schedule s on s.id = e.schedule_id join contract c on c.id = s.contract_id
        where c.facility_id = ${ids.fsk} and c.status = 'active' and e.date = ${day}`);
      expect(res.totals[day]).toEqual({ quantity: Number(sum.quantity), actual: sum.actual === null ? null : Number(sum.actual) });
    }
    expect(Object.values(res.totals).some((x) => x.quantity > 0)).toBe(true);
  });

  it('takes a range of up to 92 days; From alone runs 14 days (to the last date there is)', async () => {
    const long = ok(await call('GET', `facility/${ids.fsk}/schedule/?from=2026-01-01&to=2026-04-02`)) as { days: string[] };
    expect([long.days.length, long.days[0], long.days[91]]).toEqual([92, '2026-01-01', '2026-04-02']);
    const from = ok(await call('GET', `facility/${ids.fsk}/schedule/?from=2026-02-20`)) as { days: string[] };
    expect([from.days.length, from.days[13]]).toEqual([14, '2026-03-05']);
    expect(contractDays('2026-02-20', '2026-03-05')).toBe(14);
    const last = ok(await call('GET', `facility/${ids.fsk}/schedule/?from=9999-12-25`)) as { days: string[] };
    expect([last.days.length, last.days[6]]).toEqual([7, '9999-12-31']);
  });

  it('refuses To before From, more than 92 days and a date that is none, each on its field, writing nothing', async () => {
    const at = (q: string) => refused('GET', `facility/${ids.fsk}/schedule/?${q}`);
    const before = await at('from=2026-03-10&to=2026-03-09');
    expect([before.status, before.body, before.changed]).toEqual([400, { to: ['Choose a day on or after 2026-03-10.'] }, []]);
    const tooLong = await at('from=2026-01-01&to=2026-04-03');
    expect([tooLong.status, tooLong.body]).toEqual([400, { to: ['At most 92 days at a time: choose a day up to 2026-04-02.'] }]);
    const bad = await at('from=2026-02-30');
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['from']]);
    const badTo = await at('to=soon');
    expect([badTo.status, Object.keys(badTo.body)]).toEqual([400, ['to']]);
  });
});

describe('facility/{id}/cars/ (docs/rail.md §6.6)', () => {
  it('lists the cars standing here on open or correcting shipments; with a shipment, its cars here whatever its status', async () => {
    const res = ok(await call('GET', `facility/${ids.fsk}/cars/`, undefined, t.operator)) as Row[];
    const expected = await rows<{ id: number }>(sql`select l.id from loaded_rail_car l join rail_shipment s on s.id = l.rail_shipment_id
      where l.current_location_id = ${ids.fsk} and s.status in ('open', 'in_correction') order by l.car_mark, l.car_number, l.id`);
    expect(res.length).toBeGreaterThan(0);
    expect(res.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    expect(res.every((c) => c.current_location === ids.fsk && ['open', 'in_correction'].includes(String(c.shipment_status)))).toBe(true);
    expect(res[0]).toHaveProperty('net_volume');

    const [cancelled] = await rows<{ id: number }>(sql`select s.id from rail_shipment s where s.status = 'cancelled' and s.company_id = ${ids.pbt}
      and exists (select 1 from loaded_rail_car l where l.rail_shipment_id = s.id and l.current_location_id = s.origin_id) order by s.id limit 1`);
    const [origin] = await rows<{ origin: number }>(sql`select origin_id as origin from rail_shipment where id = ${cancelled.id}`);
    const ofShipment = ok(await call('GET', `facility/${origin.origin}/cars/?shipment_id=${cancelled.id}`)) as Row[];
    const [{ n }] = await rows<{ n: string | number }>(sql`select count(*) as n from loaded_rail_car where rail_shipment_id = ${cancelled.id} and current_location_id = ${origin.origin}`);
    expect(ofShipment.length).toBe(Number(n));
    expect(ofShipment.every((c) => c.rail_shipment === cancelled.id && c.shipment_status === 'cancelled')).toBe(true);
  });

  it('refuses a shipment that is not there to see, writing nothing', async () => {
    const [theirs] = await rows<{ id: number }>(sql`select id from rail_shipment where company_id = ${ids.nrp} order by id limit 1`);
    const res = await refused('GET', `facility/${ids.fsk}/cars/?shipment_id=${theirs.id}`);
    expect([res.status, res.body, res.changed]).toEqual([400, { shipment_id: [`Invalid pk "${theirs.id}" - object does not exist.`] }, []]);
    expect((await refused('GET', `facility/${ids.fsk}/cars/?shipment_id=x`)).status).toBe(400);
  });
});

describe('facility/{id}/railroad/ and facility/railroad_facilities/ (docs/rail.md §6.6)', () => {
  it('railroad/: the serving railroad, or null', async () => {
    expect(ok(await call('GET', `facility/${ids.etl}/railroad/`, undefined, t.dispatcher))).toEqual({ id: ids.cprs, name: 'CPKC', scac: 'CPRS' });
    await rows(sql`update facility set serving_railroad_id = null where id = ${ids.hrd}`);
    try {
      expect(ok(await call('GET', `facility/${ids.hrd}/railroad/`))).toBeNull();
    } finally {
      await rows(sql`update facility set serving_railroad_id = ${ids.cprs} where id = ${ids.hrd}`);
    }
  });

  it('railroad_facilities/: the facilities in service a railroad serves, by name', async () => {
    const res = ok(await call('GET', `facility/railroad_facilities/?railroad=${ids.cn}`, undefined, t.dispatcher)) as Row[];
    const expected = await rows<Row>(sql`select id, name, code, city, province from facility where company_id = ${ids.pbt} and serving_railroad_id = ${ids.cn} and enabled order by name, id`);
    expect(res).toEqual(expected);
    expect(res.length).toBeGreaterThan(0);
  });

  it('railroad_facilities/ refuses a missing railroad, a party that is no railroad and another company\'s, writing nothing', async () => {
    const missing = await refused('GET', 'facility/railroad_facilities/');
    expect([missing.status, missing.body, missing.changed]).toEqual([400, { railroad: ['This field is required.'] }, []]);
    const consignee = await refused('GET', `facility/railroad_facilities/?railroad=${ids.gcr}`);
    expect([consignee.status, consignee.body]).toEqual([400, { railroad: ['Choose a railroad or carrier party; Gulf Coast Refining LLC is a consignee.'] }]);
    const foreign = await refused('GET', `facility/railroad_facilities/?railroad=${ids.cn}`, undefined, t.partner);
    expect([foreign.status, foreign.body]).toEqual([400, { railroad: [`Invalid pk "${ids.cn}" - object does not exist.`] }]);
  });
});

describe('who may (docs/rail.md §5.1, §6.6)', () => {
  const railCalls = () => [
    `facility/${ids.fsk}/schedule/`, `facility/${ids.fsk}/cars/`, `facility/${ids.fsk}/railroad/`, `company/${ids.pbt}/facilities/`,
  ];

  it('the driver views facilities, yet every facility call that reads rail records or parties is refused him, writing nothing', async () => {
    expect(ok(await call('GET', `facility/${ids.fsk}/`, undefined, t.driver))).toMatchObject({ id: ids.fsk });
    for (const path of railCalls()) {
      const res = await refused('GET', path, undefined, t.driver);
      expect([path, res.status, res.changed]).toEqual([path, 403, []]);
    }
    // The railroad's facilities are facilities, which he may list anyway (facility/?serving_railroad=).
    expect((await call('GET', `facility/railroad_facilities/?railroad=${ids.cn}`, undefined, t.driver)).status).toBe(200);
  });

  it('the operator reads them all', async () => {
    for (const path of railCalls()) expect([path, (await call('GET', path, undefined, t.operator)).status]).toEqual([path, 200]);
  });

  it('another company\'s facility is not found, also on the calls of the rail records', async () => {
    for (const path of [`facility/${ids.fsk}/schedule/`, `facility/${ids.fsk}/cars/`, `facility/${ids.fsk}/railroad/`]) {
      const res = await refused('GET', path, undefined, t.partner);
      expect([path, res.status, res.changed]).toEqual([path, 404, []]);
    }
    expect((await call('GET', `facility/${ids.nrpFacility}/schedule/`, undefined, t.partner)).status).toBe(200);
    expect((await refused('GET', `facility/${ids.nrpFacility}/schedule/`, undefined, t.dispatcher)).status).toBe(404);
  });

  it('a company without the rail subscription is refused the rail records\' calls as such (the declared `of` brings its feature)', async () => {
    const [{ features }] = await rows<{ features: unknown }>(sql`select features from company where id = ${ids.nrp}`);
    await rows(sql`update company set features = '[{"name": "partner", "subscribed": true}]'::jsonb where id = ${ids.nrp}`);
    invalidateAccess();
    try {
      for (const path of [`facility/${ids.nrpFacility}/schedule/`, `facility/${ids.nrpFacility}/cars/`, `company/${ids.nrp}/facilities/`]) {
        const res = await refused('GET', path, undefined, t.partner);
        expect([path, res.status, res.body.detail, res.changed]).toEqual([path, 403, 'Your company does not subscribe to the rail feature.', []]);
      }
      // The railroad is a party's, which needs no rail subscription.
      expect((await call('GET', `facility/${ids.nrpFacility}/railroad/`, undefined, t.partner)).status).toBe(200);
    } finally {
      await rows(sql`update company set features = ${JSON.stringify(features)}::jsonb where id = ${ids.nrp}`);
      invalidateAccess();
    }
  });
});
