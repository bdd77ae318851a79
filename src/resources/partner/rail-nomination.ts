/**
 * A nomination (docs/partners.md, Nominations): on a sent order, the partner says how many cars it
 * wants on which days (`shipping_schedule`, dated quantities like a rail schedule's days), sends
 * it, and the shipper approves or rejects it with a reason. An approved nomination writes the
 * contract's rail schedule. Every version is kept: a rejected (or approved) one is revised into a
 * new draft with the next `revision`, and the one it replaces is named in `previous`.
 *
 *   draft       the partner's, being written: forecast, auto-schedule, clear, edit the days
 *   sent        waiting for the shipper's answer
 *   approved    the shipper approved it: its days are in the contract's schedule
 *   rejected    the shipper rejected it, saying why; final (revise it into a new version)
 *   superseded  a later version of the same order was approved; final
 */
import { defineResource } from '../define';
import { choice, date, datetime, integer, json, longText, ref, text } from '../fields';
import { type Shape, bool, day, int, listOf, mapOf, maybe, obj, oneOf, oneOfChoices, str } from '../answers';
import { SHIPMENT_STATUSES } from '../rail/rail-shipment-status';
import { MAX_CARS, MAX_SCHEDULE_DAYS } from '../../lib/rail-auto-schedule';
import { PARTNER_DRAFTS, partnerRecords } from './common';
import { PARTNER_CONTRACT } from './rail-contract';
import { ORDER_STATUSES, PARTNER_ORDER } from './rail-order';

/** The longest window the nominations board shows at once (a quarter). */
export const BOARD_DAYS = 92;

export const PARTNER_NOMINATION = 'partner/railnomination';
export const NOMINATION_STATUSES = [
  ['draft', 'Draft'], ['sent', 'Sent'], ['approved', 'Approved'], ['rejected', 'Rejected'], ['superseded', 'Superseded'],
] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number][0];

/** The shipper's right to approve and reject its partners' nominations. */
export const REVIEW_NOMINATIONS = 'review_nominations';

/** A nomination's day: a date and the cars wanted on it. */
const NOMINATION_DAY = obj({ date: day(), quantity: int('Cars.') });
/** The board's measures, each by day (only the days that have cars). */
const byMeasure = (value: Shape, description: string) => obj({
  forecast: value, nominated: value, approved: value, shipped: value, planned: value,
}, { optional: ['planned'], description });
const byDay = mapOf(int(), 'By day (yyyy-MM-dd), the cars; days without any are left out.');

