/**
 * The rail desk's views of its facilities (docs/rail.md §6.6, §6.7, §11.7, §11.8):
 * - `company/{id}/facilities/`: each facility with its serving railroad and its shipments as
 *   origin counted by SQL (open, in correction, shipped in the last 30 days, cars on open shipments);
 * - `facility/{id}/schedule/`: the facility's active contracts by day over a range of dates;
 * - `facility/{id}/cars/`: the loaded cars standing at the facility;
 * - `facility/{id}/railroad/` and `facility/railroad_facilities/`: a facility's railroad, a railroad's facilities.
 * Their rights are declared (`of` on the declarations), so the engine has refused a caller without
 * the rail record's codename or the rail feature before these run; every read here is further
 * bounded to the caller's company (the path record's company and `scopeOf`).
 */
import { type SQL, and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { contractDays, addDays } from '../../../src/lib/contract-periods';
import { localDateIn, zoneOr } from '../../../src/lib/time-zone';
import { facility, FACILITY_SCHEDULE_DAYS, MAX_FACILITY_SCHEDULE_DAYS } from '../../../src/resources/logistics/facility';
import { party } from '../../../src/resources/logistics/party';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES } from '../../../src/resources/rail/rail-shipment-status';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import type { Ctx } from '../../engine/context';
import { fieldError } from '../../engine/errors';
import { labelsFor } from '../../engine/labels';
import { find, scopeOf } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { railroadError } from './contract-rules';
import { embargoFacilityActions } from './embargo';

/** How far back "shipped lately" looks on the facilities page (docs/rail.md §11.7). */
const SHIPPED_LATELY_DAYS = 30;
/** The last day PostgreSQL's dates (and the date fields) take. */
const LAST_DATE = '9999-12-31';

/** A railroad as the facility pages name it. */
interface Railroad { id: number; name: string; scac: string | null }

/** A facility's serving railroad in the caller's scope, or null (none, or not the caller's to see). */
async function railroadOf(db: Db, ctx: Ctx, partyId: unknown): Promise<Railroad | null> {
  if (partyId === null || partyId === undefined) return null;
  const p = tableOf(party);
  const [row] = await db.select({ id: p.id, name: p.name, scac: p.scac }).from(p).where(and(eq(p.id, partyId as number), scopeOf(ctx, party)));
  return (row as Railroad | undefined) ?? null;
}

/**
 * Per origin facility of the company, its shipments by status and the cars on its open ones: two
 * grouped reads joined to the facilities in one statement, so the page costs one query however
 * many facilities the company has. "Shipped" counts shipments whose status is shipped now and
 * whose release (`shipped_at`) is within the last 30 days; "cars loading" counts the cars of open
 * shipments only: a shipment in correction has left (its cars are on the railroad, its paper is
 * being corrected).
 */
async function facilityCounts(db: Db, ctx: Ctx, companyId: number) {
  const f = tableOf(facility);
  const p = tableOf(party);
  const s = tableOf(railShipment);
  const l = tableOf(loadedRailCar);
  const count = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const shipments = db.select({
    origin: sql`${s.origin}`.as('origin'),
    open: count(sql`${s.status} = 'open'`).as('open'),
    in_correction: count(sql`${s.status} = 'in_correction'`).as('in_correction'),
    shipped: count(sql`${s.status} = 'shipped' and ${s.shipped_at} >= now() - ${sql.raw(`interval '${SHIPPED_LATELY_DAYS} days'`)}`).as('shipped'),
  }).from(s).where(and(eq(s.company, companyId), isNotNull(s.origin))).groupBy(s.origin).as('shipments');
  const cars = db.select({ origin: sql`${s.origin}`.as('car_origin'), cars: sql<number>`count(*)`.mapWith(Number).as('cars') })
    .from(l).innerJoin(s, eq(s.id, l.rail_shipment))
    .where(and(eq(s.company, companyId), eq(s.status, 'open'), isNotNull(s.origin))).groupBy(s.origin).as('cars');
  return db.select({
    id: f.id, name: f.name, code: f.code, city: f.city, province: f.province, enabled: f.enabled,
    railroad_id: p.id, railroad_name: p.name, railroad_scac: p.scac,
    open: sql<number>`coalesce(${shipments.open}, 0)`.mapWith(Number),
    in_correction: sql<number>`coalesce(${shipments.in_correction}, 0)`.mapWith(Number),
    shipped_30_days: sql<number>`coalesce(${shipments.shipped}, 0)`.mapWith(Number),
    cars_loading: sql<number>`coalesce(${cars.cars}, 0)`.mapWith(Number),
  }).from(f)
    // The railroad's name only where the caller's company may name it (tenancy, as reference labels).
    .leftJoin(p, and(eq(p.id, f.serving_railroad), eq(p.company, companyId)))
    .leftJoin(shipments, eq(shipments.origin, f.id))
    .leftJoin(cars, eq(cars.origin, f.id))
    .where(and(eq(f.company, companyId), scopeOf(ctx, facility)))
    .orderBy(asc(f.name), asc(f.id));
}

