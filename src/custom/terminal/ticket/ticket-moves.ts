/**
 * The status buttons a ticket offers: the moves the lifecycle allows from its current status
 * (TICKET_MOVES, the same table the server enforces), only for users with can_change_ticket_status.
 */
import { TICKET_MOVES, TICKET_STATUSES, type TicketStatus } from '../../../resources/terminal/ticket-status';

export interface StatusMove { to: TicketStatus; label: string; needsReason: boolean }

const LABEL = Object.fromEntries(TICKET_STATUSES) as Record<TicketStatus, string>;

/** Button text per target: what the move means to the person at the bay. */
const VERB: Record<TicketStatus, string> = { draft: 'Back to draft', in_progress: 'Start', completed: 'Complete', void: 'Void' };

export const statusLabel = (s: unknown) => (typeof s === 'string' && s in LABEL ? LABEL[s as TicketStatus] : String(s ?? ''));

export function allowedMoves(status: unknown, canChangeStatus: boolean): StatusMove[] {
  if (!canChangeStatus || typeof status !== 'string' || !(status in TICKET_MOVES)) return [];
  return TICKET_MOVES[status as TicketStatus].map((to) => ({
    to,
    label: status === 'completed' && to === 'in_progress' ? 'Reopen' : VERB[to],
    needsReason: to === 'void',
  }));
}

/** Targets offered by the bulk "Change status" dialog: every status some ticket can move to. */
export const BULK_TARGETS: TicketStatus[] = TICKET_STATUSES.map(([s]) => s).filter((s) => Object.values(TICKET_MOVES).some((m) => m.includes(s)));
