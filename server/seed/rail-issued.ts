/**
 * The demo's issued bills of lading (docs/rail.md §8, §10.2, §13, slice 6): what a ship would
 * have written for the shipped, void and correcting shipments the demo inserts in bulk. BOL numbers
 * from the company's BOL numbering in ship date order (each year's series from 1, its counter left
 * at the last), the archive's issued (and void) documents built by the same snapshot function
 * from the records in memory, and a history row per move, by the company's first user who is not
 * platform staff.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatCode, periodOf } from '../../src/lib/code-pattern';
import { company } from '../../src/resources/accounts/company';
import { user } from '../../src/resources/accounts/user';
import { facility } from '../../src/resources/logistics/facility';
import { party } from '../../src/resources/logistics/party';
import { product } from '../../src/resources/logistics/product';
import { contract } from '../../src/resources/rail/contract';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { PARTY_FIELDS, railShipment } from '../../src/resources/rail/rail-shipment';
import type { Db } from '../db/connection';
import { codeCounter, railBolArchive, railHistory } from '../db/rail-tables';
import { tableOf } from '../db/tables';
import { selectionOf } from '../engine/operations';
import type { Row } from '../engine/serialize';
import { bolSettings } from '../actions/rail/numbering';
import { type BolFacts, withCarValues } from '../actions/rail/bol-facts';
import { bolSnapshot } from '../actions/rail/bol-snapshot';

const byId = async (db: Db, r: typeof party | typeof facility | typeof product | typeof contract, companyId: number) => {
  const t = tableOf(r);
  return new Map((await db.select(selectionOf(r)).from(t).where(eq(t.company, companyId))).map((x) => [x.id, x]));
};

/** Issues the company's inserted shipments that are shipped, void or in correction, as ships would have. */
export async function issueSeeded(db: Db, companyId: number): Promise<number> {
  const s = tableOf(railShipment);
  const rows = await db.select(selectionOf(railShipment)).from(s)
    .where(and(eq(s.company, companyId), inArray(s.status, ['shipped', 'void', 'in_correction']))).orderBy(asc(s.ship_date), asc(s.shipment_number));
  if (!rows.length) return 0;
  const settings = await bolSettings(db, companyId);
  const k = tableOf(company);
  const [me] = await db.select(selectionOf(company)).from(k).where(eq(k.id, companyId));
  const u = tableOf(user);
  const [who] = await db.select({ id: u.id, name: u.name, email: u.email }).from(u).where(and(eq(u.company, companyId), eq(u.is_superuser, false))).orderBy(asc(u.id)).limit(1);
  const label = String(who?.name || who?.email || 'Demo');
  const [parties, facilities, products, contracts] = [await byId(db, party, companyId), await byId(db, facility, companyId), await byId(db, product, companyId), await byId(db, contract, companyId)];
  const l = tableOf(loadedRailCar);
  const cars = await db.select(selectionOf(loadedRailCar)).from(l).where(inArray(l.rail_shipment, rows.map((x) => x.id as number))).orderBy(asc(l.car_mark), asc(l.car_number));

  const factsOf = new Map<unknown, BolFacts>();
  const seq = new Map<string, number>();
  const archive: Row[] = [];
  const history: Row[] = [];
  for (const x of rows) {
    const date = String(x.ship_date);
    const period = periodOf(settings.reset, date);
    const n = (seq.get(period) ?? settings.start_number - 1) + 1;
    seq.set(period, n);
    const origin = facilities.get(x.origin) ?? null;
    const railroad = parties.get(x.railroad) ?? null;
    x.bol_number = formatCode(settings.pattern, { seq: n, date, fields: { 'company.code': me.code as string, 'origin.code': origin?.code as string, 'railroad.scac': railroad?.scac as string } }, 'bol');
    x.bol_revision = 0;
    await db.update(s).set({ bol_number: x.bol_number, bol_revision: 0 }).where(eq(s.id, x.id as number));
    const facts: BolFacts = {
      shipment: { ...x, status: 'shipped' }, company: me, origin, railroad,
      parties: Object.fromEntries(PARTY_FIELDS.filter((f) => parties.has(x[f])).map((f) => [f, parties.get(x[f])!])),
      destination: facilities.get(x.destination) ?? null, product: products.get(x.product) ?? null, contract: contracts.get(x.contract) ?? null,
      cars: cars.filter((c) => c.rail_shipment === x.id).map(withCarValues),
      // A master is numbered after its sub-billings (they come first by number), so theirs are known when its document lists them.
      subBillings: x.is_master_billing ? rows.filter((y) => y.master_billing === x.id).map((y) => factsOf.get(y.id)!) : [],
    };
    factsOf.set(x.id, facts);
    const at = new Date(String(x.shipped_at));
    const zone = String(origin?.timezone ?? 'America/Edmonton');
    const issued = bolSnapshot(facts, { kind: 'issued', issuedAt: at, zone, issuedBy: label });
    const base = { company_id: companyId, shipment_id: x.id, bol_number: x.bol_number, revision: 0, template_code: issued.template.code, template_version: issued.template.version, issued_by: who?.id ?? null, issued_by_label: label };
    archive.push({ ...base, seq: 1, kind: 'issued', snapshot: issued, issued_at: at });
    const moved = (action: string, changes: Record<string, [unknown, unknown]>, when: Date) => history.push({
      company_id: companyId, resource: railShipment.name, record_id: x.id, contract_id: x.contract, shipment_id: x.id, at: when,
      user_id: who?.id ?? null, user_label: label, action, via: `POST rail_shipment/{id}/${action}/`, changes,
    });
    moved('ship', { status: ['open', 'shipped'], bol_number: [null, x.bol_number], bol_revision: [null, 0] }, at);
    const later = new Date(at.getTime() + 26 * 3600_000);
    if (x.status === 'void') {
      archive.push({ ...base, seq: 2, kind: 'void', snapshot: { ...issued, kind: 'void', void_reason: x.void_reason, voided_at: later.toISOString(), voided_by: label }, issued_at: later });
      moved('void_shipment', { status: ['shipped', 'void'], void_reason: [null, x.void_reason] }, later);
    }
    if (x.status === 'in_correction') moved('open_for_correction', { status: ['shipped', 'in_correction'], correction_reason: [null, x.correction_reason] }, later);
  }
  for (let i = 0; i < archive.length; i += 500) await db.insert(railBolArchive).values(archive.slice(i, i + 500) as (typeof railBolArchive.$inferInsert)[]);
  for (let i = 0; i < history.length; i += 500) await db.insert(railHistory).values(history.slice(i, i + 500) as (typeof railHistory.$inferInsert)[]);
  for (const [period, last] of seq) {
    await db.insert(codeCounter).values({ company_id: companyId, series: 'bol', period, last_number: last, given: last - settings.start_number + 1 }).onConflictDoNothing();
  }
  return rows.length;
}
