/**
 * The demo rail desk (docs/rail.md §13): each demo company's BOL numbering and code generators, the
 * parties its contracts name, its contracts (rail-contracts.ts), its rail stations and rates
 * (rail-reference.ts), and the demo groups' rail permissions (§5.2). Idempotent: each part is
 * written once, when the company has none of it yet, and grants its permissions then, so a demo
 * database made before a part existed gets it (and its grants) at its next start.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { DEFAULT_SETTINGS } from '../../src/lib/code-pattern';
import { party } from '../../src/resources/logistics/party';
import { bolNumber } from '../../src/resources/rail/bolnumber';
import { CODE_TYPES, codeGenerator } from '../../src/resources/rail/code-generator';
import { contract } from '../../src/resources/rail/contract';
import { MENU_CONTENT_TYPE } from '../../src/resources/access-codes';
import { grantDemoGroups } from './demo-grants';
import { DISPATCH_RAIL_CODES } from './demo-data';
import { RAIL_PARTIES } from './rail-data';
import { seedContracts } from './rail-contracts';
import { seedSchedules } from './rail-schedules';
import { seedShipments } from './rail-shipments';
import { seedWaybills } from './rail-waybills';
import { waybill } from '../../src/resources/rail/waybill';
import { railSchedule, railScheduleEntry } from '../../src/resources/rail/rail-schedule';
import { railShipment, railShipmentTemplate } from '../../src/resources/rail/rail-shipment';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { type SeedVolume, day } from './seed-kit';
import { fillDemoShippingFacts } from './demo-products';
import { seedGaugeTables } from './gauge-tables';
import { INVOICE_MODELS, seedInvoicing } from './invoicing';
import { CUSTOMS_MODELS, seedCustoms } from './customs';
import { seedYards } from './yards';
import { seedRailReference } from './rail-reference';
import { seedInvitations } from './partner-invitations';
import { seedPartnerOrders } from './partner-orders';
import { seedPartnerPortal } from './partner-portal';

/** The numbering's permissions, granted to the demo groups by their rules (GROUP_RULES) when it is first seeded. */
export const NUMBERING_MODELS = [bolNumber, codeGenerator].map(contentType);

/** BOL numbering and the three generators with their defaults. */
async function seedNumbering(db: Db, companyId: number): Promise<boolean> {
  const t = tableOf(bolNumber);
  const [has] = await db.select({ id: t.id }).from(t).where(eq(t.company, companyId)).limit(1);
  if (has) return false;
  await db.insert(t).values({ company: companyId, ...DEFAULT_SETTINGS.bol, start_number: 1 });
  await db.insert(tableOf(codeGenerator)).values(CODE_TYPES.map(([type, label]) => ({
    company: companyId, code_type: type, ...DEFAULT_SETTINGS[type], start_number: 1, description: `Numbers of new ${label.toLowerCase()}.`,
  })));
  return true;
}

/**
 * The suppliers and buyers the contracts name (those the company lacks, by code), and the parties
 * that are platform companies: Northern Refining Partners is the partner company, and the
 * company's own shipper party is the company itself (docs/rail.md §4.8).
 */
async function seedParties(db: Db, companyId: number, partnerId: number | null) {
  const t = tableOf(party);
  const have = new Set((await db.select({ code: t.code }).from(t).where(eq(t.company, companyId))).map((x) => x.code));
  const missing = RAIL_PARTIES.filter((p) => !have.has(p.code));
  if (missing.length) await db.insert(t).values(missing.map((p) => ({ ...p, company: companyId, enabled: true })));
  const link = async (codes: string[], to: number | null) => {
    if (to !== null) await db.update(t).set({ platform_company: to }).where(and(eq(t.company, companyId), inArray(t.code, codes)));
  };
  await link(['NRP'], partnerId);
  await link(['PBT-SHIP'], companyId);
}

