/** Locations: the UWI and DLS/NTS rule, location types and container volumes (docs/terminal.md, Land locations; Master data rules). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let driver: string;
let partner: string;
let siteId: string;
const LOC = '/api/terminalboss/v3/location/';
const locCount = async () => (await s.call('GET', `${LOC}count/`, { token: admin })).body.count as number;

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  admin = await s.login('siteadmin@demo.test');
  driver = await s.login('driver@demo.test');
  partner = await s.login('partner@partner.test');
  const site = await s.call('POST', '/api/terminalboss/v3/site/', { token: admin, body: { name: 'Test site', username: 'test-site-loc' } });
  expect(site.status).toBe(201);
  siteId = site.body.id;
});
afterAll(() => s?.close());

describe('location from a UWI', () => {
  it('parses any written form and stores the normalised UWI with every part', async () => {
    const res = await s.call('POST', LOC, { token: admin, body: { uwi: '100160901009W100', use_uwi_for_name_and_code: true, location_type: 'well' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      uwi: '100/16-09-010-09W1/00', name: '100/16-09-010-09W1/00', code: '100160901009W100', format: 'DLS',
      second_character: '0', dls_well_identifier: '0', fifteenth_character: '0', dls_event_identifier: '0',
      lsd: 16, section: 9, township: 10, range: 9, meridian: 1,
      quarter_unit: null, unit: null, block: null, series_number: null, map_area: null, map_sheet: null, nts_well_identifier: null, nts_event_identifier: null,
    });
  });

  it('an NTS UWI fills the NTS parts and clears the DLS ones, and the name follows a changed UWI', async () => {
    const created = await s.call('POST', LOC, { token: admin, body: { uwi: '102.06-12-045-22W5.02', use_uwi_for_name_and_code: true, location_type: 'well' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ uwi: '102/06-12-045-22W5/02', dls_well_identifier: '2', dls_event_identifier: '2', code: '102061204522W502' });
    const changed = await s.call('PATCH', `${LOC}${created.body.id}/`, { token: admin, body: { uwi: '200 A002F093P0800' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      uwi: '200/A-002-F/093-P-08/00', name: '200/A-002-F/093-P-08/00', code: '200A002F093P0800', format: 'NTS',
      quarter_unit: 'A', unit: 2, block: 'F', series_number: 93, map_area: 'P', map_sheet: 8, nts_well_identifier: '0', nts_event_identifier: '0',
      lsd: null, section: null, township: null, range: null, meridian: null, dls_well_identifier: null, dls_event_identifier: null,
    });
    // While deriving, a sent name is replaced by the UWI's.
    const renamed = await s.call('PATCH', `${LOC}${created.body.id}/`, { token: admin, body: { name: 'Something else' } });
    expect(renamed.body.name).toBe('200/A-002-F/093-P-08/00');
  });

  it('without deriving, name and code stay as given', async () => {
    const res = await s.call('POST', LOC, { token: admin, body: { name: 'Battery 7', code: 'BAT-7', location_type: 'battery', uwi: '100/04-11-082-04W6/00' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Battery 7', code: 'BAT-7', uwi: '100/04-11-082-04W6/00', lsd: 4, section: 11, township: 82, range: 4, meridian: 6 });
  });

  it('refuses an invalid UWI with the parser messages, and writes nothing', async () => {
    const before = await locCount();
    const res = await s.call('POST', LOC, { token: admin, body: { uwi: '100/17-37-010-09W7/00', use_uwi_for_name_and_code: true } });
    expect(res.status).toBe(400);
    expect(res.body.uwi).toEqual(['LSD must be 01 to 16 (got 17).', 'Section must be 01 to 36 (got 37).', 'Meridian must be 1 to 6 (got 7).']);
    const short = await s.call('POST', LOC, { token: admin, body: { uwi: '1001609', use_uwi_for_name_and_code: true } });
    expect(short.body.uwi[0]).toMatch(/16 characters/);
    expect(await locCount()).toBe(before);
  });

  it('refuses deriving name and code without a UWI, and a location without name or code', async () => {
    const before = await locCount();
    const res = await s.call('POST', LOC, { token: admin, body: { use_uwi_for_name_and_code: true, name: 'x', code: 'x' } });
    expect(res).toMatchObject({ status: 400, body: { use_uwi_for_name_and_code: ['Give a UWI to derive the name and code from.'] } });
    const bare = await s.call('POST', LOC, { token: admin, body: { location_type: 'tank' } });
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body).sort()).toEqual(['code', 'name']);
    expect(await locCount()).toBe(before);
  });
});

describe('DLS and NTS parts without a UWI', () => {
  it('accepts a complete DLS set and records the format', async () => {
    const res = await s.call('POST', LOC, { token: admin, body: { name: 'Pad 4', code: 'PAD-4', lsd: 4, section: 11, township: 82, range: 4, meridian: 6 } });
    expect(res.status).toBe(201);
    expect(res.body.format).toBe('DLS');
  });

  it('requires the complete set of one system, with a message per field', async () => {
    const before = await locCount();
    const partial = await s.call('POST', LOC, { token: admin, body: { name: 'P', code: 'P-1', lsd: 4, section: 11 } });
    expect(partial).toMatchObject({ status: 400, body: {
      township: ['Township is required for a complete DLS location.'], range: ['Range is required for a complete DLS location.'], meridian: ['Meridian is required for a complete DLS location.'],
    } });
    const ranges = await s.call('POST', LOC, { token: admin, body: { name: 'P', code: 'P-2', lsd: 17, section: 37, township: 127, range: 35, meridian: 7 } });
    expect(ranges.status).toBe(400);
    expect(Object.keys(ranges.body).sort()).toEqual(['lsd', 'meridian', 'range', 'section', 'township']);
    const nts = await s.call('POST', LOC, { token: admin, body: { name: 'P', code: 'P-3', quarter_unit: 'E', unit: 101, block: 'M', series_number: 93, map_area: 'Q', map_sheet: 17 } });
    expect(nts.status).toBe(400);
    expect(Object.keys(nts.body).sort()).toEqual(['block', 'map_area', 'map_sheet', 'quarter_unit', 'unit']);
    const mixed = await s.call('POST', LOC, { token: admin, body: { name: 'P', code: 'P-4', lsd: 1, section: 1, township: 1, range: 1, meridian: 4, quarter_unit: 'A' } });
    expect(mixed.body.non_field_errors[0]).toMatch(/either DLS or NTS/);
    expect(await locCount()).toBe(before);
  });

  it('checks the set again when one part changes', async () => {
    const created = await s.call('POST', LOC, { token: admin, body: { name: 'N', code: 'NTS-1', quarter_unit: 'B', unit: 45, block: 'C', series_number: 94, map_area: 'A', map_sheet: 12 } });
    expect(created.body.format).toBe('NTS');
    const bad = await s.call('PATCH', `${LOC}${created.body.id}/`, { token: admin, body: { map_sheet: null } });
    expect(bad).toMatchObject({ status: 400, body: { map_sheet: ['Map sheet is required for a complete NTS location.'] } });
    expect((await s.call('GET', `${LOC}${created.body.id}/`, { token: admin })).body.map_sheet).toBe(12);
  });
});

describe('location permissions and tenancy', () => {
  it('a user without add permission is refused, another company sees nothing', async () => {
    expect((await s.call('POST', LOC, { token: driver, body: { uwi: '100/16-09-010-09W1/00', use_uwi_for_name_and_code: true } })).status).toBe(403);
    const mine = await s.call('POST', LOC, { token: admin, body: { name: 'Mine', code: 'MINE-1' } });
    expect((await s.call('PATCH', `${LOC}${mine.body.id}/`, { token: partner, body: { uwi: '100/16-09-010-09W1/00' } })).status).toBe(404);
  });
});

describe('location types', () => {
  it('lists value and label', async () => {
    const res = await s.call('GET', `${LOC}types/`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ value: 'tank', label: 'Tank' });
    expect(res.body).toContainEqual({ value: 'well', label: 'Well' });
    expect((await s.call('GET', `${LOC}types/`, { token: driver })).status).toBe(403);
  });
});

describe('container volumes', () => {
  let tank: string;
  let other: string;
  let product: string;
  const CV = (q: string) => s.call('GET', `${LOC}container_volumes/?${q}`, { token: admin });
  const ticket = async (body: Record<string, unknown>) => {
    const res = await s.call('POST', '/api/terminalboss/v3/ticket/', { token: admin, body: { created_by_server: siteId, product, status: 'completed', ...body } });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    const m3 = await s.call('POST', '/api/terminalboss/measurementunit/', { token: admin, body: { name: 'Cubic metre test', code: 'm3t', unit_type: 'volume', to_base_factor: '1' } });
    const bbl = await s.call('POST', '/api/terminalboss/measurementunit/', { token: admin, body: { name: 'Barrel test', code: 'bblt', unit_type: 'volume', to_base_factor: '0.158987295' } });
    const p = await s.call('POST', '/api/terminalboss/v3/product/', { token: admin, body: { product_name: 'Test crude', product_code: 'TCRD' } });
    product = p.body.id;
    tank = (await s.call('POST', LOC, { token: admin, body: { name: 'Tank T1', code: 'T1-CV', location_type: 'tank', site: siteId, capacity: '1000', capacity_unit: m3.body.id } })).body.id;
    other = (await s.call('POST', LOC, { token: admin, body: { name: 'Tank T2', code: 'T2-CV', location_type: 'tank', site: siteId, capacity: '500', capacity_unit: m3.body.id } })).body.id;
    await ticket({ ticket_date: '2026-01-05', destination_location: tank, net_volume: '300', volume_unit: m3.body.id }); // before: opening +300
    await ticket({ ticket_date: '2026-01-06', source_location: tank, net_volume: '50' }); // before: opening -50
    await ticket({ ticket_date: '2026-02-01', destination_location: tank, net_volume: '200' }); // received
    await ticket({ ticket_date: '2026-02-10', destination_location: tank, net_volume: '629', volume_unit: bbl.body.id }); // 629 bbl = 100.003 m3 received
    await ticket({ ticket_date: '2026-02-15', source_location: tank, destination_location: other, ticket_type: 'transfer', net_volume: '120' }); // transfer
    await ticket({ ticket_date: '2026-02-20', destination_location: tank, net_volume: '999', status: 'draft' }); // not completed: ignored
    await ticket({ ticket_date: '2026-03-01', destination_location: tank, net_volume: '999' }); // after the period: ignored
  });

  it('computes opening, received, delivered, closing and fill per tank of the site', async () => {
    const res = await CV(`from=2026-02-01&to=2026-02-28&created_by_server=${siteId}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      location: tank, name: 'Tank T1', code: 'T1-CV', capacity: '1000.000', unit: 'm3t',
      opening_volume: '250.000', received: '300.003', delivered: '120.000', closing_volume: '430.003', fill_percent: 43,
    });
    expect(res.body[1]).toMatchObject({ location: other, opening_volume: '0.000', received: '120.000', delivered: '0.000', closing_volume: '120.000', fill_percent: 24 });
  });

  it('refuses bad dates and an unknown or foreign site with 400', async () => {
    expect((await CV(`from=2026-02-30&to=2026-02-01&created_by_server=${siteId}`)).body).toEqual({ from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] });
    expect((await CV(`from=2026-03-01&to=2026-02-01&created_by_server=${siteId}`)).body).toEqual({ from: ['"from" must be on or before "to".'] });
    expect((await CV('from=2026-02-01&to=2026-02-28')).status).toBe(400);
    expect((await CV('created_by_server=not-a-uuid')).body.created_by_server).toEqual(['Incorrect type. Expected pk value.']);
    expect((await CV('created_by_server=00000000-0000-4000-8000-000000000000')).body.created_by_server[0]).toMatch(/does not exist/);
    const res = await s.call('GET', `${LOC}container_volumes/?created_by_server=${siteId}`, { token: partner });
    expect(res.status).toBe(400);
    expect((await s.call('GET', `${LOC}container_volumes/?created_by_server=${siteId}`, { token: driver })).status).toBe(403);
  });
});
