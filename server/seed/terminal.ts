/**
 * The demo terminal (docs/terminal.md "Demo terminal"): master data for the demo terminal company
 * and a year of tickets. `full` writes 20,000 tickets (npm start, e2e); `small` writes 50 (every
 * API test file seeds the demo). Rows are built in memory with a fixed-seed random generator (the
 * same demo every time) and written with multi-row INSERTs in chunks, in one transaction.
 * Idempotent: nothing is written when the company already has a site.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Resource } from '../../src/resources/define';
import { compactUwi, formatUwi, parseUwi } from '../../src/lib/land-location';
import { partsFromUwi } from '../actions/terminal/location-land';
import { mixtureProperties } from '../actions/terminal/gc-properties';
import { site } from '../../src/resources/terminal/site';
import { measurementUnit } from '../../src/resources/terminal/measurement-unit';
import { companyType } from '../../src/resources/terminal/company-type';
import { terminalCompany } from '../../src/resources/terminal/terminal-company';
import { companyTypeTable } from '../../src/resources/terminal/company-type-table';
import { companyHierarchy } from '../../src/resources/terminal/company-hierarchy';
import { terminalProduct } from '../../src/resources/terminal/terminal-product';
import { location } from '../../src/resources/terminal/location';
import { vehicle } from '../../src/resources/terminal/vehicle';
import { driver } from '../../src/resources/terminal/driver';
import { staff } from '../../src/resources/terminal/staff';
import { terminalUser } from '../../src/resources/terminal/terminal-user';
import { certification } from '../../src/resources/terminal/certification';
import { certificateType } from '../../src/resources/terminal/certificate-type';
import { CERTIFICATE_TYPES } from '../../src/resources/terminal/certification';
import { companyCertification, userCertification, vehicleCertification } from '../../src/resources/terminal/held-certificates';
import { gcAnalysis } from '../../src/resources/terminal/gc-analysis';
import { ticket } from '../../src/resources/terminal/ticket';
import { ticketEntry, ticketProperty } from '../../src/resources/terminal/ticket-parts';
import { seedTankGaugings } from './tank-gaugings';
import { seedTerminalExtras } from './terminal-extras';
import { seedTerminalLimits } from './terminal-limits';
import { linkDemoDriver } from './demo-driver';
import type { Refs } from './terminal-refs';
import { type Row, type Rng, type SeedVolume, addDays, day, insertMany, pad, rng } from './seed-kit';
import { CERTIFICATIONS, COMPANY_TYPES, FIRST_NAMES, LAST_NAMES, SITES, TERMINAL_COMPANIES, TERMINAL_PRODUCTS, UNITS } from './terminal-data';
import { localDateIn } from '../../src/lib/time-zone';

/** Each demo site's zone, by its key. */
const SITE_ZONE: Record<string, string> = Object.fromEntries(SITES.map((x) => [x.key, x.timezone]));

export const TICKETS: Record<SeedVolume, number> = { full: 20_000, small: 50 };

