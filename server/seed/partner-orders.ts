/**
 * The demo's partner orders (docs/partners.md, Demo): Northern Refining Partners ordered 6 cars of
 * ULSD on the shared Edmonton contract for two weeks from three days ago and sent its first nomination,
 * which waits for Prairie Bulk Terminals' answer. Once: nothing is written when the company has an
 * order. The demo groups get the partner models' grants (the shared contracts, orders, nominations).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { party } from '../../src/resources/logistics/party';
import { contract } from '../../src/resources/rail/contract';
import { partnerRailContract } from '../../src/resources/partner/rail-contract';
import { partnerRailOrder } from '../../src/resources/partner/rail-order';
import { partnerRailNomination } from '../../src/resources/partner/rail-nomination';
import { daysBetween, spreadOver, totalOf } from '../../src/lib/nomination-days';
import { addDays } from '../../src/lib/contract-periods';
import { grantDemoGroups } from './demo-grants';

export async function seedPartnerOrders(db: Db, companyId: number, partnerId: number | null, now = new Date()): Promise<boolean> {
  const o = tableOf(partnerRailOrder);
  const [has] = await db.select({ id: o.id }).from(o).where(eq(o.company, companyId)).limit(1);
  if (has || partnerId === null) return false;
  await grantDemoGroups(db, [partnerRailContract, partnerRailOrder, partnerRailNomination].map(contentType));
  const c = tableOf(contract);
  const p = tableOf(party);
  const [k] = await db.select({ id: c.id, start: c.start_date, end: c.end_date }).from(c).innerJoin(p, eq(p.id, c.party))
    .where(and(eq(c.company, companyId), eq(p.platform_company, partnerId), eq(c.status, 'active'))).orderBy(asc(c.start_date), asc(c.id)).limit(1);
  if (!k) return false;
  // Two weeks from a few days ago (inside the contract), so the board and the order screens show it at once.
  const recent = addDays(now.toISOString().slice(0, 10), -3);
  const from = recent > String(k.start) && recent <= String(k.end) ? recent : String(k.start);
  const to = [addDays(from, 13), String(k.end)].sort()[0];
  const sentAt = new Date(now.getTime() - 3_600_000);
  const [order] = await db.insert(o).values({
    company: companyId, partner_company: partnerId, contract: k.id, order_number: 'NRP-PO-4471', number_of_cars: 6, start_date: from, end_date: to,
    notes: 'Unit train not needed: two or three cars a week suits the Sarnia rack.', status: 'sent', sent_at: sentAt,
  } as never).returning({ id: o.id });
  const days = spreadOver(daysBetween(from, to).filter((_, i) => i % 3 === 1), 6);
  const used = days.filter((d) => d.quantity > 0);
  await db.insert(tableOf(partnerRailNomination)).values({
    company: companyId, partner_company: partnerId, order: order.id, contract: k.id, revision: 1, forecast: 6,
    shipping_schedule: days, nominated_total: totalOf(days), first_date: used[0]?.date ?? null, last_date: used.at(-1)?.date ?? null,
    status: 'sent', sent_at: sentAt,
  } as never);
  return true;
}
