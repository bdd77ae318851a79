/**
 * The demo's customs (docs/invoicing.md, Customs demo data): the US buyers as terminal companies naming
 * their rail parties, one cross-border contract per US buyer (the exporter and seller the demo
 * company, the buyer its own consignee, TSCA positive), its sale contracts naming it, and a year of
 * customs invoices over their shipments to the buyers' plants, made by the server's own rules
 * (server/actions/invoice/customs-make.ts): cleared with an entry number, the last weeks' sent,
 * one returned for a correction, now and then a void one (its cars on the next invoice), and the
 * newest three shipments' cars waiting in Customs cars.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { customsInvoice, customsItem } from '../../src/resources/invoice/customs-invoice';
import { party } from '../../src/resources/logistics/party';
import { facility } from '../../src/resources/logistics/facility';
import { contract } from '../../src/resources/rail/contract';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { crossBorderContract } from '../../src/resources/terminal/cross-border-contract';
import { terminalCompany } from '../../src/resources/terminal/terminal-company';
import { terminalProduct } from '../../src/resources/terminal/terminal-product';
import { terminalUser } from '../../src/resources/terminal/terminal-user';
import { contentType } from '../../src/resources/define';
import { CI, CL, customsRecord, planCustoms } from '../actions/invoice/customs-make';
import { addresses } from '../actions/terminal/cross-border-contracts';
import type { Db } from '../db/connection';
import { codeCounter } from '../db/rail-tables';
import { joinTableOf, tableOf } from '../db/tables';
import { selectionOf } from '../engine/operations';
import { type Row, addDays, day, pad, rng } from './seed-kit';

/** The customs models whose rights the demo groups get (docs/invoicing.md, Customs: who may). */
export const CUSTOMS_MODELS = [customsInvoice, customsItem].map(contentType);

/** The US buyers' customs terms: [party code, terminal product code, unit of measure, freight per car]. */
const TERMS: readonly [string, string, string, string | null][] = [['GCR', 'MSW', 'barrel', '4250.00'], ['GPP', 'C3', 'barrel', null]];
const PORT = '3310 Sweetgrass, MT';
/** The newest shipments to the US plants whose cars wait in Customs cars. */
const WAITING = 3;
const RETURN_REASON = 'The broker asked for the port of entry and the consignee\'s IRS number.';
const VOID_REASON = 'Made against the wrong cross-border contract';

export async function seedCustoms(db: Db, companyId: number, today = new Date()): Promise<boolean> {
  const X = tableOf(crossBorderContract);
  if ((await db.select({ id: X.id }).from(X).where(eq(X.company, companyId)).limit(1)).length) return false;
  const r = rng(companyId * 104729);
  const TC = tableOf(terminalCompany);
  const TP = tableOf(terminalProduct);
  const P = tableOf(party);
  const [exporter] = await db.select().from(TC).where(and(eq(TC.company, companyId), eq(TC.company_code, 'PBT')));
  const [employee] = await db.select({ id: tableOf(terminalUser).id }).from(tableOf(terminalUser)).where(eq(tableOf(terminalUser).company, companyId)).orderBy(asc(tableOf(terminalUser).username)).limit(1);
  if (!exporter) return false;
  const linked = new Map<number, string>();
  for (const [code, productCode, unit, freight] of TERMS) {
    const [buyerParty] = await db.select().from(P).where(and(eq(P.company, companyId), eq(P.code, code)));
    const [goods] = await db.select({ id: TP.id }).from(TP).where(and(eq(TP.company, companyId), eq(TP.product_code, productCode)));
    if (!buyerParty || !goods) continue;
    const [buyer] = await db.insert(TC).values({
      id: randomUUID(), company: companyId, name: String(buyerParty.name), company_code: code, status: 'active', enabled: true,
      address: String(buyerParty.address ?? `${r.int(100, 9999)} Refinery Rd`), city: buyerParty.city, province: buyerParty.province, postal_code: buyerParty.postal_code ?? '77640',
      country: 'US', email: buyerParty.email, irs_number: `${r.int(10, 99)}-${pad(r.int(1000000, 9999999), 7)}`, party: buyerParty.id,
    }).returning();
    const values: Row = {
      id: randomUUID(), company: companyId, name: `${productCode === 'MSW' ? 'Crude oil' : 'NGL and petrochemicals'} to ${String(buyerParty.name)}`, enabled: true,
      product: goods.id, buyer: buyer.id, supplier: exporter.id, exporter: exporter.id, responsible_employee: employee?.id ?? null, bill_customs_charges_to: 'buyer',
      currency: 'USD', cost_of_freight: freight, discount_amount: '0', end_use: 'FS', shipment_method_of_payment_choice: 'PP', unit_or_basis_for_measurement: unit,
      TSCA_statement: 'Complies with all TSCA Rules', generate_EDI_and_invoice: true, census_schedule: 'D', buyer_related: false, are_goods_purchased: true,
      associations: [], server_associations: [], comments: 'Exports by rail through the Sweetgrass, MT port of entry.',
    };
    values.data = await addresses(db, values, [String(buyer.id)]);
    const [xbc] = await db.insert(X).values(values).returning({ id: X.id });
    await db.insert(joinTableOf(crossBorderContract, 'consignee_options')).values({ owner_id: xbc.id, target_id: buyer.id });
    const K = tableOf(contract);
    await db.update(K).set({ cross_border_contract: xbc.id }).where(and(eq(K.company, companyId), eq(K.party, buyerParty.id as number), eq(K.contract_type, 'sale')));
    linked.set(buyerParty.id as number, String(xbc.id));
  }
  if (!linked.size) return false;
  await seedCustomsInvoices(db, companyId, today, r);
  return true;
}

