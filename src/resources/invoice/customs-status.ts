/**
 * The customs invoice lifecycle (docs/invoicing.md, Customs lifecycle):
 *   draft     made from the cars by create_invoice/; its terms, port and comments edited
 *   sent      mailed to the customs broker with its PDF and the CSV (send/ only); not edited
 *   returned  sent back by the broker for a correction (the reason is kept); edited, then sent again
 *   cleared   customs released the cars under an entry (its number is kept); final
 *   void      cancelled with a reason; final. Its cars wait for customs papers again.
 * A draft may also be deleted: no broker has seen it.
 */
import { type Lifecycle, choice } from '../fields';

export const CUSTOMS_STATUSES = [['draft', 'Draft'], ['sent', 'Sent to broker'], ['returned', 'Returned for correction'], ['cleared', 'Cleared'], ['void', 'Void']] as const;
export type CustomsStatus = (typeof CUSTOMS_STATUSES)[number][0];

export const customsLifecycle: Lifecycle = {
  initial: ['draft'],
  moves: { draft: ['sent', 'void'], sent: ['returned', 'cleared', 'void'], returned: ['sent', 'void'], cleared: [], void: [] },
  final: ['cleared', 'void'],
  deletable: ['draft'],
  codenames: { sent: 'send_customsinvoice', void: 'void_customsinvoice' },
  locked: { sent: 'A sent customs invoice is not edited: mark it returned for correction, or void it.' },
  requires: {
    returned: { return_reason: 'Say what the broker asked to correct.' },
    cleared: { entry_number: 'Give the customs entry (transaction) number the cars were released under.' },
    void: { void_reason: 'Say why the customs invoice is voided.' },
  },
};

export const customsStatus = () => choice(CUSTOMS_STATUSES, {
  required: true, default: 'draft', index: true, copy: false, transitions: customsLifecycle,
  chip: { sent: 'active', cleared: 'active', void: 'inactive' },
});
