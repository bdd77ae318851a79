/**
 * Ticket history: every create, update and status change of a ticket, with who, when, which
 * fields went from what to what, and through which call. Rows are written in the same transaction
 * as the change, so a change that rolls back leaves no history and no change goes unrecorded.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { ticketHistory } from '../../db/terminal-tables';
import { type Ctx, userLabel } from '../../engine/context';
import type { Row } from '../../engine/serialize';
import { type Changes, diffRows as diffTicketRows, storedRow } from '../../engine/row-diff';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { ActionHandler } from '../../engine/action-handler';
import { attachChangeLabels } from '../../engine/labels';

export type { Changes } from '../../engine/row-diff';
export type HistoryAction = 'create' | 'update' | 'status' | 'customs_invoice' | 'attachment';

/** `{field: [from, to]}` for every field of a ticket that differs between two stored rows. */
export const diffRows = (before: Row | null, after: Row): Changes => diffTicketRows(ticket, before, after);

export async function recordHistory(db: Db, ctx: Ctx, o: { ticketId: string; companyId: unknown; action: HistoryAction; via: string; changes: Changes }) {
  await db.insert(ticketHistory).values({
    ticket_id: o.ticketId,
    company_id: typeof o.companyId === 'number' ? o.companyId : null,
    user_id: ctx.user.id,
    user_label: userLabel(ctx),
    action: o.action,
    via: o.via.slice(0, 200),
    changes: o.changes,
  });
}

/** The ticket row as stored (for diffs after a write). */
export const loadTicketRow = async (db: Db, id: unknown): Promise<Row> => (await storedRow(db, ticket, id))!;

/** `GET ticket/{id}/history/`: newest first, `[{at, user, action, changes}]` (+ user_id, via). */
export const ticketHistoryList: ActionHandler = async ({ db, ctx, record }) => {
  const h = ticketHistory;
  const rows = await db.select().from(h).where(eq(h.ticket_id, record!.id as string)).orderBy(desc(h.at), desc(h.id));
  return attachChangeLabels(db, ctx, rows.map((x) => ({
    at: x.at instanceof Date ? x.at.toISOString() : x.at,
    user: x.user_label,
    user_id: x.user_id,
    action: x.action,
    via: x.via,
    changes: x.changes,
  })), () => ticket);
};