export async function seedTerminalDemo(db: Db, companyId: number, volume: SeedVolume, passwordHash: string): Promise<boolean> {
  const s = tableOf(site);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s).where(eq(s.company, companyId));
  if (Number(n) > 0) return false;
  const r = rng(20261122);
  const today = new Date(`${day(new Date())}T00:00:00Z`);
  const c = { company: companyId };

  // Sites
  const sites = SITES.map((x) => ({ id: randomUUID(), ...c, name: x.name, username: x.username, timezone: x.timezone, additional_data: { address: x.address }, enabled: true, key: x.key }));
  await insertMany(db, site, sites.map(({ key: _k, ...x }) => x));
  const siteOf = Object.fromEntries(sites.map((x) => [x.key, x.id]));

  // Units, company types, companies, their types and hierarchy
  const units = UNITS.map(([name, code, unit_type, to_base_factor]) => ({ id: randomUUID(), ...c, name, code, unit_type, to_base_factor }));
  await insertMany(db, measurementUnit, units);
  const unit = Object.fromEntries(units.map((u) => [u.code, u.id]));
  const types = COMPANY_TYPES.map(([code, name, description]) => ({ id: randomUUID(), ...c, company_type_code: code, company_type_name: name, description }));
  await insertMany(db, companyType, types);
  const typeId = Object.fromEntries(types.map((x) => [x.company_type_code, x.id]));
  const companies = TERMINAL_COMPANIES.map((x, i) => ({
    id: randomUUID(), ...c, name: x.name, company_code: x.code, status: x.status ?? 'active', enabled: x.status !== 'inactive',
    effective_date: day(addDays(today, -900 + i * 17)), city: x.city, province: x.province, country: 'CA', postal_code: x.postal,
    address: `${100 + i * 37} ${r.pick(['Main St', 'Industrial Ave', 'Energy Way', '4 Ave SW', 'Railway St'])}`,
    phone: `+1 ${x.province === 'BC' ? '250' : r.pick(['403', '780', '587'])} 555 0${pad(100 + i, 3)}`,
    email: `dispatch@${x.code.toLowerCase()}.example`, bn_number: `${pad(r.int(100000000, 999999999), 9)}RT0001`,
    lockout_date: x.status === 'locked' ? day(addDays(today, -12)) : null,
    lockout_reason: x.status === 'locked' ? 'Account over credit limit; loads refused until payment is received.' : null,
    created_by_server: siteOf.FSK, types: x.types,
  }));
  await insertMany(db, terminalCompany, companies.map(({ types: _t, ...x }) => x));
  const byType = (code: string) => companies.filter((x) => x.types.includes(code));
  await insertMany(db, companyTypeTable, companies.flatMap((x) => x.types.map((t) => ({ ...c, company_type: typeId[t], companyTable: x.id }))));
  const stockholders = byType('STK');
  const hierarchy: Row[] = [];
  stockholders.forEach((stk, i) => {
    for (const code of ['CUS', 'PRD', 'CAR']) {
      // Every stockholder deals with most customers, producers and carriers, but not all.
      byType(code).forEach((x, j) => { if (x.id !== stk.id && (i + j) % 4 !== 3) hierarchy.push({ ...c, stockholder: stk.id, company_table: x.id, company_type: typeId[code] }); });
    }
  });
  await insertMany(db, companyHierarchy, hierarchy);

  // Products
  const products = TERMINAL_PRODUCTS.map((p) => ({
    id: randomUUID(), ...c, product_name: p.name, product_code: p.code, productType: p.type, status: 'active', enabled: true,
    productUnit: unit.m3, measurement_unit: unit.m3, unit_price: p.type === 'produced_water' || p.type === 'waste' ? '12.5000' : (r.real(350, 650)).toFixed(4),
    density: p.density, unCode: p.un ?? null, hazard_class: p.cls ?? null, packingGroup: p.pg ?? null, shipping_name: p.shipping ?? null,
    chemical_abstracts_service_number: p.cas ?? null, harmonized_system_tariff_number: p.hs ?? null, stcc: p.stcc ?? null,
    harmonized_tariff_unit_of_measure: p.hs ? 'm3' : null, description: `${p.name}${p.sour ? ' (sour: H2S present)' : ''}`, created_by_server: siteOf.FSK,
    meta: p,
  }));
  await insertMany(db, terminalProduct, products.map(({ meta: _m, ...x }) => x));
  const productByCode = Object.fromEntries(products.map((p) => [p.product_code, p]));

  // Locations: 24 tanks, 14 truck bays, rail spots, meters and pipeline connections at the two
  // sites; wells (DLS in Alberta, NTS in northeast BC), batteries and disposal wells in the field.
  const locations: (Row & { id: string; kind: string; siteKey?: string; product?: string; cap?: number })[] = [];
  const tankProducts: Record<string, string[]> = {
    FSK: ['MSW', 'MSW', 'LSB', 'SO', 'WCS', 'WCS', 'CL', 'AWB', 'SYN', 'CRW', 'CRW', 'C5P', 'PW', 'SLOP'],
    TAY: ['MTC', 'MTC', 'CFC', 'SCN', 'PHV', 'SYD', 'NAP', 'PW', 'SPW', 'SLOP'],
  };
  for (const [key, codes] of Object.entries(tankProducts)) {
    codes.forEach((code, i) => {
      const bbl = r.pick([10_000, 15_000, 20_000, 30_000, 50_000]);
      const capacity = Math.round(bbl * 0.158987);
      locations.push({ id: randomUUID(), ...c, kind: 'tank', siteKey: key, product: productByCode[code].id, cap: capacity, name: `${key} Tank ${pad(i + 1, 2)} - ${productByCode[code].product_name}`, code: `${key}-TK${pad(i + 1, 2)}`,
        location_type: 'tank', site: siteOf[key], product_location: productByCode[code].id, capacity: String(capacity), capacity_unit: unit.m3, created_by_server: siteOf[key],
        description: `${bbl.toLocaleString('en-CA')} bbl ${r.pick(['cone roof', 'internal floating roof', 'external floating roof'])} tank` });
    });
    const bays = key === 'FSK' ? 8 : 6;
    for (let i = 1; i <= bays; i++) locations.push({ id: randomUUID(), ...c, kind: 'truck_bay', siteKey: key, name: `${key} Truck Bay ${i}`, code: `${key}-BAY${i}`, location_type: 'truck_bay', site: siteOf[key], created_by_server: siteOf[key] });
    for (let i = 1; i <= 2; i++) locations.push({ id: randomUUID(), ...c, kind: 'other', siteKey: key, name: `${key} Rail Spot ${i}`, code: `${key}-RS${i}`, location_type: 'rail_spot', site: siteOf[key], created_by_server: siteOf[key] });
    for (let i = 1; i <= 2; i++) locations.push({ id: randomUUID(), ...c, kind: 'other', siteKey: key, name: `${key} LACT Meter ${i}`, code: `${key}-MTR${i}`, location_type: 'meter', site: siteOf[key], created_by_server: siteOf[key] });
    locations.push({ id: randomUUID(), ...c, kind: 'other', siteKey: key, name: `${key} Pipeline Connection`, code: `${key}-PL1`, location_type: 'pipeline', site: siteOf[key], created_by_server: siteOf[key] });
  }
  const producers = byType('PRD');
  const seenUwi = new Set<string>();
  const fieldLocation = (kind: 'well' | 'battery' | 'disposal_well', bc: boolean) => {
    let uwiText: string;
    do {
      uwiText = bc
        ? `2${r.pick(['0', '0', 'A', 'B'])}${r.pick(['0', '0', '2'])}/${r.pick(['A', 'B', 'C', 'D'])}-${pad(r.int(1, 100), 3)}-${r.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'])}/094-${r.pick(['A', 'B', 'G', 'H', 'I', 'J', 'O', 'P'])}-${pad(r.int(1, 16), 2)}/0${r.pick(['0', '0', '2'])}`
        : `1${r.pick(['0', '0', '0', 'A', 'B', 'C'])}${r.pick(['0', '0', '2', '3'])}/${pad(r.int(1, 16), 2)}-${pad(r.int(1, 36), 2)}-${pad(r.int(40, 70), 3)}-${pad(r.int(1, 27), 2)}W${r.pick([4, 5, 5, 5])}/0${r.pick(['0', '0', '2'])}`;
    } while (seenUwi.has(uwiText));
    seenUwi.add(uwiText);
    const parsed = parseUwi(uwiText);
    if (!parsed.ok) throw new Error(`demo UWI ${uwiText}: ${parsed.errors.join(' ')}`);
    const operator = r.pick(producers);
    const byUwi = r.chance(0.6) && kind === 'well';
    const label = kind === 'well' ? 'Well' : kind === 'battery' ? 'Battery' : 'Disposal';
    const area = bc ? r.pick(['Montney', 'Septimus', 'Altares', 'Groundbirch', 'Kobes']) : r.pick(['Pembina', 'Swan Hills', 'Redwater', 'Leduc-Woodbend', 'Cold Lake', 'Drayton Valley', 'Wapiti']);
    const location = formatUwi(parsed.value).slice(4, -3);
    locations.push({
      id: randomUUID(), ...c, kind, ...partsFromUwi(parsed.value), use_uwi_for_name_and_code: byUwi,
      name: byUwi ? formatUwi(parsed.value) : `${operator.company_code} ${area} ${label} ${location}`,
      code: byUwi ? compactUwi(parsed.value) : `${operator.company_code}-${compactUwi(parsed.value).slice(3, 14)}`,
      location_type: kind, company_location: operator.id, created_by_server: bc ? siteOf.TAY : siteOf.FSK,
      latitude: (bc ? r.real(55.6, 57.4) : r.real(52.8, 55.2)).toFixed(6), longitude: (bc ? r.real(-122.4, -120.0) : r.real(-117.5, -110.2)).toFixed(6),
    });
  };
  while (locations.length < 170) fieldLocation('well', locations.length % 4 === 0);
  while (locations.length < 190) fieldLocation('battery', locations.length % 3 === 0);
  while (locations.length < 200) fieldLocation('disposal_well', locations.length % 3 === 0);
  await insertMany(db, location, locations.map(({ kind: _k, siteKey: _s, product: _p, cap: _c, ...x }) => x));

  // Vehicles (tractors, trailers, straight tank and vacuum trucks of the carriers) and drivers
  const carriers = byType('CAR');
  const plate = (bc: boolean) => (bc ? `${pad(r.int(10, 99), 2)}${String.fromCharCode(65 + r.int(0, 25))}${pad(r.int(100, 999), 3)}` : `${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25), 65 + r.int(0, 25))}-${pad(r.int(1000, 9999), 4)}`);
  const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const vin = (wmi: string) => wmi + Array.from({ length: 17 - wmi.length }, () => r.pick(VIN_CHARS.split(''))).join('');
  const vehicles: (Row & { id: string; vehicle_type: string; carrier: string })[] = [];
  const fleet = [['tractor', 18], ['trailer', 20], ['tank_truck', 6], ['vacuum_truck', 6]] as const;
  for (const [type, count] of fleet) {
    for (let i = 0; i < count; i++) {
      const carrier = carriers[(i + vehicles.length) % carriers.length];
      const bc = carrier.province === 'BC';
      vehicles.push({
        id: randomUUID(), ...c, unit_number: `${carrier.company_code}-${type === 'trailer' ? 'T' : type === 'tractor' ? 'P' : type === 'tank_truck' ? 'S' : 'V'}${pad(i + 101, 3)}`,
        vehicle_type: type, carrier: carrier.id, license_plate: plate(bc), plate_jurisdiction: bc ? 'BC' : 'AB',
        vin: vin(type === 'trailer' ? r.pick(['2TLTC', '1TKJ4', '2DEJ3']) : r.pick(['1XKAD', '1XPBD', '3HSDZ', '1FUJG'])),
        capacity: type === 'trailer' ? String(r.pick([38, 42, 60])) : type === 'tractor' ? null : String(r.pick([16, 20, 24])), capacity_unit: type === 'tractor' ? null : unit.m3,
        tare_weight: String(type === 'trailer' ? r.int(8000, 11000) : type === 'tractor' ? r.int(8500, 10000) : r.int(14000, 17000)),
        gross_vehicle_weight: String(type === 'trailer' ? 39500 : type === 'tractor' ? 23000 : 31000), axles: type === 'trailer' ? r.pick([3, 4]) : 3,
        enabled: r.chance(0.95), created_by_server: bc ? siteOf.TAY : siteOf.FSK,
      });
    }
  }
  await insertMany(db, vehicle, vehicles);

  // Terminal users (numeric usernames from 1001), staff, drivers
  const users = Array.from({ length: 14 }, (_, i) => {
    const key = i < 9 ? 'FSK' : 'TAY';
    return { id: randomUUID(), ...c, username: String(1001 + i), first_name: FIRST_NAMES[(i * 7) % FIRST_NAMES.length], last_name: LAST_NAMES[(i * 5) % LAST_NAMES.length],
      email: `user${1001 + i}@pbt.example`, site: siteOf[key], role: i % 7 === 0 ? 'supervisor' : i === 13 ? 'administrator' : 'operator', password: passwordHash, enabled: true };
  });
  await insertMany(db, terminalUser, users);
  const positions = ['operator', 'operator', 'gauger', 'scale_clerk', 'supervisor', 'manager', 'maintenance'];
  await insertMany(db, staff, Array.from({ length: 12 }, (_, i) => ({
    ...c, first_name: users[i % users.length].first_name, last_name: users[i % users.length].last_name, employee_number: `E${pad(2301 + i, 5)}`,
    position: positions[i % positions.length], site: i < 7 ? siteOf.FSK : siteOf.TAY, user: i < users.length ? users[i].id : null, phone: `+1 780 555 0${pad(300 + i, 3)}`,
    email: `staff${i + 1}@pbt.example`, enabled: true,
  })));
  const drivers = Array.from({ length: 40 }, (_, i) => {
    const carrier = carriers[i % carriers.length];
    const bc = carrier.province === 'BC';
    return { id: randomUUID(), ...c, first_name: FIRST_NAMES[(i * 11 + 3) % FIRST_NAMES.length], last_name: LAST_NAMES[(i * 13 + 1) % LAST_NAMES.length], carrier: carrier.id,
      license_number: bc ? pad(r.int(1000000, 9999999), 7) : `${pad(r.int(100000, 999999), 6)}-${pad(r.int(100, 999), 3)}`, license_jurisdiction: bc ? 'BC' : 'AB', license_class: '1',
      license_expiry: day(addDays(today, i % 10 === 0 ? -r.int(5, 120) : r.int(30, 1600))), phone: `+1 ${bc ? '250' : '780'} 555 0${pad(500 + i, 3)}`,
      email: `driver${i + 1}@${carrier.company_code.toLowerCase()}.example`, enabled: i % 17 !== 16, created_by_server: bc ? siteOf.TAY : siteOf.FSK };
  });
  // The first is the demo driver (driver@demo.test), with a licence in date.
  Object.assign(drivers[0], { first_name: 'Drew', last_name: 'Driver', license_expiry: day(addDays(today, 900)), enabled: true });
  await insertMany(db, driver, drivers);
  await linkDemoDriver(db, drivers[0].id);

  // Certifications: the kinds the sites track, their type settings, and certificates held by
  // drivers, users, carriers and vehicles; about one in ten expired, some expiring this month.
  await insertMany(db, certificateType, CERTIFICATE_TYPES.map(([code, name]) => ({ ...c, code, name, reminder_days: code === 'COM' || code === 'CAR' ? 60 : 30 })));
  const certs = CERTIFICATIONS.map(([name, type, validity, req]) => ({ id: randomUUID(), ...c, name, certificate_type: type, validity_days: validity, required_for_loading: req, enabled: true, description: `${name} (${type}).` }));
  await insertMany(db, certification, certs);
  const certOf = (type: string) => certs.filter((x) => x.certificate_type === type);
  let serial = 4000;
  const held = (certId: string, validity: number) => {
    const roll = r.next();
    const expiry = roll < 0.1 ? addDays(today, -r.int(1, 200)) : roll < 0.18 ? addDays(today, r.int(0, 29)) : addDays(today, r.int(30, validity));
    return { ...c, certification: certId, certificate_number: `C-${serial++}`, issue_date: day(addDays(expiry, -validity)), expiry_date: day(expiry) };
  };
  await insertMany(db, userCertification, [
    ...drivers.flatMap((d) => certOf('DRV').slice(0, 2 + (d.first_name.length % 2)).map((x) => ({ ...held(x.id, x.validity_days), driver: d.id }))),
    ...users.flatMap((u) => certOf('USR').map((x) => ({ ...held(x.id, x.validity_days), user: u.id }))),
  ]);
  await insertMany(db, companyCertification, [
    ...carriers.flatMap((x) => [...certOf('COM'), ...certOf('CAR')].map((k) => ({ ...held(k.id, k.validity_days), company_table: x.id }))),
    ...byType('CUS').map((x) => ({ ...held(certOf('COM')[0].id, 365), company_table: x.id })),
  ]);
  const vehicleCert = (type: string) => (type === 'tractor' ? 'VTR' : type === 'trailer' ? 'VTL' : 'VEH');
  await insertMany(db, vehicleCertification, vehicles.map((v) => {
    const k = certOf(vehicleCert(v.vehicle_type))[0];
    return { ...held(k.id, k.validity_days), vehicle: v.id };
  }));

  // GC analyses of gas sampled at the batteries and the site inlets
  const batteries = locations.filter((x) => x.kind === 'battery');
  await insertMany(db, gcAnalysis, Array.from({ length: 24 }, (_, i) => {
    const base: [string, number][] = [['C1', r.real(0.78, 0.9)], ['C2', r.real(0.04, 0.08)], ['C3', r.real(0.015, 0.04)], ['iC4', r.real(0.003, 0.008)], ['nC4', r.real(0.004, 0.012)],
      ['iC5', r.real(0.001, 0.004)], ['nC5', r.real(0.001, 0.004)], ['C6+', r.real(0.001, 0.005)], ['N2', r.real(0.005, 0.03)], ['CO2', r.real(0.002, 0.02)], ['H2S', i % 3 === 0 ? r.real(0.0005, 0.01) : 0]];
    const total = base.reduce((a, [, x]) => a + x, 0);
    const components = base.filter(([, x]) => x > 0).map(([component, x]) => ({ component, mole_fraction: Math.round((x / total) * 1e6) / 1e6 }));
    const drift = 1 - components.reduce((a, x) => a + x.mole_fraction, 0);
    components[0].mole_fraction = Math.round((components[0].mole_fraction + drift) * 1e6) / 1e6;
    const p = mixtureProperties(components);
    const loc = batteries[i % batteries.length];
    const sampled = addDays(today, -r.int(1, 360));
    return { ...c, sample_number: `GC-${sampled.getUTCFullYear()}-${pad(i + 101, 4)}`, sample_date: day(sampled), effective_date: day(addDays(sampled, 3)),
      site: loc.created_by_server, location: loc.id, laboratory: r.pick(['Core Labs Calgary', 'AGAT Laboratories', 'Bureau Veritas Edmonton']), sample_type: r.pick(['spot', 'spot', 'composite']),
      sample_temperature: r.real(5, 35).toFixed(2), sample_pressure: r.real(300, 6000).toFixed(2), components,
      relative_density: p.relative_density.toFixed(5), gross_heating_value: p.gross_heating_value.toFixed(3), created_by_server: loc.created_by_server };
  }));

  // The generated rows are consistent by construction: where allowed (a superuser, as PGlite and
  // the test databases are), skip the per-row foreign-key triggers for the bulk of tickets. A
  // savepoint keeps the transaction usable when the role may not change the setting.
  await db.transaction((sp) => sp.execute(sql`set local session_replication_role = replica`)).catch(() => undefined);
  const refs = { siteOf, unit, locations, products, companies, vehicles, drivers, users };
  await seedTerminalExtras(db, r, today, c, refs, volume === 'full' ? 360 : 6);
  await seedTickets(db, r, today, c, refs, TICKETS[volume]);
  await seedTerminalLimits(db, today, c, refs);
  await seedTankGaugings(db, companyId);
  return true;
}


