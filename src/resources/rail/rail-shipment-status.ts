/**
 * The rail shipment lifecycle (docs/rail.md §3.2):
 *   open           being prepared: parties, route, cars are edited
 *   shipped        released to the railroad; its bill of lading is issued (locked: moved, never edited)
 *   in_correction  reopened to correct the issued bill of lading; editable
 *   cancelled      never shipped; called off; final
 *   void           its bill of lading is void; final
 * Each move has its own codename and action; `status` is read-only, so only the actions move it.
 * Only an open shipment is deleted (it has no bill of lading yet): the others are voided instead.
 */
import { choice } from '../fields';

export const SHIPMENT_STATUSES = [
  ['open', 'Open'], ['shipped', 'Shipped'], ['in_correction', 'In correction'], ['cancelled', 'Cancelled'], ['void', 'Void'],
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number][0];

export const SHIPMENT_MOVES: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  open: ['shipped', 'cancelled'],
  shipped: ['in_correction', 'void'],
  in_correction: ['shipped', 'void'],
  cancelled: [],
  void: [],
};

/** A status as a message says it: "RS-000042 is cancelled". */
export const shipmentStatusWord = (s: unknown): string => SHIPMENT_STATUSES.find(([v]) => v === s)?.[1].toLowerCase() ?? String(s);

/** The states whose shipments take cars and changes (docs/rail.md §4.4). */
export const OPEN_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['open', 'in_correction'];

export const shipmentStatus = () => choice(SHIPMENT_STATUSES, {
  required: true, default: 'open', index: true, copy: false, readOnly: true,
  chip: { shipped: 'active', void: 'inactive', cancelled: 'inactive' },
  transitions: {
    initial: ['open'], moves: SHIPMENT_MOVES, final: ['void', 'cancelled'], deletable: ['open'],
    locked: { shipped: 'Open it for correction first.' },
    codenames: {
      shipped: 'ship_railshipment', cancelled: 'cancel_railshipment', void: 'void_railshipment', in_correction: 'correct_railshipment',
    },
    requires: {
      cancelled: { cancel_reason: 'Say why the shipment is cancelled.' },
      void: { void_reason: 'Say why the bill of lading is voided.' },
    },
  },
});
