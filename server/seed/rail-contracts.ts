/**
 * The demo contracts (docs/rail.md §13): with `small` six of the demo company (draft, active,
 * closed, cancelled, one sale connected to the purchase that supplies it) and two of the partner;
 * with `full` about 120 over the past year and the next two months (about 70 % sales, about 20
 * sales connected), and six of the partner. Numbered as their generators number (`S-2026-0001`,
 * by start date within each type and year), with the counters ending at the highest number used.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { codeCounter } from '../db/rail-tables';
import { facility } from '../../src/resources/logistics/facility';
import { party } from '../../src/resources/logistics/party';
import { product } from '../../src/resources/logistics/product';
import { contract } from '../../src/resources/rail/contract';
import { DEFAULT_SETTINGS, formatCode, periodOf } from '../../src/lib/code-pattern';
import { addDays, addMonths, contractDays } from '../../src/lib/contract-periods';
import { type Row, type SeedVolume, day, rng } from './seed-kit';
import { TERMS, TRADES } from './rail-data';

interface Plan {
  type: 'sale' | 'purchase'; product: string; party: string; facility: string; carrier: string | null;
  start: string; end: string; cars: number; status: 'draft' | 'active' | 'closed' | 'cancelled';
  cancel_reason?: string; supplies?: number; terms?: string; price?: string;
}

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const monthEnd = (d: string) => addDays(addMonths(monthStart(d), 1), -1);
const CANCEL_REASONS = ['Supplier\'s plant turnaround moved; no cars available.', 'Buyer withdrew after the price reset.', 'Replaced by a longer contract.'];

/** The demo company's six contracts of the small demo, around today. */
function smallPlans(today: string): Plan[] {
  const now = monthStart(today);
  const next = addMonths(now, 1);
  const ago = addMonths(now, -3);
  const last = addMonths(now, -1);
  return [
    { type: 'purchase', product: 'CRUDE', party: 'ACM', facility: 'FSK', carrier: 'CN', start: now, end: monthEnd(next), cars: 60, status: 'active', terms: TERMS[0], price: '2.1500' },
    { type: 'sale', product: 'CRUDE', party: 'GCR', facility: 'FSK', carrier: 'CN', start: now, end: monthEnd(now), cars: 40, status: 'active', supplies: 0, terms: TERMS[1], price: '2.4800' },
    { type: 'sale', product: 'C3', party: 'GLP', facility: 'FSK', carrier: 'CN', start: next, end: monthEnd(next), cars: 20, status: 'draft', price: '1.1200' },
    { type: 'sale', product: 'WHT', party: 'PAE', facility: 'ETL', carrier: 'CPRS', start: ago, end: monthEnd(addMonths(ago, 1)), cars: 30, status: 'closed', terms: TERMS[2] },
    { type: 'purchase', product: 'C3', party: 'PPS', facility: 'ETL', carrier: 'CN', start: last, end: monthEnd(last), cars: 25, status: 'cancelled', cancel_reason: CANCEL_REASONS[0] },
    { type: 'sale', product: 'ULSD', party: 'NRP', facility: 'ETL', carrier: 'CPRS', start: now, end: monthEnd(addMonths(now, 2)), cars: 12, status: 'active', terms: TERMS[3], price: '2.9500' },
  ];
}

/** About 114 more over the past year and the next two months, with about 20 sales connected to a purchase of their product. */
function morePlans(today: string, seed: number): Plan[] {
  const r = rng(seed);
  const plans: Plan[] = [];
  for (let i = 0; i < 114; i++) {
    const [code, suppliers, buyers, facilities, railroad] = r.pick(TRADES);
    const type = r.chance(0.7) ? 'sale' : 'purchase';
    const start = addDays(today, -365 + Math.floor((i * 425) / 114));
    const end = addDays(addMonths(start, r.pick([1, 2, 3])), -1);
    const status = end < today ? 'closed' : start > today ? 'draft' : 'active';
    plans.push({
      type, product: code, party: r.pick(type === 'sale' ? buyers : suppliers), facility: r.pick(facilities), carrier: railroad,
      start, end, cars: r.int(60, 400), status, terms: r.chance(0.5) ? r.pick(TERMS) : undefined, price: (r.real(0.9, 3.4)).toFixed(4),
    });
  }
  // Five called off, spread over the past year.
  plans.filter((p) => p.status === 'closed').filter((_, i) => i % 12 === 3).slice(0, 5).forEach((p, i) => { p.status = 'cancelled'; p.cancel_reason = CANCEL_REASONS[i % CANCEL_REASONS.length]; });
  let connected = 0;
  plans.forEach((p, i) => {
    if (p.type !== 'sale' || p.status === 'cancelled' || connected >= 20 || !r.chance(0.35)) return;
    const supply = plans.findIndex((q) => q.type === 'purchase' && q.status !== 'cancelled' && q.product === p.product && q.start <= p.end && q.end >= p.start);
    if (supply >= 0 && supply !== i) { p.supplies = supply; connected++; }
  });
  return plans;
}

