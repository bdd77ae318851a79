import { defineResource } from '../define';
import { choice, date, decimal, integer, longText, ref, text } from '../fields';
import { day, decimalText, int, listOf, maybe, obj, oneOf, str } from '../answers';
import { TB_COMPANY, TB_PRODUCT, terminalRecords } from './common';
import { TICKET_TYPES } from './ticket';

export const TB_ALLOCATION = 'terminalboss/allocation';
export const TB_TRANSFER_LIMIT = 'terminalboss/transferlimit';
const TB = 'company/terminalboss';

/** How a deal moves the product (the older screens' transaction types). */
export const TRANSACTION_TYPES = [['sale', 'Sale'], ['purchase', 'Purchase'], ['exchange', 'Exchange'], ['storage', 'Storage'], ['transfer', 'Title transfer']] as const;
export const TRANSFER_PERIOD_TYPES = [['day', 'Day'], ['week', 'Week'], ['month', 'Month'], ['days', 'Every n days']] as const;

const onOff = (label: string, help: string) => integer({ min: 0, max: 1, default: 1, flag: true, label, help });

/** What `schedule_limit/` answers per window: the limit, what was used and what remains. */
const WINDOW = obj({
  transfer_limit: str(), period_start: day(), period_end: day(), limit: decimalText(), used: decimalText(),
  in_progress: decimalText(), remaining: decimalText(), loads: int(),
});

/**
 * An allocation (the older v2 screens; docs/terminal.md, Allocations): a stockholder's right to
 * move a product through the terminal under a contract, from its effective date to its
 * expiration, for one direction (receipts or deliveries) and optionally one customer or producer.
 * Its transfer limits say how much may move per period; `loading_warning`, `last_load_denial`
 * and `max_allowed_uses` say how a load at the limit is treated.
 */
export const allocation = defineResource({
  name: TB_ALLOCATION,
  label: 'Allocation',
  ...terminalRecords('allocation'),
  // Addressed by number, as the older screens address every record (`allocation/{entityId}/`).
  idKind: 'serial',
  screen: {
    at: TB, slug: 'allocation', label: 'Allocations (v2)', codes: ['access_menu__v2__overview'],
    paths: { list: `${TB}/allocation/table/`, record: `${TB}/allocation/:entityId/`, create: `${TB}/allocation/create/` },
  },
  fields: {
    allocation_code: text({ required: true, max: 40, trim: true, upper: true, help: 'The code the loader keys, e.g. "PRO-CRD-2611".' }),
    product_key: ref(TB_PRODUCT, { required: true, label: 'Product', index: true }),
    contract_number: text({ max: 40, trim: true }),
    confirmation_number: text({ max: 40, trim: true, help: 'The pipeline or counterparty confirmation of the nomination.' }),
    effective_date: date({ required: true }),
    expiration_date: date({ help: 'Open-ended when left empty.' }),
    loading_warning: onOff('Loading warning', 'On (1): the loader is warned when a load takes a period over its limit and is let through (see last load denial).'),
    last_load_denial: onOff('Last load denial', 'On (1): the load that would take a period over its limit is refused; off (0): that last load goes through with the warning, and the loads after it are refused.'),
    max_allowed_uses: integer({ min: 1, max: 99, default: 1, label: 'Max allowed uses', help: 'How many loads may be under way on the allocation at once.' }),
    stockholder: ref(TB_COMPANY, { required: true, index: true, help: 'Whose product: the tickets\' shipper.' }),
    customer: ref(TB_COMPANY, { help: 'Only loads consigned to this company; any when left empty.' }),
    producer: ref(TB_COMPANY, { help: 'Only loads of this producer; any when left empty.' }),
    product_direction: choice(TICKET_TYPES.filter(([v]) => v !== 'waste_disposal'), { label: 'Direction', help: 'Receipts, deliveries or transfers; every direction when left empty.' }),
    transaction_type: choice(TRANSACTION_TYPES),
    comments: longText(),
  },
  unique: [['company', 'allocation_code']],
  labelFields: [['allocation_code']],
  list: { columns: ['allocation_code', 'product_key', 'stockholder', 'product_direction', 'effective_date', 'expiration_date', 'contract_number'], search: ['allocation_code', 'contract_number', 'confirmation_number'], ordering: ['allocation_code'] },
  form: {
    sections: [
      { label: 'Allocation', fields: ['allocation_code', 'product_key', 'stockholder', 'product_direction', 'customer', 'producer', 'transaction_type', 'contract_number', 'confirmation_number', 'effective_date', 'expiration_date', 'comments'] },
      { label: 'At the limit', fields: ['loading_warning', 'last_load_denial', 'max_allowed_uses'] },
    ],
  },
  actions: {
    schedule_limit: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Limit schedule', result: 'list', answer: WINDOW,
      input: {
        from: date({ help: 'The first day (default: the allocation\'s effective date, or 30 days back).' }),
        to: date({ help: 'The last day (default: 60 days on).' }),
      },
    },
    schedule_limit_check: {
      on: 'detail', method: 'POST', path: 'schedule_limit', permission: 'view', label: 'Check a load', result: 'object',
      answer: obj({
        decision: oneOf(['ok', 'warn', 'deny']),
        messages: listOf(str()),
        windows: listOf(WINDOW),
        max_allowed_uses: int(), in_use: int('The loads under way on the allocation now.'),
        load_date: day(), quantity: maybe(decimalText()),
      }),
      input: {
        load_date: date({ required: true, label: 'Load date' }),
        quantity: decimal({ digits: 14, places: 3, min: 0, help: 'The load\'s net volume in m³; left empty, only whether any room remains.' }),
      },
    },
  },
});

/**
 * A transfer limit of an allocation: how much (net m³) may move in each period from its period
 * start date, between its own start and end dates; 0 by default, so nothing moves until one is set.
 */
export const transferLimit = defineResource({
  name: TB_TRANSFER_LIMIT,
  label: 'Transfer limit',
  ...terminalRecords('transferlimit'),
  idKind: 'serial',
  fields: {
    allocation: ref(TB_ALLOCATION, { required: true, onDelete: 'cascade', index: true }),
    period_type: choice(TRANSFER_PERIOD_TYPES, { required: true, default: 'month', label: 'Period' }),
    days_in_period: integer({ min: 1, max: 366, help: 'The length of a period in days (for "every n days").' }),
    period_start_date: date({ required: true, help: 'The first period starts on this day; each next one follows it.' }),
    limit: decimal({ digits: 14, places: 3, min: 0, default: '0', unit: 'm³', help: 'Net volume per period.' }),
    transfer_limit_start_date: date({ label: 'From', help: 'Loads before this day are not limited by it (default: the period start).' }),
    transfer_limit_end_date: date({ label: 'To', help: 'Loads after this day are not limited by it; open-ended when left empty.' }),
    comments: longText(),
  },
  labelFields: [['period_type'], { field: 'limit', before: ' ' }],
  list: { columns: ['allocation', 'period_type', 'days_in_period', 'period_start_date', 'limit', 'transfer_limit_start_date', 'transfer_limit_end_date'], ordering: ['allocation', 'period_start_date'] },
});