export async function seedRailDemo(db: Db, ownId: number, partnerId: number | null, volume: SeedVolume): Promise<boolean> {
  let seeded = false;
  // Shipping names, 24-hour numbers and ERAP telephones came after the products: a demo database made before gets the demo's.
  await fillDemoShippingFacts(db, [ownId, ...(partnerId === null ? [] : [partnerId])]);
  for (const id of [ownId, ...(partnerId === null ? [] : [partnerId])]) {
    if (!(await seedNumbering(db, id))) continue;
    if (!seeded) await grantDemoGroups(db, NUMBERING_MODELS);
    seeded = true;
  }
  const t = tableOf(contract);
  const [hasContract] = await db.select({ id: t.id }).from(t).where(eq(t.company, ownId)).limit(1);
  if (!hasContract) {
    await grantDemoGroups(db, [contentType(contract)]);
    await grantDemoGroups(db, [MENU_CONTENT_TYPE], DISPATCH_RAIL_CODES);
    await seedParties(db, ownId, partnerId);
    seeded = (await seedContracts(db, ownId, partnerId, volume)) || seeded;
  }
  // Schedules came after contracts: a demo database with contracts and no schedule gets them, and its groups their grants.
  const st = tableOf(railSchedule);
  const [hasSchedule] = await db.select({ id: st.id }).from(st).limit(1);
  if (!hasSchedule) await grantDemoGroups(db, [contentType(railSchedule), contentType(railScheduleEntry)]);
  // Shipments came after schedules: a demo database without them gets their grants (and the dispatcher's and operator's codes).
  const sh = tableOf(railShipment);
  const [hasShipment] = await db.select({ id: sh.id }).from(sh).limit(1);
  if (!hasShipment) await grantDemoGroups(db, [contentType(railShipment), contentType(loadedRailCar), contentType(railShipmentTemplate)]);
  seeded = (await seedSchedules(db, [ownId, ...(partnerId === null ? [] : [partnerId])], day(new Date()))) || seeded;
  seeded = (await seedShipments(db, [ownId, ...(partnerId === null ? [] : [partnerId])], new Date(), volume)) || seeded;
  // Waybills came after shipping: a demo database without them gets their grants.
  const wb = tableOf(waybill);
  const [hasWaybill] = await db.select({ id: wb.id }).from(wb).limit(1);
  if (!hasWaybill) await grantDemoGroups(db, [contentType(waybill)]);
  for (const id of [ownId, ...(partnerId === null ? [] : [partnerId])]) seeded = (await seedWaybills(db, id)) || seeded;
  // Invoicing came after the shipments (docs/invoicing.md, Demo data): a year of invoices over the shipped cars, once.
  if (await seedInvoicing(db, ownId)) {
    await grantDemoGroups(db, INVOICE_MODELS);
    seeded = true;
  }
  // Customs came after invoicing (docs/invoicing.md, Customs demo data): the US buyers' terms and a year of customs invoices, once.
  if (await seedCustoms(db, ownId)) {
    await grantDemoGroups(db, CUSTOMS_MODELS);
    seeded = true;
  }
  // Yards came after customs (docs/yard.md, Demo data): Scotford's and the terminal's, once.
  seeded = (await seedYards(db, ownId)) || seeded;
  // Gauge tables came after waybills (docs/loading.md): each seeds its own grants when the company has none.
  seeded = (await seedGaugeTables(db, ownId)) || seeded;
  // Stations, rates and STCCs came after the trips (docs/trace.md, Stations, rates and commodity codes): once each.
  seeded = (await seedRailReference(db, ownId, partnerId)) || seeded;
  // Invitations came after the loading screens (docs/partners.md): the partnership the demo's partner accepted.
  seeded = (await seedInvitations(db, ownId, partnerId)) || seeded;
  // Orders and nominations came after invitations: the partner's first order on a shared contract.
  seeded = (await seedPartnerOrders(db, ownId, partnerId)) || seeded;
  // The partner's shipments and tickets came after its orders: the terminal's NRP company names its rail party.
  seeded = (await seedPartnerPortal(db, ownId, partnerId)) || seeded;
  return seeded;
}
