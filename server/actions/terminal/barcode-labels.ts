/**
 * `GET barcode/{id}/generate_barcodes/?number_of_pages=&user=&created_by_server=` -> a PDF of label
 * pages. The series' `next_number` advances by the labels printed in ONE conditional UPDATE
 * (`next_number = next_number + n ... RETURNING`), so two printers never get the same numbers. The
 * numbers are taken before the PDF is drawn: a failed drawing leaves a gap, never a duplicate.
 */
import { and, eq, sql } from 'drizzle-orm';
import { site } from '../../../src/resources/terminal/site';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { tableOf } from '../../db/tables';
import { ErrorBag, notFound } from '../../engine/errors';
import { isUuid } from '../../engine/field-schemas';
import { get, scopeOf, selectionOf } from '../../engine/operations';
import { LABELS_PER_PAGE, barcodeSheet, labelText } from '../../print/barcode-sheet';
import { renderPdf } from '../../print/pdf';
import type { Resource } from '../../../src/resources/define';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';
import type { ActionHandler } from '../registry';

export const MAX_PAGES = 50;
const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

async function visibleRow(db: Db, ctx: Ctx, r: Resource, id: string) {
  const t = tableOf(r);
  const [row] = await db.select(selectionOf(r)).from(t).where(and(eq(t.id, id.toLowerCase()), scopeOf(ctx, r)));
  return row ?? null;
}

export const generateBarcodes: ActionHandler = async ({ db, ctx, resource, id, query, reply }) => {
  const series = await get(db, ctx, resource, id!); // 404 for another company's series
  const errors = new ErrorBag();
  const rawPages = one(query.number_of_pages);
  const pages = rawPages === undefined || rawPages === '' ? 1 : Number(rawPages);
  if (!Number.isInteger(pages) || pages < 1 || pages > MAX_PAGES) errors.add('number_of_pages', `A whole number from 1 to ${MAX_PAGES}.`);
  const userId = one(query.user);
  const siteId = one(query.created_by_server);
  let user: Record<string, unknown> | null = null;
  let where: Record<string, unknown> | null = null;
  if (userId) {
    if (typeof userId !== 'string' || !isUuid(userId) || !(user = await visibleRow(db, ctx, terminalUser, userId))) errors.add('user', `Invalid pk "${String(userId)}" - object does not exist.`);
  }
  const wantedSite = siteId || series.site;
  if (wantedSite) {
    if (typeof wantedSite !== 'string' || !isUuid(wantedSite) || !(where = await visibleRow(db, ctx, site, wantedSite))) errors.add('created_by_server', `Invalid pk "${String(wantedSite)}" - object does not exist.`);
  }
  errors.throwIfAny();

  const count = pages * LABELS_PER_PAGE;
  const b = tableOf(resource);
  const [taken] = await db.update(b)
    .set({ next_number: sql`${b.next_number} + ${count}`, version: sql`${b.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(b.id, series.id), scopeOf(ctx, resource)))
    .returning({ next: b.next_number });
  if (!taken) throw notFound();
  const first = Number(taken.next) - count;
  const prefix = String(series.prefix);
  const who = user ? `for ${String(user.first_name)} ${String(user.last_name)} (${String(user.username)})` : '';
  const at = where ? `at ${String(where.name)}` : '';
  const doc = await barcodeSheet({
    title: `${String(series.name)} (${prefix})`,
    subtitle: [`labels ${labelText(prefix, first)} to ${labelText(prefix, first + count - 1)}`, who, at].filter(Boolean).join(' '),
    prefix, first, pages,
  });
  const pdf = await renderPdf(doc);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="barcodes-${prefix}-${first}.pdf"`)
    .header('cache-control', 'no-store')
    .header('x-first-number', String(first))
    .header('x-last-number', String(first + count - 1))
    .send(pdf);
};
