/**
 * What an invoice does beyond its declaration (docs/invoicing.md, Lifecycle). The moves, their
 * codenames, the locked issued state and the void reason are declared on its status and enforced
 * by the engine; here:
 * - a new invoice is taxed as its party (a party the product cannot tax is refused), and while it
 *   has lines its party and currency stay (they priced the lines);
 * - issuing needs lines; it gives the number (the company's invoice or credit note generator, for
 *   the invoice's date), the date (today, when none), the due date, who and when, keeps the seller
 *   and the party as printed, and taxes the lines for that day;
 * - a void invoice closes its lines, so its cars may be invoiced again; an issued credit note
 *   closes the lines it credits (the car may then be invoiced anew), a void one opens them again.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { company } from '../../../src/resources/accounts/company';
import { invoice } from '../../../src/resources/invoice/invoice';
import { party } from '../../../src/resources/logistics/party';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { userLabel } from '../../engine/context';
import { badRequest, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Row } from '../../engine/serialize';
import { addDays } from '../../../src/lib/limit-periods';
import { generatorSettings, giveNumber } from '../rail/numbering';
import { I, L, invoiceName, regimeOf, retotal, taxDay } from './invoice-lines';

const P = tableOf(party);
const CO = tableOf(company);

async function hasLines(db: Db, id: unknown): Promise<boolean> {
  return (await db.select({ id: L.id }).from(L).where(eq(L.invoice, id as number)).limit(1)).length > 0;
}

/** The seller and the party as the issued invoice prints them. */
async function asIssued(db: Db, inv: Row) {
  const [seller] = await db.select({ name: CO.name, code: CO.code, address: CO.address, country: CO.country, tax_number: CO.tax_number }).from(CO).where(eq(CO.id, inv.company as number));
  const [buyer] = await db.select({
    name: P.name, code: P.code, address: P.address, city: P.city, province: P.province, postal_code: P.postal_code, country: P.country,
    email: P.email, tax_number: P.tax_number,
  }).from(P).where(eq(P.id, inv.party as number));
  return { seller, party: buyer };
}

async function numberFor(db: Db, inv: Row, day: string): Promise<string> {
  const series = inv.kind === 'credit_note' ? 'credit_note' as const : 'invoice' as const;
  const [p] = await db.select({ code: P.code }).from(P).where(eq(P.id, inv.party as number));
  return giveNumber(db, {
    companyId: inv.company as number, series, settings: await generatorSettings(db, inv.company as number, series), rule: 'code',
    now: new Date(`${day}T12:00:00Z`), fields: { 'party.code': (p?.code as string | null) ?? null },
    taken: async (code) => (await db.select({ id: I.id }).from(I).where(and(eq(I.company, inv.company as number), eq(I.code, code))).limit(1)).length > 0,
    maxLength: (invoice.fields.code as { max: number }).max,
  });
}

export const invoiceHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, current }) {
    const v = input.values;
    const after = { ...current, ...v } as Row;
    if (mode === 'create' || 'party' in v) {
      // Refused here, before anything is written, when the product cannot say which tax the party owes.
      v.tax_place = (await regimeOf(db, after.party, await taxDay(db, after))).place;
    }
    if (mode === 'update' && current && current.status === 'draft' && (('party' in v && v.party !== current.party) || ('currency' in v && v.currency !== current.currency))) {
      if (await hasLines(db, current.id)) throw badRequest({ [('party' in v && v.party !== current.party) ? 'party' : 'currency']: ['Its lines were priced for this party and currency: remove them first.'] });
    }
    if (mode === 'update' && current?.status === 'draft' && v.status === 'issued') {
      if (!(await hasLines(db, current.id))) throw badRequest({ status: ['An invoice without lines is not issued: invoice cars on it first.'] });
      const day = await taxDay(db, after);
      Object.assign(v, {
        invoice_date: day, due_date: addDays(day, Number(after.payment_terms_days ?? 0)),
        code: await numberFor(db, after, day), issued_at: new Date(), issued_by: userLabel(ctx), document: await asIssued(db, after),
      });
    }
  },
  // Past a draft only the moves write (issued is locked), so an update that leaves it issued is the issue itself.
  async afterWrite({ db, id, mode }) {
    if (mode !== 'update') return;
    const [inv] = await db.select().from(I).where(eq(I.id, id as number));
    if (inv.status === 'draft' || inv.status === 'issued') await retotal(db, id as number);
    if (inv.status === 'issued' && inv.kind === 'credit_note') await closeCredited(db, id as number);
    if (inv.status === 'void') {
      await db.update(L).set({ open: false }).where(and(eq(L.invoice, id as number), eq(L.open, true)));
      if (inv.kind === 'credit_note') await reopenCredited(db, inv as Row);
    }
  },
};

/** The lines a credit note credits: closed once it is issued. */
async function closeCredited(db: Db, creditId: number) {
  const credited = (await db.select({ of: L.credits_item }).from(L).where(and(eq(L.invoice, creditId), isNotNull(L.credits_item)))).map((r) => r.of as number);
  if (credited.length) await db.update(L).set({ open: false }).where(inArray(L.id, credited));
}

/** A void credit note's lines charge their cars again, unless the cars were invoiced anew meanwhile. */
async function reopenCredited(db: Db, credit: Row) {
  if (!credit.issued_at) return;
  const credited = await db.select().from(L).where(inArray(L.id, (await db.select({ of: L.credits_item }).from(L).where(and(eq(L.invoice, credit.id as number), isNotNull(L.credits_item)))).map((r) => r.of as number)));
  const originals = credited.filter((l) => l.loaded_rail_car !== null);
  if (originals.length) {
    const again = await db.select({ car: L.mark_number, code: I.code, id: I.id, kind: I.kind }).from(L).innerJoin(I, eq(I.id, L.invoice))
      .where(and(eq(L.open, true), inArray(L.loaded_rail_car, originals.map((l) => l.loaded_rail_car as number))));
    const clash = again.filter((a) => originals.some((o) => o.mark_number === a.car));
    if (clash.length) throw conflict(`${clash.map((c) => `${String(c.car)} is invoiced again on ${invoiceName(c)}`).join('; ')}: void that first.`);
  }
  // Only the lines of invoices still standing are charged again.
  const standing = new Set((await db.select({ id: I.id }).from(I).where(and(inArray(I.id, credited.map((l) => l.invoice as number)), inArray(I.status, ['issued', 'paid'])))).map((r) => r.id));
  const reopen = credited.filter((l) => standing.has(l.invoice as number)).map((l) => l.id as number);
  if (reopen.length) await db.update(L).set({ open: true }).where(inArray(L.id, reopen));
}
