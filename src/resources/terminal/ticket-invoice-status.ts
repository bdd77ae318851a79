/**
 * The ticket invoice lifecycle (docs/terminal.md, Invoice workflow; the specifications name the
 * steps, not the states):
 *   draft             built from completed tickets; dates, PO number and comments may change
 *   pending_approval  sent for approval; not edited (rejected back to draft to correct it)
 *   approved          approved by a holder of approve_ticketinvoice; may be exported and sent
 *   sent_for_payment  sent to the customer for payment
 *   paid              settled; final
 *   void              cancelled with a reason; final. Its tickets may be invoiced again.
 * Only a draft is deleted; past it an invoice carries a number the books know, so it is voided.
 */
import { type Lifecycle, choice } from '../fields';

export const INVOICE_STATUSES = [
  ['draft', 'Draft'], ['pending_approval', 'Pending approval'], ['approved', 'Approved'],
  ['sent_for_payment', 'Sent for payment'], ['paid', 'Paid'], ['void', 'Void'],
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number][0];

const LOCKED = 'Void it, or reject it back to draft while it awaits approval.';

export const invoiceLifecycle: Lifecycle = {
  initial: ['draft'],
  moves: {
    draft: ['pending_approval', 'void'],
    pending_approval: ['approved', 'draft', 'void'],
    approved: ['sent_for_payment', 'void'],
    sent_for_payment: ['paid', 'void'],
    paid: [],
    void: [],
  },
  final: ['void', 'paid'],
  deletable: ['draft'],
  codenames: { approved: 'approve_ticketinvoice', sent_for_payment: 'send_ticketinvoice', paid: 'send_ticketinvoice' },
  locked: { pending_approval: LOCKED, approved: LOCKED, sent_for_payment: LOCKED },
  requires: { void: { void_reason: 'Give the reason for voiding the invoice.' } },
};

export const invoiceStatus = () => choice(INVOICE_STATUSES, { required: true, default: 'draft', index: true, chip: true, transitions: invoiceLifecycle });
