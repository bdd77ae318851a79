/**
 * The rest of the demo terminal, so no terminal screen starts empty: which products each tank
 * holds, trucking routes from the field to the terminals, the users' site access, company contacts
 * (persons), a year of waste disposal tickets from the disposal wells, and a service contract per
 * stockholder pricing its loads, so its completed tickets can be invoiced (docs/terminal.md, Demo terminal).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection';
import { locationProduct } from '../../src/resources/terminal/location-product';
import { tbRoute } from '../../src/resources/terminal/route';
import { userAccess } from '../../src/resources/terminal/user-access';
import { person } from '../../src/resources/terminal/person';
import { personCompany } from '../../src/resources/terminal/person-company';
import { ticketWasteDisposal } from '../../src/resources/terminal/ticket-waste-disposal';
import { serviceContract, serviceContractTicket } from '../../src/resources/terminal/service-contract';
import { FIRST_NAMES, LAST_NAMES } from './terminal-data';
import { type Rng, type Row, addDays, day, insertMany, pad } from './seed-kit';
import type { Refs } from './terminal-refs';

export async function seedTerminalExtras(db: Db, r: Rng, today: Date, c: { company: number }, x: Refs, wasteTickets: number) {
  const tanks = x.locations.filter((l) => l.kind === 'tank');
  await insertMany(db, locationProduct, tanks.map((t) => ({
    ...c, location: t.id, product: t.product, min_volume: String(Math.round((t.cap ?? 0) * 0.05)), max_volume: String(Math.round((t.cap ?? 0) * 0.95)),
  })));

  // Batteries truck to the terminal of their province (the BC field goes to TAY, Alberta to FSK).
  const bays = (site: string) => x.locations.filter((l) => l.kind === 'truck_bay' && l.created_by_server === site);
  const batteries = x.locations.filter((l) => l.kind === 'battery').slice(0, 16);
  await insertMany(db, tbRoute, batteries.map((b, i) => {
    const site = String(b.created_by_server);
    return {
      ...c, name: `${String(b.name).split(' Battery')[0]} battery to ${site === x.siteOf.TAY ? 'Taylor' : 'Fort Saskatchewan'}`, code: `RT-${pad(i + 1, 3)}`,
      origin: b.id, destination: r.pick(bays(site)).id, distance_km: r.real(18, 240).toFixed(1),
      carrier: r.pick(x.companies.filter((k) => k.types.includes('CAR'))).id, enabled: true,
    };
  }));

  // Every terminal user works at its home site; supervisors and administrators also at the other.
  const sites = Object.values(x.siteOf);
  await insertMany(db, userAccess, x.users.flatMap((u) => {
    const home = String(u.site);
    const both = u.role === 'supervisor' || u.role === 'administrator';
    return (both ? sites : [home]).map((s) => ({
      ...c, user: u.id, site: s, access_level: u.role === 'administrator' ? 'administer' : u.role === 'supervisor' ? 'supervise' : s === home ? 'operate' : 'view',
    }));
  }));

  // Two contacts per active company (dispatch and accounts).
  const people: Row[] = [];
  const links: Row[] = [];
  x.companies.filter((k) => k.status === 'active').forEach((k, i) => {
    for (const role of ['Dispatch', 'Accounts payable']) {
      const id = randomUUID();
      const first = FIRST_NAMES[(i * 3 + people.length) % FIRST_NAMES.length];
      const last = LAST_NAMES[(i * 7 + people.length) % LAST_NAMES.length];
      people.push({ id, ...c, first_name: first, last_name: last, email: `${first}.${last}@${String(k.company_code).toLowerCase()}.example`.toLowerCase(),
        phone: `+1 403 555 0${pad(100 + people.length, 3)}`, description: `${role}, ${String(k.name)}`, enabled: true, effective_date: day(addDays(today, -r.int(60, 900))) });
      links.push({ ...c, personKey: id, company_key: k.id });
    }
  });
  await insertMany(db, person, people);
  await insertMany(db, personCompany, links);

  // Waste received for disposal over the year, mostly produced water injected down the disposal wells.
  const disposal = x.locations.filter((l) => l.kind === 'disposal_well');
  const wells = x.locations.filter((l) => l.kind === 'well' || l.kind === 'battery');
  const producers = x.companies.filter((k) => k.types.includes('PRD'));
  const carriers = x.companies.filter((k) => k.types.includes('CAR'));
  await insertMany(db, ticketWasteDisposal, Array.from({ length: wasteTickets }, (_, i) => {
    const when = addDays(today, -Math.floor(((wasteTickets - i) * 364) / wasteTickets));
    const target = r.pick(disposal);
    const site = String(target.created_by_server);
    const water = r.chance(0.8);
    const recent = i >= wasteTickets - 3;
    return {
      ...c, code: `${site === x.siteOf.TAY ? 'TAY' : 'FSK'}-W${pad(i + 1, 5)}`, status: recent ? 'in_progress' : r.chance(0.03) ? 'void' : 'completed',
      site, created_by_server: site, ticket_date: day(when),
      waste_type: water ? 'produced_water' : r.pick(['oily_sludge', 'drilling_fluid', 'tank_bottoms']),
      manifest_number: `MF${pad(240000 + i * 7, 7)}`, generator: r.pick(producers).id, carrier: r.pick(carriers).id,
      source_location: r.pick(wells).id, disposal_location: target.id, disposal_method: water ? 'injection' : 'treatment',
      volume: r.real(8, 32).toFixed(3), volume_unit: x.unit.m3, oil_content_percent: (water ? r.real(0, 1.5) : r.real(3, 25)).toFixed(3),
      approval_number: `WM${pad(1000 + (i % 40), 5)}`,
    };
  }).map((w) => (w.status === 'void' ? { ...w, comments: 'Voided: manifest did not match the load.' } : w)));

  // Each stockholder's terminalling contract, from a year back (every seeded ticket) for two years.
  const stockholders = x.companies.filter((k) => k.types.includes('STK') && k.status === 'active');
  const contracts = stockholders.map((k, i) => ({
    id: randomUUID(), ...c, code: `SC-${String(k.company_code)}-${today.getUTCFullYear()}`, name: `${String(k.name)} terminalling`, customer: k.id,
    currency: i % 4 === 3 ? 'USD' : 'CAD', effective_date: day(addDays(today, -400)), expiration_date: day(addDays(today, 330)),
    payment_terms_days: i % 3 === 0 ? 45 : 30, tax_name: 'GST', tax_rate: '5.000', enabled: true,
  }));
  await insertMany(db, serviceContract, contracts);
  const charges: [string, string | null, string, string, string | null][] = [
    ['Receipt terminalling', 'receipt', 'net_volume', '2.8500', null], ['Delivery terminalling', 'delivery', 'net_volume', '3.1000', null],
    ['Tank-to-tank transfer', 'transfer', 'net_volume', '0.7500', null], ['Ticket administration', null, 'load', '12.5000', null],
  ];
  await insertMany(db, serviceContractTicket, contracts.flatMap((k) => charges.map(([description, ticket_type, basis, unit_price, minimum_charge]) => ({
    ...c, service_contract: k.id, description, ticket_type, basis, unit: basis === 'load' ? null : x.unit.m3, unit_price, minimum_charge, enabled: true,
  }))));
}
