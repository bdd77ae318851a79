/**
 * What the engine's lifecycle does not say of a customs invoice (docs/invoicing.md, Customs
 * lifecycle): it is made only from its cars (create_invoice/) and sent only with its PDF and CSV
 * (send/); its total follows its freight and discount; voiding it frees its cars.
 */
import { and, eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../engine/hooks';
import type { Ctx } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { CI, CL } from './customs-make';
import { customsTotals } from './customs-values';

const through = (ctx: Ctx, action: string) => (ctx.via ?? '').endsWith(`/${action}/`);

export const customsHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, current }) {
    const v = input.values;
    if (mode === 'create' && !through(ctx, 'create_invoice')) {
      throw badRequest({ non_field_errors: ['A customs invoice is made from its cars: choose them in Customs cars and use "Make customs invoices" (create_invoice/).'] });
    }
    if (mode === 'update' && v.status === 'sent' && current?.status !== 'sent' && !through(ctx, 'send')) {
      throw badRequest({ status: ['A customs invoice is sent with "Send to broker" (send/), which mails its PDF and CSV.'] });
    }
    if (mode === 'update' && ('cost_of_freight' in v || 'discount_amount' in v)) {
      const after = { ...current, ...v } as Row;
      const lines = await db.select({ value: CL.value, quantity: CL.quantity }).from(CL).where(eq(CL.customs_invoice, current!.id as number));
      const t = customsTotals(lines.map((l) => ({ value: String(l.value), quantity: String(l.quantity) })), after.cost_of_freight as string | null, after.discount_amount as string | null);
      if (t.negative) throw badRequest({ discount_amount: ['The discount is more than the goods and the freight together.'] });
      v.total = t.total;
    }
  },
  beforeWriteFields: ['status', 'cost_of_freight', 'discount_amount'],
  // A void customs invoice lets its cars go: its lines stay, closed, for the record.
  async afterWrite({ db, id, mode }) {
    if (mode !== 'update') return;
    const [row] = await db.select({ status: CI.status }).from(CI).where(eq(CI.id, id as number));
    if (row?.status === 'void') await db.update(CL).set({ open: false }).where(and(eq(CL.customs_invoice, id as number), eq(CL.open, true)));
  },
};
