import { defineResource } from '../define';
import { choice, datetime, integer, json, longText, ref, text } from '../fields';
import { LAYOUT, SWITCH_LIST, YARD, yardRecords } from './common';

export const SWITCH_LIST_STATUSES = [['open', 'Open'], ['done', 'Done'], ['cancelled', 'Cancelled']] as const;

/**
 * A switch list made for a crew (docs/yard.md, The switch list): the moves from the actual layout
 * to the plan when it was made, done one by one (`mark_done/`, which executes the step on the
 * actual layout); done when its last step is, or cancelled.
 */
export const railCarSwitchList = defineResource({
  name: SWITCH_LIST,
  label: 'Switch list',
  ...yardRecords('railcarswitchlist'),
  table: 'rail_car_switch_list',
  readOnly: true,
  fields: {
    yard: ref(YARD, { required: true, readOnly: true, onDelete: 'cascade', index: true }),
    status: choice(SWITCH_LIST_STATUSES, { required: true, default: 'open', readOnly: true, index: true, chip: { open: 'active', cancelled: 'inactive' } }),
    steps: json({ shape: 'array', readOnly: true, help: 'Each {step, from, from_name, to, to_name, cars, done_at, done_by}.' }),
    step_count: integer({ readOnly: true, label: 'Moves' }),
    done_count: integer({ readOnly: true, default: 0, label: 'Done' }),
    lower_bound: integer({ readOnly: true, label: 'Fewest possible', help: 'No list from that layout to that plan is shorter.' }),
    layout_version: integer({ readOnly: true, label: 'Made from layout version' }),
    made_by: ref('user', { readOnly: true, onDelete: 'set null', label: 'Made by' }),
    made_at: datetime({ readOnly: true, label: 'Made' }),
    notes: longText({ readOnly: true, help: 'Printed above the moves.' }),
    cancel_reason: text({ max: 255, readOnly: true }),
  },
  labelFields: [['id', 'made_at']],
  list: { columns: ['id', 'status', 'made_at', 'made_by', 'step_count', 'done_count', 'lower_bound'], compact: ['id', 'status', 'done_count'], ordering: ['-made_at', '-id'] },
  actions: {
    make: {
      on: 'collection', method: 'POST', permission: 'plan_railyard', label: 'Make a switch list', result: 'record',
      input: {
        yard: ref(YARD, { required: true }),
        notes: text({ max: 2000, help: 'Printed above the moves.' }),
        layout_version: integer({ required: true, min: 0, label: 'Layout version', help: 'The layout the list is made from: a stale one is refused with 409.' }),
      },
    },
    mark_done: {
      on: 'detail', method: 'POST', permission: 'switch_railyard', label: 'Mark a move done', result: 'object',
      input: { step: integer({ required: true, min: 1, max: 10_000, help: 'The next step not yet done.' }) },
      answer: LAYOUT,
    },
    print: { on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file' },
    cancel: {
      on: 'detail', method: 'POST', permission: 'plan_railyard', label: 'Cancel', result: 'record',
      input: { reason: text({ required: true, max: 255, trim: true }) },
    },
  },
});