/**
 * `GET company/{id}/facilities/`: the company's facilities, each with its serving railroad and its
 * shipments as origin. A disabled facility is listed while it still has shipments to count, so
 * no open shipment drops out of sight when its facility is retired.
 */
export const companyFacilities: ActionHandler = async ({ db, ctx, record }) => {
  const rows = await facilityCounts(db, ctx, record!.id as number);
  return rows
    .filter((r) => r.enabled || r.open + r.in_correction + r.shipped_30_days + r.cars_loading > 0)
    .map((r) => ({
      id: r.id, name: r.name, code: r.code, city: r.city, province: r.province,
      serving_railroad: r.railroad_id === null ? null : { id: r.railroad_id, name: r.railroad_name, scac: r.railroad_scac },
      open: r.open, in_correction: r.in_correction, shipped_30_days: r.shipped_30_days, cars_loading: r.cars_loading,
    }));
};

/**
 * The range a facility's schedule covers: the dates given, else today at the facility (its own
 * zone: a terminal in Hardisty plans by Hardisty's day, whatever the company's zone) and the 13
 * days after. A range that ends before it starts, or runs longer than 92 days, is refused on `to`.
 */
async function scheduleRange(db: Db, record: Record<string, unknown>, input: Record<string, unknown>): Promise<[string, string]> {
  const from = (input.from as string | undefined) ?? localDateIn(new Date(), zoneOr(record.timezone, await companyTimeZone(db, record.company as number)))!;
  const two = addDays(from, FACILITY_SCHEDULE_DAYS - 1);
  // Two weeks from the last days of year 9999 would be past the last date a date column holds.
  const to = (input.to as string | undefined) ?? (/^\d{4}-/.test(two) ? two : LAST_DATE);
  if (to < from) throw fieldError('to', `Choose a day on or after ${from}.`);
  if (contractDays(from, to) > MAX_FACILITY_SCHEDULE_DAYS) {
    throw fieldError('to', `At most ${MAX_FACILITY_SCHEDULE_DAYS} days at a time: choose a day up to ${addDays(from, MAX_FACILITY_SCHEDULE_DAYS - 1)}.`);
  }
  return [from, to];
}

const daysOf = (from: string, to: string) => Array.from({ length: contractDays(from, to) }, (_, i) => addDays(from, i));

interface DayCars { quantity: number; actual: number | null }

/** A day's sum: planned cars added up; actual cars added up over the days that have them, null when none has. */
function addDay(total: DayCars | undefined, day: DayCars): DayCars {
  const actual = day.actual === null ? total?.actual ?? null : (total?.actual ?? 0) + day.actual;
  return { quantity: (total?.quantity ?? 0) + day.quantity, actual };
}

/**
 * `GET facility/{id}/schedule/?from=&to=`: the active contracts at the facility (either role) whose
 * period meets the range, each with its planned and actual cars per day of the range, and the
 * day totals over them: `{days, contracts, totals}`. Every day of the range is in `days` and in
 * `totals` (0 planned where nothing is), so a grid has its columns without working them out.
 */
