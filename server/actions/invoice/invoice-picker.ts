/**
 * `GET invoice/picker/ (name, party?, search?)` (docs/invoicing.md, Pickers): the options the
 * invoicing screens pick from, each `{value, label, detail}`: the parties whose shipped cars wait
 * for an invoice (with how many), the draft invoices (a party's, with their totals), the enabled
 * invoice products (with their basis) and the currencies. Always the acting company's.
 */
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { CURRENCIES, UNITS, BASES } from '../../../src/resources/invoice/common';
import { invoiceProduct } from '../../../src/resources/invoice/invoice-product';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { party } from '../../../src/resources/logistics/party';
import { choiceWord } from '../../../src/resources/fields';
import { tableOf } from '../../db/tables';
import { columnOf } from '../../engine/computed';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import { containing } from '../../engine/like-pattern';
import { formatDecimal } from '../../../src/lib/format';
import { I, invoiceName } from './invoice-lines';
import { unitOf } from './car-charges';

const LIMIT = 100;

export const invoicePicker: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = ctx.user.companyId;
  if (companyId === null) throw badRequest({ non_field_errors: ['Act for a company to invoice.'] });
  const search = (input.search as string | undefined)?.toLowerCase() ?? '';
  const matches = (label: string) => !search || label.toLowerCase().includes(search);
  switch (input.name) {
    case 'currencies': return CURRENCIES.filter(([, l]) => matches(l)).map(([value, label]) => ({ value, label, detail: null }));
    case 'invoice_products': {
      const t = tableOf(invoiceProduct);
      const rows = await db.select().from(t).where(and(eq(t.company, companyId), eq(t.enabled, true), ...(search ? [ilike(t.name, containing(search))] : []))).orderBy(t.code).limit(LIMIT);
      return rows.map((p) => ({ value: String(p.id), label: `${String(p.code)} – ${String(p.name)}`, detail: `${choiceWord(BASES, p.basis)}, ${choiceWord(UNITS, p.unit ?? unitOf({ basis: p.basis as never, unit: null }))}` }));
    }
    case 'drafts': {
      const P = tableOf(party);
      const rows = await db.select({ id: I.id, code: I.code, kind: I.kind, total: I.total, currency: I.currency, party: P.name }).from(I).innerJoin(P, eq(P.id, I.party))
        .where(and(eq(I.company, companyId), eq(I.status, 'draft'), eq(I.kind, 'invoice'), ...(input.party ? [eq(I.party, input.party as number)] : [])))
        .orderBy(sql`${I.id} desc`).limit(LIMIT);
      return rows.map((r) => ({ value: String(r.id), label: `${invoiceName(r)} – ${String(r.party)}`, detail: `${formatDecimal(r.total ?? '0', 2)} ${String(r.currency)}` })).filter((o) => matches(o.label));
    }
    case 'parties': {
      // The cars Cars to invoice lists, by the party each bills: the loaded car's own computed fields.
      const C = tableOf(loadedRailCar);
      const P = tableOf(party);
      const rows = await db.select({ id: P.id, name: P.name, cars: sql<number>`count(*)::int` }).from(C)
        .innerJoin(P, eq(P.id, columnOf(loadedRailCar, 'bill_to', C)))
        .where(and(eq(C.company, companyId), eq(columnOf(loadedRailCar, 'shipment_status', C), 'shipped'), isNull(columnOf(loadedRailCar, 'invoice', C))))
        .groupBy(P.id, P.name).orderBy(P.name).limit(LIMIT);
      return rows.filter((r) => matches(String(r.name))).map((r) => ({ value: String(r.id), label: String(r.name), detail: `${r.cars} car${r.cars === 1 ? '' : 's'} to invoice` }));
    }
    default: return [];
  }
};
