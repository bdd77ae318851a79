/**
 * The status buttons a ticket offers: the moves its declared lifecycle allows this user from the
 * ticket's current status (src/lib/lifecycle.ts, the rules the server enforces), in the words of
 * the person at the bay.
 */
import type { AccessProfile } from '../../../authProvider/permissions';
import { allowedMoves } from '../../../lib/lifecycle';
import { ticket } from '../../../resources/terminal/ticket';
import { TICKET_MOVES, TICKET_STATUSES, type TicketStatus } from '../../../resources/terminal/ticket-status';

export interface StatusMove { to: TicketStatus; label: string; needsReason: boolean }

const LABEL = Object.fromEntries(TICKET_STATUSES) as Record<TicketStatus, string>;

/** Button text per target: what the move means to the person at the bay. */
const VERB: Record<TicketStatus, string> = { draft: 'Back to draft', in_progress: 'Start', completed: 'Complete', void: 'Void' };

export const statusLabel = (s: unknown) => (typeof s === 'string' && s in LABEL ? LABEL[s as TicketStatus] : String(s ?? ''));

export function ticketMoves(profile: AccessProfile | null | undefined, record: Record<string, unknown>): StatusMove[] {
  return (allowedMoves(profile, ticket, record).status ?? []).map((m) => ({
    to: m.value as TicketStatus,
    label: record.status === 'completed' && m.value === 'in_progress' ? 'Reopen' : VERB[m.value as TicketStatus],
    needsReason: m.requires.length > 0,
  }));
}

/** Targets offered by the bulk "Change status" dialog: every status some ticket can move to. */
export const BULK_TARGETS: TicketStatus[] = TICKET_STATUSES.map(([s]) => s).filter((s) => Object.values(TICKET_MOVES).some((m) => m.includes(s)));