export const partnerRailNomination = defineResource({
  name: PARTNER_NOMINATION,
  label: 'Nomination',
  ...partnerRecords('wheelhouserailnomination'),
  table: 'partner_rail_nomination',
  partner: PARTNER_DRAFTS,
  extraCodenames: { [REVIEW_NOMINATIONS]: "Can approve and reject partners' nominations" },
  fields: {
    order: ref(PARTNER_ORDER, { required: true, onDelete: 'cascade', label: 'Order', help: 'A sent order of yours.' }),
    contract: ref(PARTNER_CONTRACT, { readOnly: true, onDelete: 'cascade', copy: false, label: 'Contract' }),
    partner_company: ref('company', { readOnly: true, onDelete: 'cascade', copy: false, label: 'Partner' }),
    revision: integer({ readOnly: true, copy: false, min: 1, label: 'Version' }),
    previous: ref(PARTNER_NOMINATION, { readOnly: true, onDelete: 'set null', copy: false, label: 'Replaces' }),
    forecast: integer({ min: 0, max: MAX_CARS, label: 'Forecast cars', help: 'Cars you expect to take in all; Auto-schedule spreads them over the days.' }),
    shipping_schedule: json({
      shape: 'array', label: 'Days',
      help: `The days and the cars wanted on each, at most ${MAX_SCHEDULE_DAYS}: [{date: "yyyy-MM-dd", quantity: whole number}], inside the order's window.`,
    }),
    nominated_total: integer({ readOnly: true, copy: false, label: 'Nominated cars' }),
    first_date: date({ readOnly: true, copy: false, label: 'First day' }),
    last_date: date({ readOnly: true, copy: false, label: 'Last day' }),
    notes: longText(),
    status: choice(NOMINATION_STATUSES, {
      required: true, default: 'draft', index: true, readOnly: true, copy: false,
      chip: { approved: 'active', rejected: 'inactive', superseded: 'inactive' },
      transitions: {
        initial: ['draft'],
        moves: { draft: ['sent'], sent: ['approved', 'rejected'], approved: ['superseded'], rejected: [], superseded: [] },
        final: ['rejected', 'superseded'],
        deletable: ['draft'],
        instead: 'Sent versions are kept; revise it instead.',
        codenames: { approved: REVIEW_NOMINATIONS, rejected: REVIEW_NOMINATIONS },
        locked: { sent: "Wait for the shipper's answer.", approved: 'Revise it into a new version to change it.' },
      },
    }),
    sent_at: datetime({ readOnly: true, copy: false, label: 'Sent' }),
    reviewed_at: datetime({ readOnly: true, copy: false, label: 'Answered' }),
    reviewed_by: text({ max: 200, readOnly: true, copy: false, label: 'Answered by' }),
    reject_reason: text({ max: 255, readOnly: true, copy: false, label: 'Why rejected' }),
  },
  unique: [['order', 'revision']],
  labelFields: [['order', 'id'], 'revision'],
  list: {
    columns: ['id', 'order', 'contract', 'revision', 'status', 'nominated_total', 'first_date', 'last_date', 'sent_at', 'reviewed_at'],
    compact: ['order', 'revision', 'status'],
    search: [],
    ordering: ['-created_at'],
  },
  form: { sections: [{ label: 'Nomination', fields: ['order', 'forecast', 'shipping_schedule', 'notes'] }] },
  actions: {
    forecast: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Forecast', result: 'record',
      input: { forecast: integer({ required: true, min: 0, max: MAX_CARS, label: 'Forecast cars' }) },
    },
    auto_schedule: { on: 'detail', method: 'POST', permission: 'change', label: 'Auto-schedule', result: 'record' },
    clear_nomination: { path: 'clear-nomination', on: 'detail', method: 'POST', permission: 'change', label: 'Clear', result: 'record' },
    send: { on: 'detail', method: 'POST', permission: 'change', label: 'Send', result: 'record', writes: ['status', 'sent_at'] },
    review: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Review', result: 'object',
      answer: obj({
        nomination: int(),
        revision: int(),
        status: oneOfChoices(NOMINATION_STATUSES),
        approved_revision: maybe(int('The order\'s approved version, if any.')),
        order: obj({ id: int(), number_of_cars: int(), start_date: day(), end_date: day(), status: oneOfChoices(ORDER_STATUSES) }),
        totals: obj({ nominated: int(), approved: int(), shipped: int() }),
        days: listOf(obj({
          date: day(),
          nominated: int('Cars this version nominates.'),
          approved: int('Cars the order\'s approved version has.'),
          shipped: int('Cars shipped on the contract that day.'),
          planned: int('The shipper\'s planned cars (the shipper only).'),
          actual: maybe(int('The shipper\'s actual cars, once known (the shipper only).')),
        }, { optional: ['planned', 'actual'] }), 'The nomination\'s days.'),
        warnings: listOf(str()),
      }),
    },
    approve: { on: 'detail', method: 'POST', permission: REVIEW_NOMINATIONS, label: 'Approve', result: 'record', writes: ['status', 'reviewed_at', 'reviewed_by'] },
    reject: {
      on: 'detail', method: 'POST', permission: REVIEW_NOMINATIONS, label: 'Reject', result: 'record', writes: ['status', 'reviewed_at', 'reviewed_by', 'reject_reason'],
      input: { reason: text({ required: true, max: 255, trim: true, label: 'Reason', help: 'The partner sees it.' }) },
    },
    revise: { on: 'detail', method: 'POST', permission: 'add', label: 'Revise', result: 'record' },
    new_nominations: {
      path: 'new-nominations', on: 'collection', method: 'GET', permission: 'view', label: 'New nomination', result: 'object',
      input: { order: ref(PARTNER_ORDER, { required: true, label: 'Order' }) },
      answer: obj({
        order: int(),
        contract: int(),
        revision: int('The revision a new version takes.'),
        forecast: int('The latest version\'s forecast, else the order\'s cars.'),
        shipping_schedule: listOf(NOMINATION_DAY, 'The latest version\'s days, else every day of the order\'s window at 0.'),
        open: maybe(obj({ id: int(), revision: int(), status: oneOf(['draft', 'sent']) }, { description: 'The version still open (draft or sent), if any.' })),
        may_nominate: bool('Whether the caller may make a new version now.'),
      }),
    },
    get_shipments: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Shipments', result: 'list',
      // A partner sees those shipped (or since voided), the shipper all of them.
      answer: obj({
        id: int(),
        shipment_number: maybe(str()),
        bol_number: maybe(str()),
        ship_date: day(),
        status: oneOfChoices(SHIPMENT_STATUSES),
        counted_cars: maybe(int()),
      }),
    },
    board: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Nominations board', result: 'object',
      input: {
        from: date({ required: true, label: 'From' }),
        to: date({ required: true, label: 'To', help: `At most ${BOARD_DAYS} days after From.` }),
        contract: ref(PARTNER_CONTRACT, { label: 'Contract', help: 'One shared contract; all of them when left out.' }),
      },
      answer: obj({
        from: day(),
        to: day(),
        days: listOf(day(), 'Every day from `from` to `to`.'),
        contracts: listOf(obj({
          id: int(),
          contract_number: maybe(str()),
          side: oneOf(['shipper', 'partner'], 'Whether the caller\'s company is the contract\'s shipper or its partner.'),
          _labels: mapOf(maybe(str()), 'Per reference field of the contract, the label of the record it names.'),
          product: int(),
          start_date: day(),
          end_date: day(),
          days: byMeasure(byDay, 'Per measure the cars by day; `planned` for the shipper only.'),
          totals: byMeasure(int(), 'Per measure the cars over the days shown.'),
        }), 'The shared contracts whose period meets the days, by number.'),
      }),
    },
  },
});
