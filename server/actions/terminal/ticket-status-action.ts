/**
 * `POST terminalboss/v3/ticket/update-tickets-status/` `{ticket_ids, status, void_reason?}` (the
 * input declared on the action, validated by the engine): moves every listed ticket to the status,
 * or none of them. One transaction: the tickets are locked in id order (so two bulk calls cannot
 * deadlock), then each goes through the generic update, which enforces the declared lifecycle,
 * versions, hooks and history; the refusals are reported per ticket and nothing is written.
 */
import { missingForMove } from '../../../src/lib/lifecycle';
import type { ChoiceField } from '../../../src/resources/fields';
import { ticket } from '../../../src/resources/terminal/ticket';
import { badRequest } from '../../engine/errors';
import { updateAll } from '../../engine/bulk-rows';
import type { ActionHandler } from '../../engine/action-handler';
import { visibleTickets } from './ticket-input';

const statusField = ticket.fields.status as ChoiceField;

/** One reason goes to every ticket: given only for a move that asks for it, and then said once if missing. */
function reasonOf(status: string, given: unknown): string | null {
  const needed = missingForMove(statusField, status, {});
  const reason = typeof given === 'string' && given.trim() ? given.trim() : null;
  if (reason && !('void_reason' in needed)) throw badRequest({ void_reason: ['Only given when voiding tickets.'] });
  if (!reason && Object.keys(needed).length) throw badRequest(Object.fromEntries(Object.entries(needed).map(([f, m]) => [f, [m]])));
  return reason;
}

export const updateTicketsStatus: ActionHandler = async ({ db, ctx, input }) => {
  const status = String(input.status);
  const reason = reasonOf(status, input.void_reason);
  const change = reason ? { status, void_reason: reason } : { status };
  const tickets = await db.transaction(async (tx) =>
    updateAll(tx, ctx, ticket, await visibleTickets(tx, ctx, input.ticket_ids as string[], true), () => change, (t) => String(t.code ?? t.id)));
  return { updated: tickets.length, tickets: tickets.map((t) => ({ id: t.id, code: t.code, status: t.status, version: t.version })) };
};
