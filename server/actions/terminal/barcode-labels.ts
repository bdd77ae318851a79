/**
 * `GET barcode/{id}/generate_barcodes/?number_of_pages=&user=&created_by_server=` -> a PDF of label
 * pages (input declared on the series). The series' `next_number` advances by the labels printed in ONE conditional UPDATE
 * (`next_number = next_number + n ... RETURNING`), so two printers never get the same numbers. The
 * numbers are taken before the PDF is drawn: a failed drawing leaves a gap, never a duplicate.
 */
import { and, eq, sql } from 'drizzle-orm';
import { site } from '../../../src/resources/terminal/site';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { tableOf } from '../../db/tables';
import { download } from '../../engine/action-reply';
import { notFound } from '../../engine/errors';
import { get, scopeOf } from '../../engine/operations';
import { LABELS_PER_PAGE, barcodeSheet, labelText } from '../../print/barcode-sheet';
import { renderPdf } from '../../print/pdf';
import type { ActionHandler } from '../../engine/action-handler';

/** The labels of `number_of_pages` pages, for a terminal user and a site when named (the series' own site otherwise). */
export const generateBarcodes: ActionHandler = async ({ db, ctx, resource, record: series, input }) => {
  const pages = input.number_of_pages as number;
  const user = input.user ? await get(db, ctx, terminalUser, input.user as string) : null;
  const siteId = (input.created_by_server ?? series!.site) as string | null;
  const where = siteId ? await get(db, ctx, site, siteId) : null;

  const count = pages * LABELS_PER_PAGE;
  const b = tableOf(resource);
  const [taken] = await db.update(b)
    .set({ next_number: sql`${b.next_number} + ${count}`, version: sql`${b.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(b.id, series!.id), scopeOf(ctx, resource)))
    .returning({ next: b.next_number });
  if (!taken) throw notFound();
  const first = Number(taken.next) - count;
  const prefix = String(series!.prefix);
  const who = user ? `for ${String(user.first_name)} ${String(user.last_name)} (${String(user.username)})` : '';
  const at = where ? `at ${String(where.name)}` : '';
  const doc = await barcodeSheet({
    title: `${String(series!.name)} (${prefix})`,
    subtitle: [`labels ${labelText(prefix, first)} to ${labelText(prefix, first + count - 1)}`, who, at].filter(Boolean).join(' '),
    prefix, first, pages,
  });
  return download(`barcodes-${prefix}-${first}.pdf`, 'application/pdf', await renderPdf(doc), {
    'x-first-number': String(first), 'x-last-number': String(first + count - 1),
  });
};
