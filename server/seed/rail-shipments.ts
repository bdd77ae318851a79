/**
 * The demo's shipments (docs/rail.md §13): open shipments on the coming days of each active
 * contract's schedule (a shipment per planned day, with its planned cars, at most four); a shipped
 * one on each past day with actual cars, with those cars (so a day's actual is what shipped on it,
 * §8.4); now and then a void one or one in correction beside it, each with its reason; cancelled
 * ones on some past days; all with loaded cars and measurements giving realistic volumes and
 * weights. A car is never on two open shipments: open shipments take half the company's fleet
 * cars first, then cars of the same lessors' marks not in the fleet. Shipment numbers follow ship
 * date order and the counter ends at the last one; the issued ones get their BOL numbers,
 * documents and history from rail-issued.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { codeCounter } from '../db/rail-tables';
import { loadedCarFilling } from '../../src/lib/car-filling';
import { isHazardous } from '../../src/lib/hazmat';
import { loadedCarValues } from '../../src/lib/rail-car-values';
import { car } from '../../src/resources/fleet/car';
import { product } from '../../src/resources/logistics/product';
import { party } from '../../src/resources/logistics/party';
import { contract } from '../../src/resources/rail/contract';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { railSchedule, railScheduleEntry } from '../../src/resources/rail/rail-schedule';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { facility } from '../../src/resources/logistics/facility';
import { issueSeeded } from './rail-issued';
import { DELIVERY_FACILITIES } from './demo-data';
import { type Row, type SeedVolume, addDays, day, insertMany, pad, rng } from './seed-kit';

const VOID_REASONS = ['Released to the wrong railroad', 'Cars not pulled; rebilled on a new bill of lading', 'Consignee changed before pickup'];
const CORRECTION_REASONS = ['Seal numbers keyed wrong', 'Outage re-measured at the rack', 'Notify party missing'];
const CANCEL_REASONS = ['Buyer deferred the volume to next month', 'No cars placed by the railroad', 'Product off specification at the rack', 'Duplicate of another shipment'];
const SPARE_MARKS = ['UTLX', 'GATX', 'PROX', 'TILX', 'NATX'];
/**
 * Shipments per company, by volume; the partner gets the small share. `shipped` caps the shipped
 * ones (the most recent days'), `voidEvery` and `correctEvery` put a void or a correcting one
 * beside every so many shipped days, `masters` makes master billings of that many shipped days.
 */
const SIZES = {
  full: { open: 300, cancelled: 150, days: 10, shipped: 4400, voidEvery: 30, correctEvery: 150, masters: 30 },
  small: { open: 12, cancelled: 6, days: 5, shipped: 40, voidEvery: 10, correctEvery: 17, masters: 1 },
} as const;
type Size = (typeof SIZES)[keyof typeof SIZES];
/** A shipment takes at most this many of a day's cars (a cut the loading crew releases together); a bigger day ships as several. */
const CARS_PER_SHIPMENT = 4;

type SeedStatus = 'open' | 'cancelled' | 'shipped' | 'void' | 'in_correction';
/** `master`: a master billing (no cars, no contract); `group`: the day a master and its sub-billings share. */
interface Plan { contract: Row; date: string; cars: number; status: SeedStatus; master?: boolean; group?: number }

/** A day's cars in shipments of at most CARS_PER_SHIPMENT (at least `least` of them), as even as they go: 10 → 4, 3, 3. */
function cuts(cars: number, least = 1): number[] {
  const n = Math.min(cars, Math.max(least, Math.ceil(cars / CARS_PER_SHIPMENT)));
  return Array.from({ length: n }, (_, i) => Math.floor(cars / n) + (i < cars % n ? 1 : 0));
}

/** Makes the open and cancelled shipments of these companies when they have none; true when it made any. */
export async function seedShipments(db: Db, companyIds: number[], todayDate: Date, volume: SeedVolume): Promise<boolean> {
  let made = false;
  for (const [i, companyId] of companyIds.entries()) {
    const s = tableOf(railShipment);
    const [has] = await db.select({ id: s.id }).from(s).where(eq(s.company, companyId)).limit(1);
    if (has) continue;
    made = (await seedCompany(db, companyId, todayDate, i === 0 ? SIZES[volume] : SIZES.small)) || made;
  }
  return made;
}

