/**
 * `POST terminalboss/v3/ticket/update-tickets-status/` `{ticket_ids, status, void_reason?}`:
 * moves every listed ticket to the status, or none of them. One transaction; the tickets are
 * locked (in id order, so two bulk calls cannot deadlock) before the lifecycle of
 * `ticket-status.ts` is checked against their current status.
 */
import { eq, sql } from 'drizzle-orm';
import type { ChoiceField } from '../../../src/resources/fields';
import { TICKET_STATUSES } from '../../../src/resources/terminal/ticket-status';
import { ticket } from '../../../src/resources/terminal/ticket';
import { tableOf } from '../../db/tables';
import { ErrorBag, badRequest } from '../../engine/errors';
import { selectionOf } from '../../engine/operations';
import { moveError } from '../../engine/transitions';
import type { ActionHandler } from '../registry';
import { diffRows, recordHistory } from './ticket-history';
import { VOID_REASON_REQUIRED } from './ticket-hooks';
import { bodyObject, ticketIdsError, ticketIdsOf, visibleTickets } from './ticket-input';

const statusField = ticket.fields.status as ChoiceField;
const STATUS_VALUES: readonly string[] = TICKET_STATUSES.map(([v]) => v);

function parseBody(body: unknown) {
  const b = bodyObject(body);
  const errors = new ErrorBag();
  const idsError = ticketIdsError(b.ticket_ids);
  if (idsError) errors.add('ticket_ids', idsError);
  const status = b.status;
  if (typeof status !== 'string' || !STATUS_VALUES.includes(status)) {
    errors.add('status', `"${String(status ?? '')}" is not a valid choice. Choose one of: ${STATUS_VALUES.join(', ')}.`);
  }
  let reason: string | null = null;
  if (b.void_reason !== undefined && b.void_reason !== null && b.void_reason !== '') {
    if (typeof b.void_reason !== 'string') errors.add('void_reason', 'Not a valid string.');
    else if (status !== 'void') errors.add('void_reason', 'Only given when voiding tickets.');
    else if (b.void_reason.trim().length > 255) errors.add('void_reason', 'Ensure this field has no more than 255 characters.');
    else reason = b.void_reason.trim() || null;
  }
  if (status === 'void' && !reason && !errors.errors.void_reason) errors.add('void_reason', VOID_REASON_REQUIRED);
  for (const k of Object.keys(b)) if (!['ticket_ids', 'status', 'void_reason'].includes(k)) errors.add(k, 'Unknown field.');
  errors.throwIfAny();
  return { ids: ticketIdsOf(b.ticket_ids), status: status as string, reason };
}

export const updateTicketsStatus: ActionHandler = async ({ db, ctx, body }) => {
  const { ids, status, reason } = parseBody(body);
  const t = tableOf(ticket);
  const updated = await db.transaction(async (tx) => {
    const rows = await visibleTickets(tx, ctx, ids, true);
    const illegal = rows
      .map((r) => [r, moveError(statusField, r.status, status)] as const)
      .filter(([, msg]) => msg !== null)
      .map(([r, msg]) => `${String(r.code ?? r.id)}: ${msg}`);
    if (illegal.length) throw badRequest({ status: illegal });
    const out = [];
    for (const current of rows) {
      const set: Record<string, unknown> = { status, version: sql`${t.version} + 1`, updated_at: sql`now()` };
      if (reason) set.void_reason = reason;
      const [after] = await tx.update(t).set(set).where(eq(t.id, current.id)).returning(selectionOf(ticket));
      await recordHistory(tx, ctx, {
        ticketId: String(current.id), companyId: current.company, action: 'status',
        via: `POST ${ticket.name}/update-tickets-status/`, changes: diffRows(current, after),
      });
      out.push({ id: after.id, code: after.code, status: after.status, version: after.version });
    }
    return out;
  });
  return { updated: updated.length, tickets: updated };
};