/** A year of customs invoices over the shipped cars to the US plants, one per shipment. */
async function seedCustomsInvoices(db: Db, companyId: number, today: Date, r: ReturnType<typeof rng>) {
  const S = tableOf(railShipment);
  const F = tableOf(facility);
  const C = tableOf(loadedRailCar);
  const plants = (await db.select({ id: F.id }).from(F).where(and(eq(F.company, companyId), eq(F.country, 'US')))).map((x) => x.id as number);
  if (!plants.length) return;
  const since = day(addDays(today, -372));
  const shipments = await db.select({ id: S.id, ship_date: S.ship_date }).from(S)
    .where(and(eq(S.company, companyId), inArray(S.status, ['shipped', 'in_correction']), inArray(S.destination, plants), gte(S.ship_date, since))).orderBy(asc(S.ship_date), asc(S.id));
  // By age, newest first: the newest shipments wait for their papers, the next is back from the
  // broker, the next two are with the broker, the older ones cleared (numbered in date order).
  const seq = new Map<string, number>();
  const number = (on: string) => { const y = on.slice(0, 4); const n = (seq.get(y) ?? 0) + 1; seq.set(y, n); return `CI-${y}-${pad(n, 5)}`; };
  // Ranked among the shipments that make a customs invoice (cars crossing on a cross-border
  // contract's terms), so every state is there whatever the day the demo is made on.
  const usable: { ship_date: unknown; plan: Awaited<ReturnType<typeof planCustoms>> }[] = [];
  for (const s of shipments) {
    const cars = await db.select(selectionOf(loadedRailCar)).from(C).where(eq(C.rail_shipment, s.id)).orderBy(asc(C.id));
    if (!cars.length) continue;
    const plan = await planCustoms(db, companyId, cars, null);
    if (plan.groups.length) usable.push({ ship_date: s.ship_date, plan });
  }
  // The second with the broker only when older ones are left to be cleared: a small demo has one of each.
  const stateAt = (rank: number) => (rank < WAITING ? null : rank === WAITING ? 'returned' : rank === WAITING + 1 ? 'sent'
    : rank === WAITING + 2 && usable.length > WAITING + 3 ? 'sent' : 'cleared');
  const ranked = usable.map((s, i) => ({ ...s, state: stateAt(usable.length - 1 - i) })).filter((s) => s.state);
  let made = 0;
  for (const s of ranked) {
    const shipped = String(s.ship_date);
    const plan = s.plan;
    for (const g of plan.groups) {
      const { values, lines } = await customsRecord(db, companyId, g, plan.facilities);
      const sentAt = new Date(`${day(addDays(new Date(`${shipped}T12:00:00Z`), 1))}T15:30:00Z`);
      const broker = values.parties.broker?.email ? String(values.parties.broker.email) : null;
      const write = async (status: string, extra: Row = {}) => {
        const [inv] = await db.insert(CI).values({
          ...values, company: companyId, code: number(String(values.invoice_date)), status, port_of_entry: PORT,
          sent_at: status === 'draft' ? null : sentAt, sent_to: status === 'draft' ? null : broker, ...extra,
        } as never).returning({ id: CI.id });
        await db.insert(CL).values(lines.map((l) => ({ ...l, customs_invoice: inv.id, open: status !== 'void' })) as never);
      };
      // Now and then one made against the wrong terms, voided, and its cars on the next.
      if (made % 17 === 1) await write('void', { void_reason: VOID_REASON });
      const status = s.state!;
      await write(status, status === 'cleared' ? { entry_number: `SCB-${pad(r.int(1000000, 9999999), 7)}-${r.int(0, 9)}` } : status === 'returned' ? { return_reason: RETURN_REASON } : {});
      made++;
    }
  }
  for (const [year, n] of seq) {
    await db.insert(codeCounter).values({ company_id: companyId, series: 'customs_invoice', period: year, last_number: n, given: n }).onConflictDoNothing();
  }
}
