/** Announcements: the active popups a user has not dismissed yet, and dismissing one. */
import { and, eq, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { tableOf } from '../../db/tables';
import { userPopupView } from '../../db/internal-tables';
import { serializeRows, selectionOf } from '../../engine/operations';
import { notFound } from '../../engine/errors';

export const getUserPopups: ActionHandler = async ({ db, ctx, resource }) => {
  const t = tableOf(resource);
  const rows = await db.select(selectionOf(resource)).from(t).where(and(
    eq(t.active, true),
    or(isNull(t.starts_at), lte(t.starts_at, sql`now()`)),
    or(isNull(t.ends_at), gte(t.ends_at, sql`now()`)),
    notExists(db.select({ x: sql`1` }).from(userPopupView).where(and(eq(userPopupView.popup_id, t.id), eq(userPopupView.user_id, ctx.user.id)))),
  )).orderBy(t.id);
  return serializeRows(db, resource, rows);
};

export const viewUserPopup: ActionHandler = async ({ db, ctx, resource, input }) => {
  const id = input.popupId as number;
  const t = tableOf(resource);
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!row) throw notFound();
  await db.insert(userPopupView).values({ user_id: ctx.user.id, popup_id: id }).onConflictDoNothing();
  return { detail: 'Popup marked as viewed.' };
};
