/**
 * The loaded car's derived values computed by PostgreSQL (`loadedCarSql` over `numeric` columns of
 * the declared places) equal `loadedCarValues` to the last digit (docs/rail.md, 4.4 Loaded rail
 * car): the worked examples, ties, inputs with more places than their columns, and random cars.
 * PGlite in memory is PostgreSQL itself, so its `numeric` is the server's.
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GALLONS_TO_LITRES, kilogramsToPounds, litresToGallons, loadedCarSql, loadedCarValues, type LoadedCarMeasures,
} from '../../src/lib/rail-car-values';

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  // The loaded car's columns as docs/rail.md, 4.4 Loaded rail car declares them.
  await db.exec(`CREATE TABLE loaded_rail_car (
    id integer PRIMARY KEY,
    car_type text NOT NULL,
    shell_capacity numeric(12, 2) NOT NULL,
    volume_outage numeric(12, 2) NOT NULL,
    temperature_correction_factor numeric(8, 6) NOT NULL,
    density numeric(8, 4) NOT NULL,
    gal_to_liter_conversion_factor numeric(10, 5) NOT NULL,
    weight numeric(12, 1) NOT NULL
  )`);
}, 60_000);

afterAll(async () => { await db?.close(); });

const COLUMNS = ['car_type', 'shell_capacity', 'volume_outage', 'temperature_correction_factor', 'density', 'gal_to_liter_conversion_factor', 'weight'] as const;
const SQL = loadedCarSql((c) => `"loaded_rail_car"."${c}"`);

/** What PostgreSQL computes for these cars, in their order. */
async function computed(cars: readonly LoadedCarMeasures[]) {
  await db.exec('DELETE FROM loaded_rail_car');
  const params: unknown[] = [];
  const rows = cars.map((car, i) => {
    params.push(i, ...COLUMNS.map((c) => car[c]));
    const at = i * (COLUMNS.length + 1);
    return `(${Array.from({ length: COLUMNS.length + 1 }, (_, k) => `$${at + k + 1}`).join(', ')})`;
  });
  if (rows.length) await db.query(`INSERT INTO loaded_rail_car (id, ${COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, params);
  const select = Object.entries(SQL).map(([name, expression]) => `(${expression})::text AS ${name}`).join(', ');
  const result = await db.query<Record<string, string>>(`SELECT ${select} FROM loaded_rail_car ORDER BY id`);
  return result.rows.map((r) => ({ ...r }));
}

const car = (over: Partial<LoadedCarMeasures>): LoadedCarMeasures => ({
  car_type: 'T', shell_capacity: '0', volume_outage: '0', temperature_correction_factor: '1', density: '1',
  gal_to_liter_conversion_factor: GALLONS_TO_LITRES, weight: '0', ...over,
});

const written = (n: bigint, places: number) => {
  const digits = n.toString().padStart(places + 1, '0');
  return places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
};
/** A decimal within a column's range, sometimes with more places than the column keeps. */
const decimalArb = (digits: number, places: number, max = 10n ** BigInt(digits) - 1n, min = 0n) =>
  fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 9 }))
    .map(([n, extra, digit]) => (extra === 3 && n < max ? `${written(n, places)}${digit}` : written(n, places)));

describe('PostgreSQL computes what loadedCarValues computes', () => {
  it('for the worked examples, the template defaults and a keyed weight', async () => {
    const cars = [
      car({ shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.9850', density: '0.8700' }),
      car({ shell_capacity: '25500.00', volume_outage: '412.50', temperature_correction_factor: '0.987654', density: '0.5080' }),
      car({ shell_capacity: '13600.00', volume_outage: '136.00', temperature_correction_factor: '0.9960', density: '1.8300' }),
      car({}),
      car({ car_type: 'C', shell_capacity: '30000.00', volume_outage: '600.00', weight: '90718.5' }),
    ];
    const sql = await computed(cars);
    expect(sql).toEqual(cars.map(loadedCarValues));
    expect(sql[0]).toEqual({ gross_volume: '29400.00', net_volume: '28959.00', gross_volume_litres: '111291.1', net_volume_litres: '109621.7', weight: '95370.9', weight_lb: '210257' });
  });

  it('for halves, negative volumes and inputs with more places than their columns', async () => {
    const cars = [
      car({ shell_capacity: '100.25', temperature_correction_factor: '0.5' }), // 50.125 → 50.13
      car({ shell_capacity: '0.25', gal_to_liter_conversion_factor: '1' }), // 0.25 L → 0.3
      car({ shell_capacity: '1.25', gal_to_liter_conversion_factor: '2', density: '0.05' }), // 0.125 kg → 0.1
      car({ shell_capacity: '0', volume_outage: '0.25', temperature_correction_factor: '0.5' }), // −0.125 → −0.13
      car({ shell_capacity: '100.005', volume_outage: '0.004', temperature_correction_factor: '0.9999995' }),
      car({ car_type: 'B', weight: '0.25' }), // stored 0.3 kg
      car({ car_type: 'B', weight: '0.23' }), // stored 0.2 kg: 0 lb
    ];
    expect(await computed(cars)).toEqual(cars.map(loadedCarValues));
  });

  it('for random cars within the columns\' bounds', async () => {
    const carArb = fc.record({
      car_type: fc.constantFrom('T', 'T', 'T', 'C', 'B'),
      shell_capacity: decimalArb(12, 2, 99_999_999n),
      volume_outage: decimalArb(12, 2, 200_000n),
      temperature_correction_factor: decimalArb(8, 6, 1_200_000n, 1n),
      density: decimalArb(8, 4, 50_000n),
      gal_to_liter_conversion_factor: fc.oneof(fc.constant(GALLONS_TO_LITRES), decimalArb(10, 5, 9_999_999_999n, 1n)),
      weight: decimalArb(12, 1),
    });
    const cars = fc.sample(carArb, { numRuns: 400, seed: 4404 });
    expect(await computed(cars)).toEqual(cars.map(loadedCarValues));
  });

  it('for litres to gallons and kilograms to pounds, PostgreSQL\'s division included', async () => {
    const factors = [GALLONS_TO_LITRES, '8.74854', '1.18487', '1.98120', '0.00001', '99999.99999'];
    const pairs: (readonly [string, string])[] = [
      ...fc.sample(decimalArb(9, 1), { numRuns: 200, seed: 11 }).flatMap((l, i) => [[l, GALLONS_TO_LITRES], [l, factors[i % factors.length]]] as const),
      // Quotients PostgreSQL rounds twice (once to the division's scale, once to 2 places).
      ['9126020095382.3', '8.74854'], ['4350718268367.5', '1.18487'], ['8668642700446.8', '1.98120'],
    ];
    for (const [l, f] of pairs) {
      const { rows } = await db.query<{ g: string }>('SELECT round($1::numeric(15, 1) / $2::numeric(10, 5), 2)::text AS g', [l, f]);
      expect(litresToGallons(l, f), `${l} / ${f}`).toBe(rows[0].g);
    }
    for (const kg of [...fc.sample(decimalArb(12, 1), { numRuns: 200, seed: 12 }), '0.23', '45359.2', '95370.9']) {
      const { rows } = await db.query<{ lb: string }>('SELECT round($1::numeric(12, 1) / 0.45359237)::text AS lb', [kg]);
      expect(kilogramsToPounds(kg), kg).toBe(rows[0].lb);
    }
  }, 60_000);
});