const facilitySchedule: ActionHandler = async ({ db, ctx, record, input }) => {
  const [from, to] = await scheduleRange(db, record!, input);
  const c = tableOf(contract);
  const s = tableOf(railSchedule);
  const contracts = await db.select({
    id: c.id, contract_number: c.contract_number, contract_type: c.contract_type, party: c.party, cars: c.number_of_cars, schedule: s.id,
  }).from(c).innerJoin(s, eq(s.contract, c.id))
    .where(and(
      eq(c.facility, record!.id as number), eq(c.company, record!.company as number), scopeOf(ctx, railSchedule),
      eq(c.status, 'active'), lte(c.start_date, to), gte(c.end_date, from),
    ))
    .orderBy(asc(c.contract_number), asc(c.id));
  const e = tableOf(railScheduleEntry);
  const entries = contracts.length
    ? await db.select({ schedule: e.schedule, date: e.date, quantity: e.quantity, actual: e.actual }).from(e)
      .where(and(inArray(e.schedule, contracts.map((k) => k.schedule as number)), gte(e.date, from), lte(e.date, to)))
    : [];
  const parties = await labelsFor(db, ctx, party, contracts.map((k) => k.party));
  const days = daysOf(from, to);
  const totals: Record<string, DayCars> = Object.fromEntries(days.map((d) => [d, { quantity: 0, actual: null }]));
  for (const x of entries) totals[x.date as string] = addDay(totals[x.date as string], x as unknown as DayCars);
  return {
    days,
    contracts: contracts.map((k) => ({
      id: k.id, contract_number: k.contract_number, contract_type: k.contract_type,
      party: { id: k.party, label: parties.get(String(k.party)) ?? null }, cars: k.cars,
      entries: Object.fromEntries(entries.filter((x) => x.schedule === k.schedule).map((x) => [x.date, { quantity: x.quantity, actual: x.actual }])),
    })),
    totals,
  };
};

/**
 * `GET facility/{id}/cars/?shipment_id=`: the loaded cars standing at the facility
 * (`current_location`) on open or correcting shipments, the ones still worked on here; with a
 * shipment, that shipment's cars standing here whatever its status. Read through the list
 * operation, so the rows, their rights and their derived values are the loaded car's own.
 */
const facilityCars: ActionHandler = async ({ db, ctx, record, input }) => {
  const which = input.shipment_id === undefined || input.shipment_id === null
    ? { shipment_status: OPEN_SHIPMENT_STATUSES.join(',') }
    : { rail_shipment: String(input.shipment_id) };
  return (await find(db, ctx, loadedRailCar, { current_location: String(record!.id), ...which, ordering: 'mark_number', page_size: '0' })).rows;
};

/** `GET facility/{id}/railroad/`: the facility's serving railroad `{id, name, scac}`, or null. */
const facilityRailroad: ActionHandler = async ({ db, ctx, record }) => railroadOf(db, ctx, record!.serving_railroad);

/**
 * `GET facility/railroad_facilities/?railroad=`: the company's facilities in service that the
 * railroad serves, by name. The railroad must be one (§2, Railroads are parties): a consignee
 * serves no facility, and saying so beats an empty list.
 */
const railroadFacilities: ActionHandler = async ({ db, ctx, input }) => {
  const wrong = await railroadError(db, input.railroad);
  if (wrong) throw fieldError('railroad', wrong);
  const f = tableOf(facility);
  return db.select({ id: f.id, name: f.name, code: f.code, city: f.city, province: f.province }).from(f)
    .where(and(eq(f.serving_railroad, input.railroad as number), eq(f.enabled, true), scopeOf(ctx, facility)))
    .orderBy(asc(f.name), asc(f.id));
};

export const facilityBehaviour = defineBehaviour(facility, {
  actions: { schedule: facilitySchedule, cars: facilityCars, railroad: facilityRailroad, railroad_facilities: railroadFacilities, ...embargoFacilityActions },
});
