/**
 * A partner's rail order (docs/partners.md, Orders): the partner orders cars on a contract the
 * shipper shares with it, for a window of days, and sends the order; the shipper then sees it
 * among its incoming orders. The order belongs to both: the shipper (`company`, the contract's
 * owner) and the partner (`partner_company`, who made it). A draft is the partner's alone.
 *
 *   draft      being written by the partner; edited and deleted freely
 *   sent       the shipper sees it; nominations are made on it
 *   closed     the shipper closed it: fulfilled, or nothing more will ship on it
 *   cancelled  the partner called it off (with a reason); final
 */
import { defineResource } from '../define';
import { choice, date, datetime, integer, longText, ref, text } from '../fields';
import { MAX_CARS } from '../../lib/rail-auto-schedule';
import { PARTNER_DRAFTS, partnerRecords } from './common';
import { PARTNER_CONTRACT } from './rail-contract';

export const PARTNER_ORDER = 'partner/railorder';
export const ORDER_STATUSES = [['draft', 'Draft'], ['sent', 'Sent'], ['closed', 'Closed'], ['cancelled', 'Cancelled']] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number][0];

/** The shipper's right to close a partner's order. */
export const HANDLE_ORDERS = 'handle_partner_orders';

export const partnerRailOrder = defineResource({
  name: PARTNER_ORDER,
  label: 'Order',
  ...partnerRecords('wheelhouserailorder'),
  table: 'partner_rail_order',
  partner: PARTNER_DRAFTS,
  extraCodenames: { [HANDLE_ORDERS]: "Can close partners' orders" },
  fields: {
    contract: ref(PARTNER_CONTRACT, { required: true, onDelete: 'restrict', label: 'Contract', help: 'A contract the shipper shares with you.' }),
    partner_company: ref('company', { readOnly: true, onDelete: 'cascade', copy: false, label: 'Partner', help: 'The company that orders.' }),
    order_number: text({ max: 40, trim: true, label: 'Your order number', help: 'Your purchase order or reference, printed with the order.' }),
    number_of_cars: integer({ required: true, min: 1, max: MAX_CARS, label: 'Cars' }),
    start_date: date({ required: true, label: 'From', help: 'The first day cars may ship; inside the contract.' }),
    end_date: date({ required: true, label: 'To', help: 'The last day cars may ship; inside the contract.' }),
    notes: longText({ help: 'Anything the shipper should know.' }),
    status: choice(ORDER_STATUSES, {
      required: true, default: 'draft', index: true, readOnly: true, copy: false, chip: { sent: 'active', cancelled: 'inactive' },
      transitions: {
        initial: ['draft'],
        moves: { draft: ['sent', 'cancelled'], sent: ['closed', 'cancelled'], closed: [], cancelled: [] },
        final: ['closed', 'cancelled'],
        deletable: ['draft'],
        instead: 'Cancel it instead.',
        codenames: { closed: HANDLE_ORDERS },
        locked: { sent: 'A sent order is not changed: nominate on it, or cancel it and order again.' },
      },
    }),
    sent_at: datetime({ readOnly: true, copy: false, label: 'Sent' }),
    cancel_reason: text({ max: 255, readOnly: true, copy: false, label: 'Why cancelled' }),
  },
  labelFields: [['order_number', 'id']],
  list: {
    columns: ['id', 'order_number', 'contract', 'company', 'partner_company', 'status', 'number_of_cars', 'start_date', 'end_date', 'sent_at'],
    compact: ['order_number', 'contract', 'status'],
    search: ['order_number'],
    ordering: ['-created_at'],
  },
  form: { sections: [{ label: 'Order', fields: ['contract', 'order_number', 'number_of_cars', 'start_date', 'end_date', 'notes'] }] },
  actions: {
    send: { on: 'detail', method: 'POST', permission: 'change', label: 'Send', result: 'record', writes: ['status', 'sent_at'] },
    cancel: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Cancel order', result: 'record', writes: ['status', 'cancel_reason'],
      input: { reason: text({ required: true, max: 255, trim: true, label: 'Reason', help: 'Told to the shipper.' }) },
    },
    close: { on: 'detail', method: 'POST', permission: HANDLE_ORDERS, label: 'Close', result: 'record', writes: ['status'] },
  },
});