/** The partner's own purchases from Prairie Bulk Terminals, received at its refinery. */
function partnerPlans(today: string, volume: SeedVolume): Plan[] {
  const n = volume === 'full' ? 6 : 2;
  return Array.from({ length: n }, (_, i) => {
    const start = addMonths(monthStart(today), i - n + 2);
    return {
      type: 'purchase' as const, product: i % 2 ? 'C3' : 'CRUDE', party: 'PBT', facility: 'SAR', carrier: 'CN', start, end: monthEnd(start),
      cars: 10 + i * 5, status: start > today ? 'draft' as const : monthEnd(start) < today ? 'closed' as const : 'active' as const,
    };
  });
}

/** Ids by code of the company's records of a resource with a `code`. */
async function idsByCode(db: Db, r: typeof party | typeof product | typeof facility, companyId: number, codes: string[]): Promise<Map<string, number>> {
  const t = tableOf(r);
  const rows = await db.select({ id: t.id, code: t.code }).from(t).where(and(eq(t.company, companyId), inArray(t.code, codes)));
  return new Map(rows.map((x) => [String(x.code), x.id as number]));
}

/** Writes the plans as contracts of the company, numbered in start order per type and year; the counters end at the last number. */
async function writePlans(db: Db, companyId: number, plans: Plan[]) {
  const codes = (pick: (p: Plan) => string | null) => [...new Set(plans.map(pick).filter((c): c is string => Boolean(c)))];
  const parties = await idsByCode(db, party, companyId, codes((p) => p.party).concat(codes((p) => p.carrier)));
  const products = await idsByCode(db, product, companyId, codes((p) => p.product));
  const facilities = await idsByCode(db, facility, companyId, codes((p) => p.facility));
  const counters = new Map<string, number>();
  const numbered = plans.map((p, i) => ({ p, i })).sort((a, b) => a.p.start.localeCompare(b.p.start) || a.i - b.i).map(({ p, i }) => {
    const series = p.type === 'sale' ? 'contract_sale' : 'contract_purchase';
    const { pattern, reset } = DEFAULT_SETTINGS[series];
    const key = `${series}|${periodOf(reset, p.start)}`;
    const seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, seq);
    return { i, number: formatCode(pattern, { seq, date: p.start, fields: {} }, 'code') };
  });
  const numberOf = new Map(numbered.map((x) => [x.i, x.number]));
  const row = (p: Plan, i: number): Row => ({
    company: companyId, contract_number: numberOf.get(i), contract_type: p.type, status: p.status,
    party: parties.get(p.party), product: products.get(p.product), facility: facilities.get(p.facility),
    facility_role: p.type === 'sale' ? 'origin' : 'destination', carrier: p.carrier ? parties.get(p.carrier) ?? null : null,
    number_of_cars: p.cars, volume_per_car: p.product === 'WHT' || p.product === 'CANOLA' ? null : '29500.00',
    price: p.price ?? null, price_unit: 'per_usgal', currency: p.party === 'GCR' || p.party === 'GPP' ? 'USD' : 'CAD',
    start_date: p.start, end_date: p.end, terms: p.terms ?? null, cancel_reason: p.cancel_reason ?? null,
  });
  for (const p of plans) if (contractDays(p.start, p.end) > 366) throw new Error(`demo contract ${p.start}..${p.end} runs over a year`);
  const t = tableOf(contract);
  // Purchases first, so the sales they supply can name them.
  const ids = new Map<number, number>();
  const purchases = plans.map((p, i) => ({ p, i })).filter((x) => x.p.type === 'purchase');
  const sales = plans.map((p, i) => ({ p, i })).filter((x) => x.p.type === 'sale');
  for (const group of [purchases, sales]) {
    if (!group.length) continue;
    const made = await db.insert(t).values(group.map(({ p, i }) => ({ ...row(p, i), supply_contract: p.supplies === undefined ? null : ids.get(p.supplies) ?? null })))
      .returning({ id: t.id });
    group.forEach(({ i }, k) => ids.set(i, made[k].id as number));
  }
  for (const [key, last] of counters) {
    const [series, period] = key.split('|');
    await db.insert(codeCounter).values({ company_id: companyId, series, period, last_number: last, given: last }).onConflictDoNothing();
  }
}

/** Seeds the company's contracts (and the partner's) once: nothing is written when the company has a contract. */
export async function seedContracts(db: Db, companyId: number, partnerId: number | null, volume: SeedVolume, now = new Date()): Promise<boolean> {
  const t = tableOf(contract);
  const [has] = await db.select({ id: t.id }).from(t).where(eq(t.company, companyId)).limit(1);
  if (has) return false;
  const today = day(now);
  await writePlans(db, companyId, volume === 'full' ? [...smallPlans(today), ...morePlans(today, 20261124)] : smallPlans(today));
  if (partnerId !== null) await writePlans(db, partnerId, partnerPlans(today, volume));
  return true;
}
