/**
 * A user's notifications (docs/notifications.md): how many are unread, and marking one or all of
 * them read. The engine has already scoped every call to the caller's own rows in his company.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { notification } from '../../../src/resources/notifications/notification';
import { defineBehaviour } from '../../engine/behaviour';
import type { ActionHandler } from '../../engine/action-handler';
import { get, scopeOf } from '../../engine/operations';
import { tableOf } from '../../db/tables';
import { noteTypes } from '../schedule/location-actions';

const t = tableOf(notification);

const unreadCount: ActionHandler = async ({ db, ctx }) => {
  const [{ n }] = await db.select({ n: count() }).from(t).where(and(scopeOf(ctx, notification), isNull(t.read_at)));
  return { count: Number(n) };
};

/** Marks the notification read (once: reading it again keeps the first time). */
const markRead: ActionHandler = async ({ db, ctx, record }) => {
  await db.update(t).set({ read_at: new Date(), version: sql`${t.version} + 1` }).where(and(eq(t.id, Number(record!.id)), isNull(t.read_at)));
  return get(db, ctx, notification, String(record!.id));
};

const markAllRead: ActionHandler = async ({ db, ctx }) => {
  const marked = await db.update(t).set({ read_at: new Date(), version: sql`${t.version} + 1` }).where(and(scopeOf(ctx, notification), isNull(t.read_at))).returning({ id: t.id });
  return { marked: marked.length };
};

export const notificationBehaviour = defineBehaviour(notification, {
  actions: { unread_count: unreadCount, mark_read: markRead, mark_all_read: markAllRead, note_types: noteTypes },
});