async function seedCompany(db: Db, companyId: number, todayDate: Date, size: Size): Promise<boolean> {
  const today = day(todayDate);
  const horizon = day(addDays(todayDate, size.days));
  const c = tableOf(contract);
  const sc = tableOf(railSchedule);
  const e = tableOf(railScheduleEntry);
  const days = await db.select({
    date: e.date, quantity: e.quantity, actual: e.actual, schedule: sc.id, contract: c.id, type: c.contract_type, status: c.status, party: c.party, product: c.product,
    facility: c.facility, role: c.facility_role, carrier: c.carrier,
  }).from(e).innerJoin(sc, eq(sc.id, e.schedule)).innerJoin(c, eq(c.id, sc.contract))
    .where(and(eq(c.company, companyId), inArray(c.status, ['active', 'closed']))).orderBy(asc(e.date), asc(c.id));
  const r = rng(9000 + companyId);
  const open = days.filter((d) => d.status === 'active' && d.quantity > 0 && String(d.date) >= today && String(d.date) <= horizon).slice(0, size.open);
  const past = days.filter((d) => String(d.date) < today && d.quantity > 0);
  const cancelled: typeof days = [];
  for (let k = 0; k < size.cancelled && past.length; k++) cancelled.push(past.splice(r.int(0, past.length - 1), 1)[0]);
  // The most recent past days with actual cars shipped them, in cuts of a few cars; now and then a void or correcting one stands beside.
  const shippedDays: (typeof days)[number][] = [];
  for (let i = days.length - 1, n = 0; i >= 0 && n < size.shipped; i--) {
    const d = days[i];
    if (String(d.date) >= today || !((d.actual as number | null) && (d.actual as number) > 0)) continue;
    shippedDays.unshift(d);
    n += cuts(d.actual as number).length;
  }
  // Master billings: days of two cars or more, spread over the year; the day's cars go in two cuts or more, each a sub-billing of the day's master.
  const multi = shippedDays.filter((d) => (d.actual as number) > 1);
  const masters = Math.min(size.masters, multi.length);
  const masterDays = new Set(Array.from({ length: masters }, (_, k) => multi[Math.floor(((k + 0.5) * multi.length) / masters)]));
  const shippedOn = (d: (typeof days)[number], group: number): Plan[] => {
    const sub = masterDays.has(d) ? { group } : {};
    const made: Plan[] = cuts(d.actual as number, masterDays.has(d) ? 2 : 1).map((cars) => ({ contract: d, date: String(d.date), cars, status: 'shipped', ...sub }));
    return masterDays.has(d) ? [...made, { contract: d, date: String(d.date), cars: 0, status: 'shipped', master: true, group }] : made;
  };
  const extra = (d: (typeof days)[number], i: number): Plan[] => (i % size.voidEvery === 4 ? [{ contract: d, date: String(d.date), cars: r.int(1, 2), status: 'void' }]
    : i % size.correctEvery === 8 ? [{ contract: d, date: String(d.date), cars: r.int(1, 2), status: 'in_correction' }] : []);
  const plans: Plan[] = [
    ...open.map((d) => ({ contract: d, date: String(d.date), cars: Math.min(CARS_PER_SHIPMENT, d.quantity as number), status: 'open' as const })),
    ...cancelled.map((d) => ({ contract: d, date: String(d.date), cars: r.int(1, 2), status: 'cancelled' as const })),
    ...shippedDays.flatMap((d, i) => [...shippedOn(d, i), ...extra(d, i)]),
  ].sort((a, b) => a.date.localeCompare(b.date));
  if (!plans.length) return false;

  const p = tableOf(party);
  const fa = tableOf(facility);
  const [own] = await db.select({ id: p.id }).from(p).where(and(eq(p.company, companyId), eq(p.platform_company, companyId))).orderBy(asc(p.name)).limit(1);
  const pr = tableOf(product);
  const products = new Map((await db.select({ id: pr.id, density: pr.density, name: pr.name, class: pr.class, packingGroup: pr.packingGroup, unCode: pr.unCode, stcc: pr.stcc, commodity_group: pr.commodity_group })
    .from(pr).where(eq(pr.company, companyId))).map((x) => [x.id, x]));
  const density = new Map([...products].map(([id, x]) => [id, x.density as string | null]));
  const f = tableOf(car);
  const fleet = await db.select({ id: f.id, mark: f.mark, number: f.number, type: f.car_type, shell: f.shell_capacity }).from(f).where(eq(f.company, companyId)).orderBy(asc(f.id));
  // A product measured by weight alone (no density: grain) loads into covered hoppers; a liquid or a gas into tank cars.
  const carTypeFor = (productId: unknown) => (density.get(productId as number) ? 'T' : 'C');
  const pools = { T: fleet.filter((c) => c.type === 'T'), C: fleet.filter((c) => c.type === 'C') };
  const openAt = { T: 0, C: 0 };
  let spare = 0;
  const nextCar = (forOpen: boolean, type: 'T' | 'C') => {
    const pool = pools[type];
    // Half of each kind of the fleet is loading now; the other half is away, free to be pasted onto a shipment.
    if (forOpen && openAt[type] < Math.floor(pool.length / 2)) return pool[openAt[type]++];
    if (!forOpen && pool.length && r.chance(0.5)) return pool[r.int(0, pool.length - 1)];
    return spareCar(type);
  };
  const spareCar = (type: 'T' | 'C') => {
    spare++;
    return { id: null, mark: SPARE_MARKS[spare % SPARE_MARKS.length], number: 200000 + spare, type, shell: null };
  };

  const facilityRows = await db.select({ id: fa.id, code: fa.code, country: fa.country }).from(fa).where(eq(fa.company, companyId)).orderBy(asc(fa.id));
  const facilities = facilityRows.filter((x) => x.country === 'CA').map((x) => x.id as number);
  const partyRows = await db.select({ id: p.id, scac: p.scac, code: p.code }).from(p).where(eq(p.company, companyId));
  const scac = new Map(partyRows.map((x) => [x.id, x.scac as string | null]));
  const partyId = new Map(partyRows.map((x) => [String(x.code), x.id as number]));
  // An export sale is delivered to its buyer's own plant across the border, with the US broker named (docs/invoicing.md, Customs demo data).
  const plantOf = new Map(DELIVERY_FACILITIES.flatMap((d) => {
    const plant = facilityRows.find((x) => x.code === d.code);
    return plant && partyId.has(d.buyer) ? [[partyId.get(d.buyer)!, plant.id as number]] : [];
  }));
  const usBroker = partyId.get('SCB') ?? null;
  const shipments: Row[] = plans.map((x, n) => {
    const k = x.contract;
    const sale = k.type === 'sale';
    const issued = x.status !== 'open' && x.status !== 'cancelled';
    // An issued bill of lading names both ends: the contract's facility and another of the company's.
    const plant = sale ? plantOf.get(k.party as number) : undefined;
    const other = plant ?? facilities.find((id) => id !== k.facility) ?? null;
    const issuedFields = issued ? {
      ...(k.role === 'destination' ? { origin: other } : { destination: other }),
      ...(plant ? { custom_broker_us: usBroker } : {}),
      shipped_at: new Date(`${x.date}T21:00:00Z`), bol_revision: 0, routing: scac.get(k.carrier as number) ?? null, hazardous_certificate_person: 'Sam Site',
      ...(x.status === 'shipped' && x.cars ? { counted_cars: x.cars, counted_date: x.date } : {}),
      void_reason: x.status === 'void' ? r.pick(VOID_REASONS) : null,
      correction_reason: x.status === 'in_correction' ? r.pick(CORRECTION_REASONS) : null,
    } : {};
    return {
      company: companyId, shipment_number: `RS-${pad(n + 1, 6)}`, status: x.status, ship_date: x.date, schedule: k.schedule, contract: k.contract,
      product: k.product, railroad: k.carrier, ...(k.role === 'destination' ? { destination: k.facility } : { origin: k.facility }),
      shipper: sale ? own?.id ?? null : k.party, consignee: sale ? k.party : own?.id ?? null,
      cancel_reason: x.status === 'cancelled' ? r.pick(CANCEL_REASONS) : null,
      contact_preferences: {}, data: {}, ...issuedFields,
      // A master carries the shared header only: no contract, no schedule day, no consignee of its own (§8.5).
      ...(x.master ? { is_master_billing: true, contract: null, schedule: null, consignee: null } : {}),
    };
  });
  await insertMany(db, railShipment, shipments);
  const s = tableOf(railShipment);
  const idOf = new Map((await db.select({ id: s.id, n: s.shipment_number }).from(s).where(eq(s.company, companyId))).map((x) => [x.n, x.id]));
  const masterOf = new Map(plans.flatMap((x, n) => (x.master ? [[x.group, idOf.get(shipments[n].shipment_number as string)]] : [])));
  for (const [group, masterId] of masterOf) {
    const subs = plans.flatMap((x, n) => (!x.master && x.group === group ? [idOf.get(shipments[n].shipment_number as string)!] : []));
    await db.update(s).set({ master_billing: masterId }).where(inArray(s.id, subs));
  }

  /**
   * A car's outage: `share` of its shell, or, for a dangerous good, loaded as a loader fills it,
   * to 97 to 99 % of its maximum permitted filling at its load temperature (docs/loading.md).
   */
  const outage = (productId: unknown, c: Row, share: number) => {
    const p = products.get(productId as number);
    const shell = Number(c.shell_capacity);
    const check = p && isHazardous(p) ? loadedCarFilling(p, { ...c, volume_outage: '0', density: p.density }) : null;
    if (!check?.checked) return (shell * share).toFixed(2);
    return (shell - Number(check.permitted_volume) * (1 - share)).toFixed(2);
  };

  const cars: Row[] = [];
  plans.forEach((x, n) => {
    const taken = new Set<string>();
    for (let k = 0; k < x.cars; k++) {
      // A correcting shipment is open to changes: its cars are the spare marks', never on another open shipment.
      const spareOnly = x.status === 'in_correction';
      const type = carTypeFor(x.contract.product);
      const next = () => (spareOnly ? spareCar(type) : nextCar(x.status === 'open', type));
      let pick = next();
      while (taken.has(`${pick.mark} ${pick.number}`)) pick = next();
      taken.add(`${pick.mark} ${pick.number}`);
      const shell = pick.shell ? (Number(pick.shell) / 3.78541).toFixed(2) : (r.int(2500000, 3000000) / 100).toFixed(2);
      // Drawn in the order they always were, so the rest of the demo stays as it was.
      const share = r.real(0.01, 0.03);
      const factor = r.real(0.975, 0.999).toFixed(6);
      const weight = (r.int(800000, 1000000) / 10).toFixed(1);
      const seals = [`S${pad(r.int(1, 999999), 6)}`, `S${pad(r.int(1, 999999), 6)}`];
      const loadTemperature = r.real(40, 90).toFixed(2);
      const m = {
        car_type: String(pick.type), shell_capacity: shell, volume_outage: outage(x.contract.product, { car_type: pick.type, shell_capacity: shell, load_temperature: loadTemperature }, share),
        temperature_correction_factor: factor, density: density.get(x.contract.product as number) ?? '0.8500',
        gal_to_liter_conversion_factor: '3.78541', weight,
      };
      cars.push({
        company: companyId, rail_shipment: idOf.get(shipments[n].shipment_number as string), car_mark: pick.mark, car_number: pick.number, car: pick.id,
        contract: x.contract.contract, product: x.contract.product, current_location: x.contract.facility, load_date: x.date,
        seal_number_1: seals[0], seal_number_2: seals[1],
        ...m, temperature_correction_factor_at_15c: m.temperature_correction_factor, load_temperature: loadTemperature,
        weight: m.car_type === 'T' ? loadedCarValues(m).weight : m.weight,
      });
    }
  });
  await insertMany(db, loadedRailCar, cars);
  await db.insert(codeCounter).values({ company_id: companyId, series: 'rail_shipment', period: '', last_number: plans.length, given: plans.length }).onConflictDoNothing();
  await issueSeeded(db, companyId);
  return true;
}
