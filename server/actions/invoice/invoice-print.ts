/** `GET invoice/{id}/print/ (code)`: the invoice or credit note as a PDF named after its number (docs/invoicing.md, The printed invoice). */
import { RAIL_INVOICE_TEMPLATE, invoice } from '../../../src/resources/invoice/invoice';
import { formatInZone } from '../../../src/lib/time-zone';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { badRequest } from '../../engine/errors';
import { serializeRows } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { renderRailInvoiceOffThread } from '../../print/render-pool';
import { loadRailInvoiceDoc } from '../../print/rail-invoice-data';

const fileSafe = (v: string) => v.replace(/[^\w.-]+/g, '_');

export const printRailInvoice: ActionHandler = async ({ db, record, input }) => {
  if (input.code !== undefined && input.code !== RAIL_INVOICE_TEMPLATE) {
    throw badRequest({ code: [`Unknown template "${String(input.code)}". Available: ${RAIL_INVOICE_TEMPLATE}.`] });
  }
  const [row] = await serializeRows(db, invoice, [record!]);
  const doc = await loadRailInvoiceDoc(db, row);
  const zone = await companyTimeZone(db, row.company as number);
  const pdf = await renderRailInvoiceOffThread(doc, formatInZone(new Date(), zone));
  const name = row.code ? String(row.code) : `draft-${row.kind === 'credit_note' ? 'credit-note-' : ''}${String(row.id)}`;
  return download(`${fileSafe(name)}.pdf`, 'application/pdf', pdf);
};
