/**
 * The rail invoice lifecycle (docs/invoicing.md, Lifecycle):
 *   draft    being built: cars added and removed, dates and terms edited; has no number yet
 *   issued   numbered and sent to the party; never edited or deleted again: voided, or corrected
 *            by a credit note
 *   paid     settled (the day it was paid is kept); final
 *   void     cancelled with a reason; final. Its cars may be invoiced again. A draft may be voided
 *            too, to keep the record of one abandoned; or deleted: it has no number the books know.
 */
import { type Lifecycle, choice } from '../fields';

export const INVOICE_STATUSES = [['draft', 'Draft'], ['issued', 'Issued'], ['paid', 'Paid'], ['void', 'Void']] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number][0];

export const invoiceLifecycle: Lifecycle = {
  initial: ['draft'],
  moves: { draft: ['issued', 'void'], issued: ['paid', 'void'], paid: [], void: [] },
  final: ['paid', 'void'],
  deletable: ['draft'],
  codenames: { issued: 'issue_invoice', void: 'void_invoice' },
  locked: { issued: 'An issued invoice is not edited: void it, or correct it with a credit note.' },
  requires: {
    void: { void_reason: 'Say why the invoice is voided.' },
    paid: { paid_date: 'Give the day the invoice was paid.' },
  },
};

export const invoiceStatus = () => choice(INVOICE_STATUSES, {
  required: true, default: 'draft', index: true, copy: false, chip: { issued: 'active', paid: 'active', void: 'inactive' }, transitions: invoiceLifecycle,
});
