/**
 * The demo's partner portal (docs/partners.md, Demo): Northern Refining Partners reads the
 * shipments made on the contracts shared with it and, since the terminal's company record NRP is
 * its rail party, the terminal tickets that name it. Once: nothing is written when the terminal
 * company already names its party. The demo groups get the grants of both views.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { party } from '../../src/resources/logistics/party';
import { partnerRailShipment } from '../../src/resources/partner/rail-shipment';
import { partnerTicket } from '../../src/resources/partner/ticket';
import { terminalCompany } from '../../src/resources/terminal/terminal-company';
import { grantDemoGroups } from './demo-grants';

export async function seedPartnerPortal(db: Db, companyId: number, partnerId: number | null): Promise<boolean> {
  if (partnerId === null) return false;
  const p = tableOf(party);
  const tc = tableOf(terminalCompany);
  const [rail] = await db.select({ id: p.id }).from(p).where(and(eq(p.company, companyId), eq(p.platform_company, partnerId), eq(p.code, 'NRP'))).limit(1);
  if (!rail) return false;
  const linked = await db.update(tc).set({ party: rail.id } as never)
    .where(and(eq(tc.company, companyId), eq(tc.company_code, 'NRP'), isNull(tc.party))).returning({ id: tc.id });
  if (!linked.length) return false;
  await grantDemoGroups(db, [partnerRailShipment, partnerTicket].map(contentType));
  return true;
}
