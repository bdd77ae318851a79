/**
 * The demo's gauge tables (docs/loading.md, Demo): a class table for each kind of tank car in the
 * fleet (outage in inches to US gallons, every inch from full to empty), the fleet's tank cars
 * pointed to their class's, and one car with a table of its own (innage in centimetres to litres),
 * as its owner would send it. The rows come from the shape of the shell: a horizontal cylinder of
 * the class's inside diameter, long enough to hold the class's capacity (the heads are ignored,
 * which is close enough for a demonstration and keeps each table strictly monotonic).
 * Idempotent: nothing is written when the company has a gauge table.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { car } from '../../src/resources/fleet/car';
import { gaugeTable } from '../../src/resources/rail/gauge-table';
import { contentType } from '../../src/resources/define';
import { MENU_CONTENT_TYPE } from '../../src/resources/access-codes';
import { GALLONS_TO_LITRES } from '../../src/lib/rail-car-values';
import { CAR_KINDS } from './fleet-data';
import { grantDemoGroups } from './demo-grants';

const CUBIC_INCHES_PER_GALLON = 231;
const LITRES_PER_GALLON = Number(GALLONS_TO_LITRES);

/** The tank car classes, by the fleet's kinds: a name and the shell's inside diameter in inches. */
const CLASSES = [
  { kind: 'crude', name: 'DOT-117J 30,000 gal (crude service)', diameter: 119 },
  { kind: 'lpg', name: 'DOT-112J 33,500 gal (pressure, LPG)', diameter: 119 },
  { kind: 'acid', name: 'DOT-111 13,700 gal (acid, rubber-lined)', diameter: 96 },
  { kind: 'fuel', name: 'DOT-117J 28,300 gal (refined products)', diameter: 117 },
] as const;

/** Litres of liquid in a full horizontal cylinder of `diameter` inches holding `litres`, at an outage of `h` inches. */
function liquidAt(diameter: number, fullGallons: number, h: number): number {
  const r = diameter / 2;
  const length = (fullGallons * CUBIC_INCHES_PER_GALLON) / (Math.PI * r * r);
  const empty = h <= 0 ? 0 : h >= diameter ? Math.PI * r * r : r * r * Math.acos((r - h) / r) - (r - h) * Math.sqrt(2 * r * h - h * h);
  return ((Math.PI * r * r - empty) * length) / CUBIC_INCHES_PER_GALLON;
}

/** An outage table every inch from full (0 in) to empty, in gallons. */
function outageRows(diameter: number, fullGallons: number) {
  return Array.from({ length: diameter + 1 }, (_, h) => ({ depth: String(h), volume: liquidAt(diameter, fullGallons, h).toFixed(2) }));
}

/** An innage table every 5 cm from empty to full, in litres. */
function innageRows(diameterIn: number, fullGallons: number) {
  const cm = diameterIn * 2.54;
  const steps = Math.floor(cm / 5);
  const rows = Array.from({ length: steps + 1 }, (_, i) => {
    const depth = i * 5;
    return { depth: depth.toFixed(1), volume: (liquidAt(diameterIn, fullGallons, diameterIn - depth / 2.54) * LITRES_PER_GALLON).toFixed(1) };
  });
  return [...rows, { depth: cm.toFixed(1), volume: (fullGallons * LITRES_PER_GALLON).toFixed(1) }];
}

export async function seedGaugeTables(db: Db, companyId: number): Promise<boolean> {
  const g = tableOf(gaugeTable);
  const [has] = await db.select({ id: g.id }).from(g).where(eq(g.company, companyId)).limit(1);
  if (has) return false;
  await grantDemoGroups(db, [contentType(gaugeTable)]);
  await grantDemoGroups(db, [MENU_CONTENT_TYPE], ['access_menu__gauge_table']);

  const c = tableOf(car);
  const tanks = await db.select({ id: c.id, mark: c.mark, number: c.number, litres: c.shell_capacity }).from(c)
    .where(and(eq(c.company, companyId), eq(c.car_type, 'T'))).orderBy(c.id);
  // A tank car's class is the kind whose nominal capacity is nearest its own (the fleet's vary by up to 1.5 %).
  const classOf = (litres: number) => CLASSES.reduce((best, k) => (Math.abs(CAR_KINDS[k.kind].litres - litres) < Math.abs(CAR_KINDS[best.kind].litres - litres) ? k : best));

  for (const k of CLASSES) {
    // The class's nominal capacity, to the hundred gallons its name gives.
    const gallons = Math.round(CAR_KINDS[k.kind].litres / LITRES_PER_GALLON / 100) * 100;
    const rows = outageRows(k.diameter, gallons);
    const [t] = await db.insert(g).values({
      company: companyId, name: k.name, depth_kind: 'outage', depth_unit: 'in', volume_unit: 'gal', rows,
      row_count: rows.length, max_volume: rows[0].volume, source: "Car builder's outage table, by inch",
    }).returning({ id: g.id });
    const members = tanks.filter((x) => x.litres !== null && classOf(Number(x.litres)).kind === k.kind).map((x) => x.id);
    if (members.length) await db.update(c).set({ gauge_table: t.id }).where(inArray(c.id, members));
  }

  // The first crude car was re-gauged by its owner: a table of its own, in centimetres and litres, which comes before its class's.
  const own = tanks.find((x) => x.litres !== null && classOf(Number(x.litres)).kind === 'crude');
  if (own) {
    const gallons = Number(own.litres) / LITRES_PER_GALLON;
    const rows = innageRows(119, gallons);
    await db.insert(g).values({
      company: companyId, name: `${String(own.mark)} ${String(own.number)}`, car_mark: own.mark, car_number: own.number,
      depth_kind: 'innage', depth_unit: 'cm', volume_unit: 'L', rows, row_count: rows.length, max_volume: rows[rows.length - 1].volume,
      source: "Owner's calibration certificate, 5 cm steps",
    });
  }
  return true;
}
