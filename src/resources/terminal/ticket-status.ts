/**
 * The ticket lifecycle (the specs leave it open; docs/terminal.md explains it):
 *   draft        being keyed in; nothing measured yet
 *   in_progress  the truck is at the bay: loading or unloading
 *   completed    measured and signed; counts in inventory and can be invoiced
 *   void         cancelled (kept for audit); final
 * A completed ticket can be reopened (back to in progress) to correct it, or voided. Only a draft
 * may be deleted (keyed by mistake); any other ticket is voided, never deleted.
 */
import { type Lifecycle, choice } from '../fields';

export const TICKET_STATUSES = [['draft', 'Draft'], ['in_progress', 'In progress'], ['completed', 'Completed'], ['void', 'Void']] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number][0];

export const TICKET_MOVES: Record<TicketStatus, readonly TicketStatus[]> = {
  draft: ['in_progress', 'completed', 'void'],
  in_progress: ['completed', 'draft', 'void'],
  completed: ['in_progress', 'void'],
  void: [],
};

/**
 * The ticket's status field. Void is final: a void ticket is never edited or deleted, it stays for
 * the audit. `more` adds what one kind of ticket asks beyond that (the truck ticket: a codename for
 * every move and a reason to void).
 */
export const ticketStatus = (more: Pick<Lifecycle, 'permission' | 'requires'> = {}) => choice(TICKET_STATUSES, {
  required: true, default: 'draft', index: true, chip: true,
  // A ticket is a measurement record: past a draft it is voided, never deleted.
  transitions: { initial: ['draft', 'in_progress', 'completed'], moves: TICKET_MOVES, final: ['void'], deletable: ['draft'], ...more },
});
