/**
 * The contract lifecycle (docs/rail.md §3.1):
 *   draft      being negotiated; not planned against
 *   active     in force: schedules are planned, shipments created from it
 *   closed     ended: every car shipped, or the period over; may be reopened
 *   cancelled  called off; kept for the record; final
 * A contract starts as a draft or active. Every move needs `change_contract` and nothing more; a
 * move to cancelled needs its reason. Only a draft is deleted (a draft has no shipments).
 */
import { choice } from '../fields';

export const CONTRACT_STATUSES = [['draft', 'Draft'], ['active', 'Active'], ['closed', 'Closed'], ['cancelled', 'Cancelled']] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number][0];

export const CONTRACT_MOVES: Record<ContractStatus, readonly ContractStatus[]> = {
  draft: ['active', 'cancelled'],
  active: ['closed', 'cancelled'],
  closed: ['active'],
  cancelled: [],
};

export const contractStatus = () => choice(CONTRACT_STATUSES, {
  required: true, default: 'draft', index: true, copy: false, chip: { active: 'active', cancelled: 'inactive' },
  transitions: {
    initial: ['draft', 'active'], moves: CONTRACT_MOVES, final: ['cancelled'], deletable: ['draft'], instead: 'Cancel it instead.',
    requires: { cancelled: { cancel_reason: 'Say why the contract is cancelled.' } },
  },
});
