/**
 * A draft's `remove_items/` and an issued invoice's `credit_note/` (docs/invoicing.md, Credit
 * notes): an issued invoice is never edited, so a wrong line is credited: a credit note (a draft
 * of its own, issued like an invoice) carries the chosen lines with every figure the other way.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { invoice } from '../../../src/resources/invoice/invoice';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import { create, get, serializeRows } from '../../engine/operations';
import { negated } from './car-charges';
import { I, L, invoiceName, retotal } from './invoice-lines';

export const removeItems: ActionHandler = async ({ db, ctx, record, input }) => {
  const inv = record!;
  if (inv.status !== 'draft') throw badRequest({ items: [`${invoiceName(inv)} is ${String(inv.status)}: lines are removed from a draft only; credit them instead.`] });
  const ids = [...new Set(input.items as number[])];
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ version: I.version, status: I.status }).from(I).where(eq(I.id, inv.id as number)).for('update');
    if (locked.status !== 'draft') throw badRequest({ items: ['The invoice was issued meanwhile: credit the lines instead.'] });
    const found = await tx.select({ id: L.id }).from(L).where(and(eq(L.invoice, inv.id as number), inArray(L.id, ids)));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest({ items: missing.map((id) => `Line ${id} is not a line of this invoice.`) });
    await tx.delete(L).where(inArray(L.id, ids));
    // Positions close up, so the printed lines count 1, 2, 3 again.
    await tx.execute(sql`update ${L} set position = n.position from (
      select id, row_number() over (order by position, id) as position from ${L} where ${L.invoice} = ${inv.id as number}) n where ${L.id} = n.id`);
    await retotal(tx, inv.id as number);
    await tx.update(I).set({ version: (locked.version as number) + 1, updated_at: new Date() }).where(eq(I.id, inv.id as number));
    return get(tx, ctx, invoice, String(inv.id));
  });
};

export const creditNote: ActionHandler = async ({ db, ctx, record, input }) => {
  const inv = record!;
  if (inv.kind !== 'invoice' || (inv.status !== 'issued' && inv.status !== 'paid')) {
    throw badRequest({ non_field_errors: [`${invoiceName(inv)} is ${inv.kind === 'invoice' ? String(inv.status) : 'a credit note'}: only an issued or paid invoice is credited.`] });
  }
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(L).where(eq(L.invoice, inv.id as number)).orderBy(L.position).for('update');
    const wanted = input.items as number[] | undefined;
    const chosen = wanted?.length ? lines.filter((l) => wanted.includes(l.id as number)) : lines;
    if (wanted?.length && chosen.length !== new Set(wanted).size) throw badRequest({ items: ['Name lines of this invoice only.'] });
    // A line is credited once: by a credit note that is not void.
    const credits = await tx.select({ of: L.credits_item, id: I.id, code: I.code, kind: I.kind }).from(L).innerJoin(I, eq(I.id, L.invoice))
      .where(and(inArray(L.credits_item, chosen.map((l) => l.id as number)), ne(I.status, 'void')));
    if (credits.length) {
      throw badRequest({ items: credits.map((c) => `Line ${lines.find((l) => l.id === c.of)?.position}: already credited on ${invoiceName(c)}.`) });
    }
    const note = await create(tx, ctx, invoice, {
      kind: 'credit_note', credit_of: inv.id, party: inv.party, currency: inv.currency, payment_terms_days: 0, po_number: inv.po_number,
      comments: `Credits invoice ${String(inv.code)}: ${String(input.reason)}`,
    });
    await tx.insert(L).values(chosen.map((l, i) => {
      const { id, created_at: _c, updated_at: _u, version: _v, ...rest } = l;
      return { ...negated(rest as typeof rest & { quantity: string; amount: string }), invoice: note.id as number, position: i + 1, credits_item: id as number, open: false };
    }));
    await retotal(tx, note.id as number);
    const [row] = await serializeRows(tx, invoice, await tx.select().from(I).where(eq(I.id, note.id as number)));
    return row;
  });
};
