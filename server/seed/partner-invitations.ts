/**
 * The demo's partnership (docs/partners.md, Demo): Prairie Bulk Terminals invited Northern Refining
 * Partners (its party NRP) and Pat Partner accepted, so the two companies are partners; a second
 * invitation, to a buyer at Gulf Coast Refining, is sent and waits for an answer. Once: nothing is
 * written when the company has an invitation. Its groups get the invitation model's grants.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { party } from '../../src/resources/logistics/party';
import { invitation } from '../../src/resources/partner/invitation';
import { grantDemoGroups } from './demo-grants';

const DAY = 86_400_000;

export async function seedInvitations(db: Db, companyId: number, partnerId: number | null, now = new Date()): Promise<boolean> {
  const i = tableOf(invitation);
  const [has] = await db.select({ id: i.id }).from(i).where(eq(i.company, companyId)).limit(1);
  if (has) return false;
  await grantDemoGroups(db, [contentType(invitation)]);
  const p = tableOf(party);
  const partyOf = async (code: string) => (await db.select({ id: p.id }).from(p).where(and(eq(p.company, companyId), eq(p.code, code))))[0]?.id;
  const [nrp, gcr] = [await partyOf('NRP'), await partyOf('GCR')];
  const rows = [];
  if (nrp && partnerId !== null) {
    const sent = new Date(now.getTime() - 40 * DAY);
    rows.push({
      company: companyId, email: 'partner@partner.test', party: nrp, relation: 'customer', status: 'accepted', message: 'Orders and nominations for the Sarnia contracts, please.',
      sent_at: sent, expires_at: new Date(sent.getTime() + 14 * DAY), responded_at: new Date(sent.getTime() + DAY), responded_by: 'Pat Partner',
      partner_company: partnerId, partner_company_name: 'Northern Refining Partners Inc.',
    });
  }
  if (gcr) {
    const sent = new Date(now.getTime() - 2 * DAY);
    rows.push({ company: companyId, email: 'rail.buyer@gulfcoast.example', party: gcr, relation: 'customer', status: 'sent', sent_at: sent, expires_at: new Date(sent.getTime() + 14 * DAY) });
  }
  if (rows.length) await db.insert(i).values(rows as never);
  return rows.length > 0;
}
