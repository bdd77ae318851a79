/**
 * The demo's rail reference lists (docs/trace.md, Stations, rates and commodity codes): a station
 * for every place of the demo lanes (server/seed/fleet-data.ts), with its zone and the railroads
 * whose legs pass it, for each demo company; a few rail rates on the demo company's lanes; and the
 * STCCs of its commodities that are kept here. Each part is written once, when there is none of it
 * yet, and the demo groups get their grants then, so a demo database made before gets them too.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { countryOfProvince } from '../../src/lib/rail-places';
import { product } from '../../src/resources/logistics/product';
import { railRate } from '../../src/resources/trace/rail-rate';
import { railStation } from '../../src/resources/trace/rail-station';
import { stcc } from '../../src/resources/trace/stcc';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { grantDemoGroups } from './demo-grants';
import { RAIL_REFERENCE_MODELS } from './demo-data';
import { LANES, STATION_ZONES, STATIONS, type StationKey, stationName } from './fleet-data';
import { type Row, insertMany } from './seed-kit';

/**
 * STCCs of the demo's commodities, with their description and the UN number a hazardous one is
 * bridged to. Only codes whose number is well established are kept: one that is not certain is
 * left out rather than guessed (the products still carry their own STCC), and platform staff add
 * the rest from the railroads' STCC tariff.
 */
export const DEMO_STCCS = [
  { code: '4930040', description: 'Sulfuric acid', un_number: 'UN1830' },
  { code: '4909230', description: 'Methanol', un_number: 'UN1230' },
] as const;

/** The railroads whose legs pass each station of the demo lanes (an interchange has both). */
export function stationRailroads(): Map<StationKey, string[]> {
  const out = new Map<StationKey, string[]>();
  for (const lane of Object.values(LANES)) {
    for (const leg of lane.legs) {
      for (const key of leg.stations) {
        const list = out.get(key) ?? [];
        if (!list.includes(leg.railroad)) list.push(leg.railroad);
        out.set(key, list);
      }
    }
  }
  return out;
}

/**
 * The demo's rates: [origin, destination, railroads, product code, car type, rate per car, currency,
 * fuel surcharge %, years back it took effect (0 this year), its last day (end of that year) or
 * none]. The amounts are demo figures, not any railroad's tariff.
 */
const RATES: readonly [StationKey, StationKey, string[], string, string, string, 'CAD' | 'USD', string, number, boolean][] = [
  ['HRD', 'PAR', ['CPRS'], 'CRUDE', 'T', '9420.00', 'USD', '15.75', 1, true],
  ['HRD', 'PAR', ['CPRS'], 'CRUDE', 'T', '9850.00', 'USD', '14.50', 0, false],
  ['FSK', 'SAR', ['CN'], 'C3', 'T', '7420.00', 'CAD', '16.00', 0, false],
  ['FSK', 'MTB', ['CN', 'BNSF'], 'C4', 'T', '8975.00', 'USD', '13.25', 0, false],
  ['FSK', 'SUD', ['CN'], 'H2SO4', 'T', '6180.00', 'CAD', '16.00', 0, false],
  ['SCO', 'HAM', ['CN'], 'ULSD', 'T', '7150.00', 'CAD', '16.00', 0, false],
  ['SAS', 'TBY', ['CN'], 'WHT', 'C', '3950.00', 'CAD', '11.00', 0, false],
  ['REG', 'TBY', ['CPRS'], 'WHT', 'C', '3880.00', 'CAD', '11.00', 0, false],
];

async function seedStccs(db: Db): Promise<boolean> {
  const t = tableOf(stcc);
  const [has] = await db.select({ id: t.id }).from(t).limit(1);
  if (has) return false;
  await db.insert(t).values(DEMO_STCCS.map((x) => ({ ...x })));
  return true;
}

/** The company's stations when it has none; their ids by station key. */
async function seedStations(db: Db, companyId: number): Promise<Map<StationKey, number> | null> {
  const t = tableOf(railStation);
  const [has] = await db.select({ id: t.id }).from(t).where(eq(t.company, companyId)).limit(1);
  if (has) return null;
  const railroads = stationRailroads();
  const keys = Object.keys(STATIONS) as StationKey[];
  const rows: Row[] = keys.map((key) => {
    const [, province, lat, lon] = STATIONS[key];
    return {
      company: companyId, name: stationName(key), state_province: province, country: countryOfProvince(province),
      railroads: railroads.get(key) ?? [], latitude: lat.toFixed(6), longitude: lon.toFixed(6), timezone: STATION_ZONES[key],
    };
  });
  const made = await db.insert(t).values(rows).returning({ id: t.id, name: t.name, state: t.state_province });
  const idOf = new Map(made.map((m) => [`${m.name} ${m.state}`, m.id as number]));
  return new Map(keys.map((key) => [key, idOf.get(`${stationName(key)} ${STATIONS[key][1]}`)!]));
}

async function seedRates(db: Db, companyId: number, stations: Map<StationKey, number>, today: Date) {
  const p = tableOf(product);
  const goods = new Map((await db.select({ id: p.id, code: p.code, stcc: p.stcc }).from(p)
    .where(and(eq(p.company, companyId), inArray(p.code, [...new Set(RATES.map((r) => r[3]))])))).map((x) => [x.code, x]));
  const year = today.getUTCFullYear();
  const rows: Row[] = RATES.filter((r) => goods.has(r[3])).map(([from, to, railroads, code, carType, rate, currency, fuel, back, ends]) => ({
    company: companyId, origin: stations.get(from), destination: stations.get(to), railroads, product: goods.get(code)!.id, stcc: goods.get(code)!.stcc,
    car_type: carType, rate_per_car: rate, currency, fuel_surcharge_percent: fuel,
    effective_from: `${year - back}-01-01`, effective_to: ends ? `${year - back}-12-31` : null,
  }));
  await insertMany(db, railRate, rows);
}

/** Seeds what is missing; true when it wrote anything. */
export async function seedRailReference(db: Db, ownId: number, partnerId: number | null, today = new Date()): Promise<boolean> {
  let seeded = await seedStccs(db);
  for (const id of [ownId, ...(partnerId === null ? [] : [partnerId])]) {
    const stations = await seedStations(db, id);
    if (!stations) continue;
    seeded = true;
    // The demo company ships on the lanes; the partner keeps the stations to name its own.
    if (id === ownId) await seedRates(db, id, stations, today);
  }
  if (seeded) await grantDemoGroups(db, RAIL_REFERENCE_MODELS);
  return seeded;
}
