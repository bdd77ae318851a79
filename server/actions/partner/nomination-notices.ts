/**
 * Who hears of a nomination's step (docs/notifications.md, Kinds): a sent one reaches the owner's
 * people who approve nominations; an approved or rejected one the partner's people who nominate.
 * Both open the contract's orders page, where the answer is given or read.
 */
import { eq } from 'drizzle-orm';
import { REVIEW_NOMINATIONS, partnerRailNomination } from '../../../src/resources/partner/rail-nomination';
import { partnerRailOrder } from '../../../src/resources/partner/rail-order';
import { company } from '../../../src/resources/accounts/company';
import { codename } from '../../../src/resources/define';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Row } from '../../engine/serialize';
import { notify } from '../../notify/raise';

async function facts(db: Db, n: Row) {
  const o = tableOf(partnerRailOrder);
  const c = tableOf(company);
  const [order] = await db.select({ number: o.order_number }).from(o).where(eq(o.id, Number(n.order)));
  const name = async (id: unknown) => (await db.select({ name: c.name }).from(c).where(eq(c.id, Number(id))))[0]?.name ?? '';
  return { order: order?.number ? String(order.number) : `#${String(n.order)}`, owner: await name(n.company), partner: await name(n.partner_company) };
}

export async function tellNomination(db: Db, n: Row): Promise<void> {
  const f = await facts(db, n);
  const link = `/partner/orders/${String(n.contract)}/`;
  const what = `order ${f.order}, version ${String(n.revision)}`;
  if (n.status === 'sent') {
    await notify(db, Number(n.company), { holding: REVIEW_NOMINATIONS }, {
      kind: 'nomination', level: 'warning', title: `${f.partner} sent a nomination: ${what}`,
      body: `${f.partner} nominated ${String(n.nominated_total)} cars from ${String(n.first_date)} to ${String(n.last_date)}. Approve or reject it on the contract's orders page.`, link,
    });
  } else if (n.status === 'approved' || n.status === 'rejected') {
    const rejected = n.status === 'rejected';
    await notify(db, Number(n.partner_company), { holding: codename(partnerRailNomination, 'change') }, {
      kind: 'nomination', level: rejected ? 'alert' : 'info', title: `${f.owner} ${rejected ? 'rejected' : 'approved'} your nomination: ${what}`,
      body: rejected ? `Reason: ${String(n.reject_reason ?? '')}. Revise it and send it again.` : `${String(n.nominated_total)} cars are now in the contract's rail schedule.`, link,
    });
  }
}
