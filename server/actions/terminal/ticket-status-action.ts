/**
 * `POST terminalboss/v3/ticket/update-tickets-status/` `{ticket_ids, status, void_reason?}`:
 * moves every listed ticket to the status, or none of them. One transaction: the tickets are
 * locked in id order (so two bulk calls cannot deadlock), then each goes through the generic
 * update, which enforces the declared lifecycle, versions, hooks and history; the first refusals
 * are reported per ticket and nothing is written.
 */
import { missingForMove } from '../../../src/lib/lifecycle';
import type { ChoiceField } from '../../../src/resources/fields';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ErrorBag, HttpError, badRequest } from '../../engine/errors';
import { update } from '../../engine/operations';
import type { ActionHandler } from '../registry';
import { bodyObject, ticketIdsError, ticketIdsOf, visibleTickets } from './ticket-input';

const statusField = ticket.fields.status as ChoiceField;
const STATUS_VALUES: readonly string[] = statusField.choices.map(([v]) => v);
const VIA = `POST ${ticket.name}/update-tickets-status/`;

function parseBody(body: unknown) {
  const b = bodyObject(body);
  const errors = new ErrorBag();
  const idsError = ticketIdsError(b.ticket_ids);
  if (idsError) errors.add('ticket_ids', idsError);
  const status = b.status;
  if (typeof status !== 'string' || !STATUS_VALUES.includes(status)) {
    errors.add('status', `"${String(status ?? '')}" is not a valid choice. Choose one of: ${STATUS_VALUES.join(', ')}.`);
  }
  const reasonNeeded = typeof status === 'string' && 'void_reason' in missingForMove(statusField, status, {});
  let reason: string | null = null;
  if (b.void_reason !== undefined && b.void_reason !== null && b.void_reason !== '') {
    if (typeof b.void_reason !== 'string') errors.add('void_reason', 'Not a valid string.');
    else if (!reasonNeeded) errors.add('void_reason', 'Only given when voiding tickets.');
    else reason = b.void_reason.trim() || null;
  }
  // The same reason goes to every ticket: a missing one is said once, not per ticket.
  if (reasonNeeded && !reason && !errors.errors.void_reason) {
    for (const [field, message] of Object.entries(missingForMove(statusField, status, {}))) errors.add(field, message);
  }
  for (const k of Object.keys(b)) if (!['ticket_ids', 'status', 'void_reason'].includes(k)) errors.add(k, 'Unknown field.');
  errors.throwIfAny();
  return { ids: ticketIdsOf(b.ticket_ids), status: status as string, reason };
}

export const updateTicketsStatus: ActionHandler = async ({ db, ctx, body }) => {
  const { ids, status, reason } = parseBody(body);
  const change = reason ? { status, void_reason: reason } : { status };
  const tickets = await db.transaction(async (tx) => {
    const refused = new ErrorBag();
    const out = [];
    for (const current of await visibleTickets(tx, ctx, ids, true)) {
      try {
        const after = await update(tx, { ...ctx, via: VIA }, ticket, String(current.id), change);
        out.push({ id: after.id, code: after.code, status: after.status, version: after.version });
      } catch (e) {
        if (!(e instanceof HttpError) || e.status !== 400) throw e;
        for (const [field, messages] of Object.entries(e.body)) for (const m of messages as string[]) refused.add(field, `${String(current.code ?? current.id)}: ${m}`);
      }
    }
    if (!refused.empty) throw badRequest(refused.errors);
    return out;
  });
  return { updated: tickets.length, tickets };
};
