/**
 * Rail stations, rail rates and STCCs through the real server (docs/trace.md, Stations, rates and
 * commodity codes): each field refused with its message, the railroads of the stations a company
 * reads, the shared STCC list with its hazardous codes derived, and who may read and write what.
 */
import { describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { joinTableOf, tableOf } from '../../server/db/tables';
import { RAIL_REFERENCE_MODELS } from '../../server/seed/demo-data';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { STATIONS } from '../../server/seed/fleet-data';
import { seedDemo } from '../../server/seed/demo';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, refused, rows } = suite;
type Station = { name: string; state_province: string; country: string; railroads: string[]; timezone: string };

const STATION = { name: 'Melville', state_province: 'sk', country: 'CA', railroads: ['cn'], timezone: 'America/Regina', latitude: '50.930600', longitude: '-102.807700' };
const station = async (extra: Record<string, unknown> = {}, token = t.siteadmin) => ok(await call('POST', 'railstation/', { ...STATION, ...extra }, token), 201);

describe('the demo', () => {
  it('has a station for every place of its lanes in each company, with its zone and the railroads of the lanes through it', async () => {
    const mine = ok(await call('GET', 'railstation/?page_size=0', undefined, t.dispatcher)) as unknown as Station[];
    expect(mine).toHaveLength(Object.keys(STATIONS).length);
    const at = (name: string) => mine.find((x) => x.name === name);
    expect(at('HARDISTY')).toMatchObject({ state_province: 'AB', country: 'CA', railroads: ['CPRS'], timezone: 'America/Edmonton' });
    expect(at('REGINA')).toMatchObject({ state_province: 'SK', timezone: 'America/Regina' });
    expect(at('KENORA')).toMatchObject({ state_province: 'ON', timezone: 'America/Winnipeg' });
    expect(at('THUNDER BAY')).toMatchObject({ state_province: 'ON', timezone: 'America/Toronto', railroads: ['CN', 'CPRS'] });
    expect(at('EMERSON')).toMatchObject({ state_province: 'MB', railroads: ['CN', 'BNSF'] });
    expect(at('PORT ARTHUR')).toMatchObject({ state_province: 'TX', country: 'US', timezone: 'America/Chicago' });
    expect((ok(await call('GET', 'railstation/?page_size=0', undefined, t.partner)) as unknown as Station[])).toHaveLength(Object.keys(STATIONS).length);
    // Every station the demo's car location messages name is in the list (they write the names in mixed case).
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from car_event e where not exists (
      select 1 from railstation s where s.company_id = e.company_id and s.name = upper(e.station) and s.state_province = e.state_province)`);
    expect(n).toBe(0);
  });

  it('has rates on its lanes and the STCCs kept for its commodities, which operators read', async () => {
    const rates = ok(await call('GET', 'railrate/?page_size=0', undefined, t.operator)) as unknown as Record<string, unknown>[];
    expect(rates.length).toBeGreaterThan(3);
    expect(rates.every((r) => r.stcc || r.product)).toBe(true);
    const codes = ok(await call('GET', 'stcc/?code=4930040&page_size=0', undefined, t.operator)) as unknown as Record<string, unknown>[];
    expect(codes).toEqual([expect.objectContaining({ code: '4930040', hazardous: true, un_number: 'UN1830' })]);
    const railroads = ok(await call('GET', 'railstation/railroads/', undefined, t.operator)) as unknown as { railroad: string }[];
    expect(railroads.map((r) => r.railroad)).toEqual(expect.arrayContaining(['BNSF', 'CN', 'CPRS']));
  });
});

describe('rail stations', () => {
  it('keeps the name and codes as the railroads write them; one station per name and province in a company', async () => {
    const made = await station({ name: '  Test Yard 1 ' });
    expect(made).toMatchObject({ name: 'TEST YARD 1', state_province: 'SK', railroads: ['CN'], timezone: 'America/Regina' });
    const again = await call('POST', 'railstation/', { ...STATION, name: 'test yard 1' });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body as object).sort()).toEqual(['name', 'state_province']);
    // Another company keeps its own station of the same name.
    await station({ name: 'Test Yard 1' }, t.partner);
  });

  it('refuses each bad field with its message', async () => {
    const bad = async (extra: Record<string, unknown>) => (await refused('POST', 'railstation/', { ...STATION, name: `Bad ${Object.keys(extra).join(' ').replace(/_/g, ' ')}`, ...extra })).body;
    expect(await bad({ timezone: 'Mountain' })).toEqual({ timezone: ['Unknown time zone. Use an IANA name such as America/Edmonton.'] });
    expect(await bad({ timezone: '+07:00' })).toEqual({ timezone: ['Unknown time zone. Use an IANA name such as America/Edmonton.'] });
    expect(await bad({ railroads: ['CN', 'C1'] })).toEqual({ railroads: ['"C1": a railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.'] });
    expect(await bad({ railroads: ['CN', 'cn'] })).toEqual({ railroads: ['Name each railroad once.'] });
    expect(await bad({ railroads: [] })).toEqual({ railroads: ['This list may not be empty.'] });
    expect(await bad({ state_province: 'TX' })).toEqual({ state_province: ['TX is not a Canadian province or territory; it is in United States (US).'] });
    expect(await bad({ country: 'US' })).toEqual({ state_province: ['SK is not a US state; it is in Canada (CA).'] });
    expect(await bad({ country: 'FR' })).toEqual({ country: ['"FR" is not a valid choice.'] });
    expect(await bad({ state_province: 'Sask' })).toEqual({ state_province: ['Ensure this field has no more than 2 characters.', 'Use the two-letter province or state code, e.g. AB or TX.'] });
    expect(await bad({ longitude: null })).toEqual({ longitude: ['Give the latitude and the longitude together, or neither.'] });
    expect(await bad({ splc: '12345' })).toEqual({ splc: ['SPLC is 6 or 9 digits.'] });
    expect(await bad({ name: '#1 yard' })).toEqual({ name: ["Letters, digits, spaces and . ' & / - only, starting with a letter or digit."] });
    const { timezone: _, ...noZone } = STATION;
    expect((await refused('POST', 'railstation/', { ...noZone, name: 'No zone' })).body).toEqual({ timezone: ['This field is required.'] });
    // A Mexican station takes any two letters.
    expect(await station({ name: 'Nuevo Laredo', state_province: 'TM', country: 'MX', railroads: ['CPRS'], timezone: 'America/Matamoros', latitude: null, longitude: null })).toMatchObject({ country: 'MX' });
  });

  it('railroads/ counts the stations of each railroad the company has, and no other company\'s', async () => {
    await station({ name: 'Rail Count A', railroads: ['ZZTA', 'ZZTB'] });
    await station({ name: 'Rail Count B', railroads: ['ZZTA'] });
    await station({ name: 'Rail Count C', railroads: ['ZZTC'] }, t.partner);
    const mine = ok(await call('GET', 'railstation/railroads/')) as unknown as { railroad: string; stations: number }[];
    expect(mine.filter((r) => r.railroad.startsWith('ZZT'))).toEqual([{ railroad: 'ZZTA', stations: 2 }, { railroad: 'ZZTB', stations: 1 }]);
    expect(mine.map((r) => r.railroad)).toEqual([...mine.map((r) => r.railroad)].sort());
    const filtered = ok(await call('GET', 'railstation/?railroads=ZZTB&page_size=0')) as unknown as { name: string }[];
    expect(filtered.map((x) => x.name)).toEqual(['RAIL COUNT A']);
  });

  it('another company\'s station is not found; a dispatcher reads stations and writes none; a driver reads none', async () => {
    const theirs = await station({ name: 'Hidden Yard' }, t.partner);
    expect((await refused('GET', `railstation/${theirs.id as number}/`)).status).toBe(404);
    expect((await refused('PATCH', `railstation/${theirs.id as number}/`, { name: 'Mine now', version: theirs.version })).status).toBe(404);
    expect((await refused('DELETE', `railstation/${theirs.id as number}/`)).status).toBe(404);
    expect((await call('GET', 'railstation/?page_size=0', undefined, t.dispatcher)).status).toBe(200);
    expect((await refused('POST', 'railstation/', { ...STATION, name: 'Dispatch yard' }, t.dispatcher)).status).toBe(403);
    expect((await refused('GET', 'railstation/', undefined, t.driver)).status).toBe(403);
    expect((await refused('GET', 'railstation/railroads/', undefined, t.driver)).status).toBe(403);
  });
});

describe('STCC', () => {
  it('derives hazardous from the code: 48 and 49 are, others are not, and nobody sets it', async () => {
    const acid = ok(await call('POST', 'stcc/', { code: '4999901', description: 'Test hazardous material', un_number: 'UN1830' }, t.admin), 201);
    expect(acid).toMatchObject({ code: '4999901', hazardous: true, un_number: 'UN1830' });
    const waste = ok(await call('POST', 'stcc/', { code: '4899901', description: 'Test hazardous waste' }, t.admin), 201);
    expect(waste.hazardous).toBe(true);
    const grain = ok(await call('POST', 'stcc/', { code: '0199901', description: 'Test grain' }, t.admin), 201);
    expect(grain.hazardous).toBe(false);
    expect((await refused('POST', 'stcc/', { code: '0199902', description: 'Said hazardous', hazardous: true }, t.admin)).body).toEqual({ hazardous: ['This field is read-only.'] });
    expect((await refused('PATCH', `stcc/${grain.id as number}/`, { un_number: 'UN1830', version: grain.version }, t.admin)).body)
      .toEqual({ un_number: ['0199901 is no hazardous code (48 or 49): it has no UN/NA number.'] });
    const listed = ok(await call('GET', 'stcc/?hazardous=true&code__icontains=99901&page_size=0', undefined, t.dispatcher)) as unknown as { code: string }[];
    expect(listed.map((x) => x.code)).toEqual(['4899901', '4999901']);
  });

  it('refuses a bad code, a second entry of a code, and writes by anyone but platform staff', async () => {
    expect((await refused('POST', 'stcc/', { code: '5012345', description: 'x' }, t.admin)).body).toEqual({ code: ['STCC is 7 digits starting 01-49.'] });
    expect((await refused('POST', 'stcc/', { code: '499990', description: 'x' }, t.admin)).body).toEqual({ code: ['STCC is 7 digits starting 01-49.'] });
    expect((await refused('POST', 'stcc/', { code: '4999901', description: 'again' }, t.admin)).body).toEqual({ code: ['A stcc with this code already exists.'] });
    for (const who of ['siteadmin', 'dispatcher', 'operator']) {
      expect((await refused('POST', 'stcc/', { code: '4999902', description: 'x' }, t[who])).status, who).toBe(403);
    }
    // Every company with the rail subscription reads the one list.
    expect((await call('GET', 'stcc/?code=4999901&page_size=0', undefined, t.partner)).body).toHaveLength(1);
    expect((await refused('GET', 'stcc/', undefined, t.driver)).status).toBe(403);
  });
});

describe('rail rates', () => {
  it('a rate between two stations for an STCC or a product; each rule on its field', async () => {
    const from = await station({ name: 'Rate From' });
    const to = await station({ name: 'Rate To', state_province: 'TX', country: 'US', railroads: ['BNSF'], timezone: 'America/Chicago', latitude: null, longitude: null });
    const crude = await suite.idOf('product', 'CRUDE');
    const rate = { origin: from.id, destination: to.id, railroads: ['cn', 'bnsf'], product: crude, rate_per_car: '8450.00', currency: 'USD', fuel_surcharge_percent: '12.5', effective_from: '2026-01-01' };
    const made = ok(await call('POST', 'railrate/', rate), 201);
    // The product's STCC is the rate's.
    expect(made).toMatchObject({ railroads: ['CN', 'BNSF'], stcc: '4910165', rate_per_car: '8450.00', currency: 'USD', fuel_surcharge_percent: '12.50' });
    const bad = async (extra: Record<string, unknown>) => (await refused('POST', 'railrate/', { ...rate, ...extra })).body;
    expect(await bad({ destination: from.id })).toEqual({ destination: ['The destination is the origin: a rate runs between two stations.'] });
    expect(await bad({ effective_to: '2025-12-31' })).toEqual({ effective_to: ['A rate cannot end before it takes effect.'] });
    expect(await bad({ product: null })).toEqual({ stcc: ['Give the STCC or the product the rate applies to.'] });
    expect(await bad({ stcc: '4930040' })).toEqual({ stcc: ["Petroleum Crude Oil's STCC is 4910165: give that one, or leave it empty."] });
    expect(await bad({ rate_per_car: '-1' })).toEqual({ rate_per_car: ['Ensure this value is greater than or equal to 0.'] });
    expect(await bad({ fuel_surcharge_percent: '101' })).toEqual({ fuel_surcharge_percent: ['Ensure this value is less than or equal to 100.'] });
    expect(await bad({ currency: 'EUR' })).toEqual({ currency: ['"EUR" is not a valid choice.'] });
    expect(await bad({ railroads: ['C'] })).toEqual({ railroads: ['"C": a railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.'] });
    expect(await bad({ car_type: 'Z' })).toEqual({ car_type: ['"Z" is not a valid choice.'] });
    // A rate for an STCC alone.
    expect(ok(await call('POST', 'railrate/', { ...rate, product: null, stcc: '4930040', car_type: 'T', effective_to: '2026-12-31' }), 201)).toMatchObject({ stcc: '4930040', car_type: 'T' });
  });

  it("names only the company's own stations; another company's rate is not found; a dispatcher reads rates, a driver does not", async () => {
    const mine = await station({ name: 'Own Origin' });
    const theirs = await station({ name: 'Their Station' }, t.partner);
    const res = await refused('POST', 'railrate/', { origin: mine.id, destination: theirs.id, railroads: ['CN'], stcc: '4930040', rate_per_car: '1', effective_from: '2026-01-01' });
    expect(res.body).toEqual({ destination: [`Invalid pk "${theirs.id as number}" - object does not exist.`] });
    const partnerFrom = await station({ name: 'Partner From' }, t.partner);
    const rate = ok(await call('POST', 'railrate/', { origin: partnerFrom.id, destination: theirs.id, railroads: ['CN'], stcc: '4930040', rate_per_car: '1', effective_from: '2026-01-01' }, t.partner), 201);
    expect((await refused('GET', `railrate/${rate.id as number}/`)).status).toBe(404);
    expect((await call('GET', 'railrate/?page_size=0', undefined, t.dispatcher)).status).toBe(200);
    expect((await refused('POST', 'railrate/', { origin: mine.id, destination: theirs.id, railroads: ['CN'], stcc: '4930040', rate_per_car: '1', effective_from: '2026-01-01' }, t.dispatcher)).status).toBe(403);
    expect((await refused('GET', 'railrate/', undefined, t.driver)).status).toBe(403);
  });
});

describe('the demo seed', () => {
  it('is seeded once; a demo database from before gets the stations, rates and STCCs, and the demo groups their grants', async () => {
    const db = suite.s.database.db;
    expect(await seedDemo(db)).toBe(false);
    const [g, p, gp] = [tableOf(group), tableOf(permission), joinTableOf(group, 'permissions')];
    const grantsOf = async (name: string) => (await rows<{ codename: string }>(sql`select ${p.codename} from ${gp}
      join ${g} on ${g.id} = ${gp.owner_id} join ${p} on ${p.id} = ${gp.target_id}
      where ${g.name} = ${name} and ${inArray(p.content_type, RAIL_REFERENCE_MODELS)} order by 1`)).map((x) => x.codename);
    const operator = ['view_railrate', 'view_railstation', 'view_stcc'];
    expect(await grantsOf('Operator')).toEqual(operator);
    expect(await grantsOf('Carrier/Dispatch')).toEqual(operator);
    expect(await grantsOf('Driver')).toEqual([]);
    // Platform data: Site Administration reads the STCCs and writes the company's stations and rates.
    const siteAdmin = await grantsOf('Site Administration');
    expect(siteAdmin.filter((c) => c.endsWith('_stcc'))).toEqual(['view_stcc']);
    expect(siteAdmin).toHaveLength(9);

    // As a database seeded before the stations existed: none of them, and no grant of them.
    await db.execute(sql`delete from railrate`);
    await db.execute(sql`delete from railstation`);
    await db.execute(sql`delete from stcc`);
    await db.delete(gp).where(inArray(gp.target_id, db.select({ id: p.id }).from(p).where(inArray(p.content_type, RAIL_REFERENCE_MODELS))));
    expect(await seedDemo(db)).toBe(true);
    expect(await grantsOf('Operator')).toEqual(operator);
    const [{ stations, rates, codes }] = await rows<{ stations: number; rates: number; codes: number }>(sql`select
      (select count(*)::int from railstation) as stations, (select count(*)::int from railrate) as rates, (select count(*)::int from stcc) as codes`);
    expect(stations).toBe(2 * Object.keys(STATIONS).length);
    expect(rates).toBeGreaterThan(3);
    expect(codes).toBeGreaterThan(0);
  });
});
