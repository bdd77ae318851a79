/**
 * Gauge tables through the real server (docs/loading.md, Gauge tables): the demo's class and car
 * tables; a table written all or nothing with each bad row's message; the rows kept to their
 * unit's places; `for_car/` finding a car's own table before its class's; `volume_at/` reading
 * between rows and refusing a reading outside the table; who may read and write; another
 * company's tables not found.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';

const { t, call, refused, rows } = railSuite();

const table = (o: Record<string, unknown> = {}) => ({
  name: `Test table ${Math.random().toString(36).slice(2, 8)}`, depth_kind: 'outage', depth_unit: 'in', volume_unit: 'gal',
  rows: [{ depth: '0', volume: '30000' }, { depth: '2', volume: '29640' }, { depth: '4', volume: '29210' }, { depth: '6', volume: '28730' }],
  ...o,
});

describe('the demo\'s gauge tables', () => {
  it('has a class table per tank car kind, the fleet\'s tank cars pointed to theirs, and one car\'s own table', async () => {
    const tables = await rows<{ name: string; car_mark: string | null; depth_kind: string; row_count: number }>(sql`
      select name, car_mark, depth_kind, row_count from rail_car_gauge_table where company_id = (select id from company where code = 'PBT') order by id`);
    expect(tables.filter((x) => x.car_mark === null).map((x) => x.depth_kind)).toEqual(['outage', 'outage', 'outage', 'outage']);
    expect(tables.filter((x) => x.car_mark !== null)).toHaveLength(1);
    expect(tables.every((x) => x.row_count > 50)).toBe(true);
    const [{ unpointed }] = await rows<{ unpointed: number }>(sql`select count(*)::int as unpointed from car where car_type = 'T' and gauge_table_id is null`);
    expect(unpointed).toBe(0);
  });
});

describe('writing a table', () => {
  it('keeps the rows to their unit\'s places and sums them up', async () => {
    const made = (await call('POST', 'rail_car_gauge_table/', table({ rows: [{ depth: '0', volume: '30000' }, { depth: '1.255', volume: '29800.126' }] }))).body as Record<string, unknown>;
    expect(made).toMatchObject({ rows: [{ depth: '0.00', volume: '30000.00' }, { depth: '1.26', volume: '29800.13' }], row_count: 2, max_volume: '30000.00' });
  });

  it('refuses a table with bad rows, naming each, and writes nothing', async () => {
    const bad = table({ rows: [{ depth: '0', volume: '30000' }, { depth: '2', volume: '29640' }, { depth: '2', volume: '29500' }, { depth: '6', volume: '29900' }] });
    const res = await refused('POST', 'rail_car_gauge_table/', bad);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ rows: [
      "Row 3: the outage 2.00 in does not increase on row 2's 2.00 in.",
      "Row 4: the volume 29,900.00 gal is not less than row 3's 29,500.00 gal; in an outage table the volume falls as the outage grows.",
    ] });
    expect(res.changed).toEqual([]);
  });

  it('checks the rows again when only the kind changes, against the rows stored', async () => {
    const made = (await call('POST', 'rail_car_gauge_table/', table())).body as Record<string, unknown>;
    const res = await refused('PATCH', `rail_car_gauge_table/${made.id as number}/`, { depth_kind: 'innage', version: made.version });
    expect(res.status).toBe(400);
    expect((res.body as { rows: string[] }).rows[0]).toBe("Row 2: the volume 29,640.00 gal is not more than row 1's 30,000.00 gal; in an innage table the volume grows with the depth.");
  });

  it('takes a car\'s mark and number together or neither', async () => {
    expect((await refused('POST', 'rail_car_gauge_table/', table({ car_mark: 'TILX' }))).body)
      .toEqual({ car_number: ["A car's own table names both its reporting mark and its number; a class's table names neither."] });
    expect((await refused('POST', 'rail_car_gauge_table/', table({ rows: 'not rows' }))).status).toBe(400);
  });
});

describe('for_car/ and volume_at/', () => {
  it('finds a car\'s own table first, else its fleet class\'s, else says what to do', async () => {
    const [own] = await rows<{ car_mark: string; car_number: number; id: number }>(sql`select id, car_mark, car_number from rail_car_gauge_table where car_mark is not null order by id limit 1`);
    const mine = (await call('GET', `rail_car_gauge_table/for_car/?carMark=${own.car_mark}&carNumber=${own.car_number}`, undefined, t.operator)).body as Record<string, unknown>;
    expect(mine).toMatchObject({ via: 'car', table: { id: own.id, depth_kind: 'innage', depth_unit: 'cm', volume_unit: 'L' } });
    const [other] = await rows<{ mark: string; number: number; gauge_table_id: number }>(sql`
      select mark, number, gauge_table_id from car where gauge_table_id is not null and not (mark = ${own.car_mark} and number = ${own.car_number}) order by id limit 1`);
    const theirs = (await call('GET', `rail_car_gauge_table/for_car/?carMark=${other.mark.toLowerCase()}&carNumber=${other.number}`, undefined, t.dispatcher)).body as Record<string, unknown>;
    expect(theirs).toMatchObject({ via: 'class', table: { id: other.gauge_table_id, depth_kind: 'outage' } });
    const none = await call('GET', 'rail_car_gauge_table/for_car/?carMark=ZZZX&carNumber=1');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ carNumber: ["ZZZX 1 has no gauge table: import the owner's table for it, or point the fleet car to its class's table."] });
    expect((await call('GET', 'rail_car_gauge_table/for_car/?carMark=Z1&carNumber=1')).status).toBe(400);
  });

  it('reads the volume between rows, and refuses a reading outside the table in words', async () => {
    const made = (await call('POST', 'rail_car_gauge_table/', table())).body as Record<string, unknown>;
    expect((await call('GET', `rail_car_gauge_table/${made.id as number}/volume_at/?reading=3`, undefined, t.operator)).body)
      .toEqual({ reading: '3.00', depth_kind: 'outage', depth_unit: 'in', volume: '29425.00', volume_unit: 'gal' });
    const out = await call('GET', `rail_car_gauge_table/${made.id as number}/volume_at/?reading=6.5`);
    expect(out.status).toBe(400);
    expect(out.body).toEqual({ reading: ['An outage of 6.50 in is outside this gauge table, which reads from 0.00 in to 6.00 in.'] });
  });
});

describe('who may', () => {
  it('lets the dispatcher write and the operator read; the driver and another company see none', async () => {
    expect((await call('POST', 'rail_car_gauge_table/', table(), t.dispatcher)).status).toBe(201);
    expect((await refused('POST', 'rail_car_gauge_table/', table(), t.operator)).status).toBe(403);
    expect((await call('GET', 'rail_car_gauge_table/', undefined, t.operator)).status).toBe(200);
    expect((await call('GET', 'rail_car_gauge_table/', undefined, t.driver)).status).toBe(403);
    const [mine] = await rows<{ id: number }>(sql`select id from rail_car_gauge_table order by id limit 1`);
    expect((await call('GET', `rail_car_gauge_table/${mine.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `rail_car_gauge_table/${mine.id}/volume_at/?reading=1`, undefined, t.partner)).status).toBe(404);
  });
});

describe('get_max_permitted_filling/ (docs/loading.md, Maximum permitted filling)', () => {
  const body = (o: Record<string, unknown> = {}) => ({ unit: 'gal', relative_density: '0.75', relative_density_50: '0.717', temperature_min: '-10', temperature_max: '40', target_temp: '20', ...o });

  it('answers the rules, the one that governs and the steps; with a capacity, the volume and the outage', async () => {
    const r = (await call('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ shell_capacity: '30000', hazard: 'flammable' }), t.operator)).body as Record<string, unknown>;
    expect(r).toMatchObject({
      alpha: '0.0013150', governing: 'cfr_173_24b', percent: '95.72', percent_at_min: '91.94',
      shell_capacity: '30000.00', permitted_volume: '28716.00', outage_volume: '1284.00', gauge: null,
    });
    expect((r.rules as { code: string; percent: string }[]).map((x) => [x.code, x.percent])).toEqual([['rid_4_3_2_2_1', '96.2047'], ['cfr_173_24b', '95.7271']]);
    expect((r.steps as string[])[0]).toBe('α = (d15 − d50) / (35 × d50) = (0.75 − 0.717) / (35 × 0.717) = 0.0013150 per °C.');
  });

  it('takes the rules from the product and its density at 50 °C from its commodity group; a gas is refused', async () => {
    const [crude] = await rows<{ id: number }>(sql`select id from product where code = 'CRUDE' and company_id = (select id from company where code = 'PBT')`);
    const r = (await call('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ relative_density: '0.85', relative_density_50: null, product: crude.id }))).body as Record<string, unknown>;
    // API MPMS 11.1: crude of 850.0 kg/m³ at 15 °C is 824.4915 kg/m³ at 50 °C.
    expect(r).toMatchObject({ d50: '0.8245', commodity_group: 'crude', hazard: 'flammable' });
    const [propane] = await rows<{ id: number }>(sql`select id from product where code = 'C3' and company_id = (select id from company where code = 'PBT')`);
    const gas = await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ product: propane.id }));
    expect(gas.body).toEqual({ product: ["Propane is a gas (class 2.1): a gas is filled by its tank's filling ratio, not by these rules for liquids."] });
  });

  it('with a car: its shell capacity from the fleet and the reading to fill to from its gauge table', async () => {
    const [tank] = await rows<{ mark: string; number: number; shell: string }>(sql`
      select c.mark, c.number, c.shell_capacity as shell from car c join rail_car_gauge_table g on g.id = c.gauge_table_id
      where g.depth_kind = 'outage' and not exists (select 1 from rail_car_gauge_table o where o.car_mark = c.mark and o.car_number = c.number) order by c.id limit 1`);
    const r = (await call('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ unit: 'L', car_mark: tank.mark, car_number: tank.number, hazard: 'flammable' }))).body as Record<string, unknown>;
    expect(r.shell_capacity).toBe(Number(tank.shell).toFixed(1));
    expect(r.permitted_volume).toBe((Math.floor(Number(tank.shell) * 95.72 / 100 * 10 + 1e-9) / 10).toFixed(1));
    expect(r.gauge).toMatchObject({ via: 'class', depth_kind: 'outage', depth_unit: 'in', note: null });
    const reading = Number((r.gauge as { reading: string }).reading);
    // About 4.3 % of a 119 in shell left empty: an outage of roughly 9 to 11 inches at the top.
    expect(reading).toBeGreaterThan(8);
    expect(reading).toBeLessThan(13);
  });

  it('refuses input it cannot work with, per field, and a driver', async () => {
    expect((await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ relative_density_50: null }))).body)
      .toEqual({ relative_density_50: ['Give the relative density at 50 °C, or a commodity group (or a product that has one) to work it out by API MPMS 11.1.'] });
    expect((await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ target_temp: '45' }))).body)
      .toEqual({ target_temp: ['The loading temperature is above the highest expected temperature.'] });
    expect((await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ unit: 'bbl', temperature_min: 'cold' }))).status).toBe(400);
    expect((await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body({ car_mark: 'TILX' }))).body)
      .toEqual({ car_number: ['Name the car by its reporting mark and its number.'] });
    expect((await refused('POST', 'rail_car_gauge_table/get_max_permitted_filling/', body(), t.driver)).status).toBe(403);
  });
});