/**
 * A year of truck tickets, oldest first. Tank levels are tracked so the demo's container volumes
 * stay between empty and full: a receipt goes to the emptier of two tanks of its site, a delivery
 * is drawn from the fuller one. Most tickets are completed; the last days hold drafts and loads in
 * progress; about 3 % are void.
 */
async function seedTickets(db: Db, r: Rng, today: Date, c: { company: number }, x: Refs, count: number) {
  const active = x.companies.filter((k) => k.status === 'active');
  const of = (type: string) => active.filter((k) => k.types.includes(type));
  const [stockholders, customers, producers] = [of('STK'), of('CUS'), of('PRD')];
  const carrierIds = new Set(of('CAR').map((k) => k.id));
  const productById = new Map(x.products.map((p) => [p.id, p]));
  const tanks = x.locations.filter((l) => l.kind === 'tank');
  // Tanks were empty a year ago: container volumes are the sum of the tickets since.
  const level = new Map(tanks.map((t) => [t.id, 0]));
  const fill = (t: { id: string; cap?: number }) => level.get(t.id)! / t.cap!;
  const fieldSources = x.locations.filter((l) => l.kind === 'well' || l.kind === 'battery');
  const disposal = x.locations.filter((l) => l.kind === 'disposal_well');
  const bays = (key: string) => x.locations.filter((l) => l.kind === 'truck_bay' && l.siteKey === key);
  const trucksOf = (carrier: string, kinds: string[]) => x.vehicles.filter((v) => v.carrier === carrier && kinds.includes(v.vehicle_type));
  const meter = new Map<string, number>();

  const tickets: Row[] = [];
  const entries: Row[] = [];
  const properties: Row[] = [];
  const span = 365 * 86400_000;
  // The year up to now: no ticket starts in the future (its end time is added below).
  const start = Date.now() - span - 2 * 3600_000;
  for (let i = 0; i < count; i++) {
    const when = new Date(start + (span * (i + r.next())) / count);
    const key = r.chance(0.6) ? 'FSK' : 'TAY';
    const siteTanks = tanks.filter((t) => t.siteKey === key);
    const roll = r.next();
    let type = roll < 0.55 ? 'receipt' : roll < 0.85 ? 'delivery' : roll < 0.9 ? 'transfer' : 'waste_disposal';
    // The terminal keeps its tanks between about a third and two thirds full overall.
    const siteFill = siteTanks.reduce((a, t) => a + level.get(t.id)!, 0) / siteTanks.reduce((a, t) => a + t.cap!, 0);
    if (type === 'receipt' && siteFill > 0.65) type = 'delivery';
    else if ((type === 'delivery' || type === 'transfer') && siteFill < 0.3) type = 'receipt';
    const ageDays = (today.getTime() - when.getTime()) / 86400_000;
    const recent = ageDays < 2;
    const status = recent ? r.pick(['draft', 'in_progress', 'in_progress', 'completed']) : r.chance(0.03) ? 'void' : 'completed';
    let source: string;
    let destination: string;
    let product: string;
    let gross = Math.round(r.real(type === 'waste_disposal' ? 12 : 25, type === 'transfer' ? 400 : 60) * 1000) / 1000;
    const two = () => [r.pick(siteTanks), r.pick(siteTanks)];
    if (type === 'receipt') {
      const [a, b] = two();
      const tank = fill(a) <= fill(b) ? a : b;
      destination = tank.id;
      source = r.pick(fieldSources).id;
      product = tank.product!;
    } else if (type === 'delivery') {
      const [a, b] = two();
      const tank = fill(a) >= fill(b) ? a : b;
      source = tank.id;
      destination = r.pick(bays(key)).id;
      product = tank.product!;
    } else if (type === 'transfer') {
      const from = siteTanks.reduce((m, t) => (fill(t) > fill(m) ? t : m));
      const to = siteTanks.filter((t) => t.id !== from.id).reduce((m, t) => (t.product === from.product && fill(t) < fill(m) ? t : m));
      source = from.id;
      destination = to.id;
      product = from.product!;
    } else {
      source = r.pick(fieldSources).id;
      destination = r.pick(disposal).id;
      const code = r.chance(0.7) ? 'PW' : 'SPW';
      product = x.products.find((p) => p.product_code === code)!.id;
    }
    const p = productById.get(product)!;
    const water = p.productType === 'produced_water' || p.productType === 'waste';
    const temperature = Math.round((r.real(-8, 12) + 14 * Math.sin(((when.getUTCMonth() - 3) / 12) * 2 * Math.PI)) * 10) / 10;
    const density15 = Number(p.density) * r.real(0.995, 1.005);
    const ctl = 1 - (water ? 0.0003 : 0.00095) * (temperature - 15);
    const bsw = water ? 0 : Math.round(r.real(0.05, p.productType === 'crude_oil' ? 1.8 : 0.4) * 1000) / 1000;
    let net = Math.round(gross * ctl * (1 - bsw / 100) * 1000) / 1000;
    // Never below empty or above full: a load takes what is there, or what still fits.
    if (status === 'completed') {
      const out = type === 'delivery' || type === 'transfer' ? level.get(source) : undefined;
      const inTank = type === 'receipt' || type === 'transfer' ? tanks.find((t) => t.id === destination)! : undefined;
      const limit = Math.min(out ?? Infinity, inTank ? inTank.cap! - level.get(inTank.id)! : Infinity);
      if (net > limit) {
        net = Math.max(0, Math.floor(limit * 1000) / 1000);
        gross = Math.round((net / ctl / (1 - bsw / 100)) * 1000) / 1000;
      }
      if (out !== undefined) level.set(source, out - net);
      if (inTank) level.set(inTank.id, level.get(inTank.id)! + net);
    }
    const truck = type !== 'transfer';
    const carrier = truck ? r.pick(of('CAR')) : null;
    const carrierId = carrier?.id ?? null;
    const own = carrierId ? trucksOf(carrierId, water ? ['vacuum_truck', 'tank_truck', 'tractor'] : ['tractor', 'tank_truck']) : [];
    const unitTruck = own.length ? r.pick(own) : null;
    const trailers = carrierId ? trucksOf(carrierId, ['trailer']) : [];
    const trailer = unitTruck?.vehicle_type === 'tractor' && trailers.length ? r.pick(trailers) : null;
    const drivers = carrierId ? x.drivers.filter((d) => d.carrier === carrierId && carrierIds.has(d.carrier)) : [];
    const drv = drivers.length ? r.pick(drivers) : null;
    const netWeight = Math.round(net * density15 * 10) / 10;
    const tare = unitTruck ? Number(unitTruck.tare_weight) + (trailer ? Number(trailer.tare_weight) : 0) : null;
    const id = randomUUID();
    const end = new Date(when.getTime() + r.int(25, 70) * 60_000);
    const code = `${key}-${pad(100001 + i, 6)}`;
    const operator = r.pick(x.users);
    tickets.push({
      // The ticket's date is its start's date at the site (docs/terminal.md, Site time), as the API derives it.
      id, ...c, code, status, ticket_type: type, created_by_server: x.siteOf[key], ticket_date: localDateIn(when, SITE_ZONE[key]), start_time: when, end_time: status === 'draft' ? null : end,
      product, source_location: source, destination_location: destination,
      shipper: type === 'receipt' || type === 'waste_disposal' ? r.pick(stockholders).id : r.pick(stockholders).id,
      consignee: type === 'delivery' ? r.pick(customers).id : null, producer: type === 'receipt' || type === 'waste_disposal' ? r.pick(producers).id : null,
      carrier: carrierId, vehicle: unitTruck?.id ?? null, trailer: trailer?.id ?? null, driver: drv?.id ?? null, volume_unit: x.unit.m3,
      gross_volume: status === 'draft' ? null : gross.toFixed(3), net_volume: status === 'draft' ? null : net.toFixed(3),
      water_volume: status === 'draft' || water ? null : ((gross * bsw) / 100).toFixed(3), bsw_percent: water ? null : bsw.toFixed(3),
      temperature: temperature.toFixed(2), pressure: (r.real(95, 102)).toFixed(2), observed_density: (density15 * (1 - 0.0008 * (temperature - 15))).toFixed(3), density_15c: density15.toFixed(3),
      correction_factor: ctl.toFixed(5), net_weight: truck ? netWeight.toFixed(1) : null, tare_weight: tare === null ? null : tare.toFixed(1),
      gross_weight: tare === null ? null : (tare + netWeight).toFixed(1), bol_number: truck ? `BOL${pad(700000 + i, 7)}` : null,
      po_number: type === 'delivery' ? `PO-${r.int(41000, 48999)}` : null, seal_numbers: truck && type === 'delivery' ? `S${r.int(100000, 999999)}, S${r.int(100000, 999999)}` : null,
      driver_signature: status === 'completed' && drv ? `${drv.first_name} ${drv.last_name}` : null,
      operator_signature: status === 'completed' ? `${operator.first_name} ${operator.last_name}` : null,
      void_reason: status === 'void' ? r.pick(['Keyed twice', 'Load refused: BS&W over limit', 'Wrong product selected', 'Truck left before loading']) : null,
      comments: r.chance(0.04) ? r.pick(['Driver waited 40 min for bay', 'Sample taken for lab', 'Meter proved this morning', 'Heavy snow; slow unload']) : null,
    });
    if (status === 'draft') continue;
    const point = type === 'receipt' ? destination : source;
    const reading = meter.get(`${key}:${point}`) ?? r.real(10_000, 90_000);
    meter.set(`${key}:${point}`, reading + gross);
    entries.push({ ...c, ticket: id, sequence: 1, entry_type: type === 'transfer' ? 'tank_gauge' : 'meter', product, location: point, recorded_at: end,
      start_reading: reading.toFixed(3), end_reading: (reading + gross).toFixed(3), gross_volume: gross.toFixed(3), net_volume: net.toFixed(3),
      temperature: temperature.toFixed(2), density: density15.toFixed(3), bsw_percent: water ? null : bsw.toFixed(3) });
    if (!water && r.chance(0.3)) entries.push({ ...c, ticket: id, sequence: 2, entry_type: 'sample', product, location: point, recorded_at: end, temperature: temperature.toFixed(2), density: density15.toFixed(3), bsw_percent: bsw.toFixed(3), comments: 'Grab sample for BS&W and density' });
    const sg = density15 / 999.016;
    if (!water) properties.push({ ...c, ticket: id, name: 'API gravity', value: (141.5 / sg - 131.5).toFixed(1), unit: '°API' });
    if (p.meta.sour) properties.push({ ...c, ticket: id, name: 'H2S', value: String(r.int(10, 900)), unit: 'ppm' });
    if (p.productType === 'condensate' || p.productType === 'diluent' || p.productType === 'ngl') properties.push({ ...c, ticket: id, name: 'Reid vapour pressure', value: r.real(40, 95).toFixed(1), unit: 'kPa' });
    if (p.productType === 'crude_oil') properties.push({ ...c, ticket: id, name: 'Sulphur', value: r.real(p.meta.sour ? 1.2 : 0.2, p.meta.sour ? 3.9 : 0.6).toFixed(2), unit: '% mass' });
    if (water) properties.push({ ...c, ticket: id, name: 'Chlorides', value: String(r.int(20_000, 120_000)), unit: 'mg/L' }, { ...c, ticket: id, name: 'Oil content', value: r.real(0.1, 2.5).toFixed(2), unit: '%' });
  }
  await withoutIndexes(db, [ticket, ticketEntry, ticketProperty], async () => {
    await insertMany(db, ticket, tickets);
    await insertMany(db, ticketEntry, entries);
    await insertMany(db, ticketProperty, properties);
  });
}

/**
 * Bulk loads build an index faster in one pass afterwards than row by row: the plain (non-unique)
 * indexes of the tables are dropped and recreated from their definitions, inside the transaction.
 */
async function withoutIndexes(db: Db, resources: Resource[], load: () => Promise<void>) {
  const tables = resources.map((r) => r.table);
  const defs = await rawRows<{ name: string; def: string }>(db, sql`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename in ${tables} and not x.indisunique and not x.indisprimary`);
  for (const d of defs) await db.execute(sql.raw(`drop index "${d.name}"`));
  await load();
  for (const d of defs) await db.execute(sql.raw(d.def));
  // Fresh statistics, so the planner (and the estimated counts of long lists) sees the new rows.
  for (const t of tables) await db.execute(sql.raw(`analyze "${t}"`));
}
