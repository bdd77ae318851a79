/**
 * Reports (docs/reports.md): a saved query a user builds on screen over one source (any declared
 * resource he may read, with the columns of the records it references), its columns, filters,
 * grouping and totals; sampled while it is edited, downloaded as CSV or XLSX, and mailed on a
 * schedule in the company's time zone. A report runs with the rights and tenancy of whoever runs
 * it, and a scheduled one with those of whoever scheduled it, as they are at the time it runs.
 */
import { defineResource } from '../define';
import { choice, datetime, integer, json, longText, ref, tags, text } from '../fields';
import { anything, bool as boolAnswer, instant, int, listOf, mapOf, maybe, obj, oneOf, oneOfChoices, str } from '../answers';
import {
  DELIVERY_STATUSES, FILE_FORMATS, FREQUENCIES, MAX_COLUMNS, MAX_GROUPS, MAX_TOTALS, WEEKDAYS,
} from './report-terms';

const COLUMN_KEY = { source: '[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?', message: 'A column of the source: a field, or a reference and one of its fields (product.name).' };

/** The definition's fields, as a report holds them and as `sample/` takes a draft of them. */
const definition = {
  source: text({ max: 100, required: true, label: 'Source', help: 'The records the report reads: a resource path, e.g. terminalboss/v3/ticket (sources/ lists them).' }),
  columns: tags({ max: MAX_COLUMNS, label: 'Columns', help: 'Column keys in order: a field (net_volume) or a reference and a field of its record (product.name).' }),
  group_by: tags({ max: MAX_GROUPS, label: 'Group by', help: 'Columns whose values make the groups; a date may be grouped by day, month or year (ticket_date:month).' }),
  totals: tags({ max: MAX_TOTALS, label: 'Totals', help: 'A number column and its total: net_volume:sum, gross_weight:max (sum, avg, min, max).' }),
  ordering: text({ max: 200, label: 'Order', help: "As a list takes it, own fields only (-ticket_date,code); left out, the source's own order." }),
};

export const report = defineResource({
  name: 'reports',
  label: 'Report',
  perms: { app: 'reports', model: 'report' },
  tenant: 'company',
  screen: { at: 'company', slug: 'reports', codes: ['access_menu__reports'], paths: { record: 'company/reports/:reportId/', create: 'company/reports/new/' } },
  fields: {
    name: text({ max: 120, required: true, label: 'Name' }),
    description: longText({ label: 'Description' }),
    ...definition,
    source: { ...definition.source, index: true },
    filters: json({ shape: 'object', label: 'Filters', help: 'List filters by column key, e.g. {"status": "completed", "product.name__icontains": "diesel", "ticket_date__period": "last_month"}.' }),
    // The schedule (`email/`): read-only to the generic routes, set by that action only.
    email_target: tags({ max: 20, format: 'email', label: 'Mailed to', readOnly: true }),
    frequency: choice(FREQUENCIES, { label: 'Mailed', default: 'none', readOnly: true }),
    send_time: text({ max: 5, label: 'At (company time)', readOnly: true }),
    weekday: choice(WEEKDAYS, { label: 'On (weekly)', readOnly: true }),
    day_of_month: integer({ min: 1, max: 31, label: 'On day (monthly)', readOnly: true }),
    file_format: choice(FILE_FORMATS, { label: 'As', default: 'xlsx', readOnly: true }),
    scheduled_by: ref('user', { label: 'Scheduled by', readOnly: true, onDelete: 'set null' }),
    next_run_at: datetime({ label: 'Next mailing', readOnly: true, copy: false, audit: false, index: true }),
    last_sent_at: datetime({ label: 'Last mailed', readOnly: true, copy: false, audit: false }),
    last_status: choice(DELIVERY_STATUSES, { label: 'Last mailing', readOnly: true, copy: false, audit: false, chip: { sent: 'active', failed: 'inactive' } }),
    last_error: text({ max: 500, label: 'Last error', readOnly: true, copy: false, audit: false }),
  },
  labelFields: [['name']],
  list: {
    columns: ['name', 'source', 'frequency', 'next_run_at', 'last_status', 'updated_at'],
    search: ['name'],
    ordering: ['name'],
    compact: ['name', 'source', 'last_status'],
  },
  form: { sections: [{ label: 'Report', fields: ['name', 'description', 'source', 'columns', 'filters', 'group_by', 'totals', 'ordering'] }] },
  actions: {
    sources: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Sources', result: 'list',
      input: { source: text({ max: 100, label: 'Source', help: 'Given: that source only, with its columns.' }) },
      answer: obj({
        source: str('The resource path.'), label: str(), area: str('The part of the product it belongs to.'),
        columns: listOf(obj({
          key: str('The column key (field, or reference.field).'), label: str(), kind: str('The field kind.'),
          unit: maybe(str('The unit of a quantity, or "per row" when each row names its own.')),
          unitKey: str('Where each row names its own unit: the column that holds it.'),
          group: str('The record it belongs to: the source itself, or the label of a reference.'),
          filterable: boolAnswer(), groupable: boolAnswer(), totals: listOf(str()), choices: listOf(obj({ value: str(), label: str() })),
        }, { optional: ['unitKey'] }), 'Only with `source`.'),
      }, { optional: ['columns'] }),
    },
    additional_filters: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Further filters', result: 'list',
      input: { source: text({ max: 100, required: true, label: 'Source' }) },
      answer: obj({ key: str('The filter key, e.g. ticket_date__period.'), label: str(), kind: oneOf(['period', 'search']), choices: listOf(obj({ value: str(), label: str() })) }),
    },
    column_choices: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Values of a column', result: 'list',
      input: {
        source: text({ max: 100, required: true, label: 'Source' }),
        column: text({ max: 130, required: true, label: 'Column', pattern: COLUMN_KEY }),
        input: text({ max: 100, label: 'Typed so far' }),
      },
      answer: obj({ value: anything('The value a filter takes: a code, an id or a text.'), label: str() }),
    },
    sample: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Sample', result: 'object',
      input: {
        ...definition,
        filters: text({ max: 64 * 1024, label: 'Filters', help: 'The filters as JSON text, e.g. {"status":"completed"}.' }),
        rows: integer({ min: 1, max: 200, label: 'Rows', help: 'How many rows (default 50).' }),
      },
      answer: obj({
        columns: listOf(obj({ key: str(), label: str(), kind: str(), unit: maybe(str()), role: oneOf(['column', 'group', 'unit', 'count', 'total']) })),
        rows: listOf(listOf(anything()), 'The first rows (or groups), each a list of cells in the columns\' order: display values (labels for references and choices, times in the row\'s zone).'),
        total_columns: listOf(obj({ key: str(), label: str(), kind: str(), unit: maybe(str()), role: oneOf(['column', 'group', 'unit', 'count', 'total']) }), 'The columns of the totals lines (a grouped report\'s are its own).'),
        totals: listOf(listOf(anything()), 'The totals over every row: one line, or one per unit where a quantity\'s unit is each row\'s own.'),
        count: int('Rows the report has (groups when grouped).'),
        rows_read: int('Records the filters select.'),
      }),
    },
    // The dashboard's figures (docs/reports.md, Dashboard): to every signed-in user, each figure of records he may read.
    dashboard: {
      on: 'collection', method: 'GET', permission: 'authenticated', label: 'Dashboard', result: 'list',
      answer: obj({
        key: str(), title: str(), chart: oneOf(['bars', 'tiles']), source: str('The resource whose table the figure opens.'), noun: str('What it counts, one of them: ticket.'), nouns: str('What it counts: tickets.'), group: str('The column it groups by.'),
        columns: listOf(obj({ key: str(), label: str(), kind: str(), unit: maybe(str()), role: oneOf(['column', 'group', 'unit', 'count', 'total']) })),
        rows: listOf(listOf(anything())), totals: listOf(listOf(anything())),
        link_filters: mapOf(str(), 'The filters of the table it opens, as the table\'s address takes them.'),
      }),
    },
    download: {
      // The file at once when small; a job with progress when large (docs/reports.md, Files).
      on: 'detail', method: 'GET', permission: 'view', label: 'Download', result: 'job',
      input: { format: choice(FILE_FORMATS, { label: 'As', default: 'xlsx' }) },
    },
    email: {
      on: 'detail', method: 'PUT', permission: 'change', label: 'Schedule mailing', result: 'record',
      writes: ['email_target', 'frequency', 'send_time', 'weekday', 'day_of_month', 'file_format', 'scheduled_by', 'next_run_at'],
      input: {
        target: tags({ max: 20, format: 'email', label: 'Recipients', help: 'Left empty with frequency none: the mailing stops.' }),
        frequency: choice(FREQUENCIES, { required: true, label: 'How often' }),
        time: text({ max: 5, label: 'At', help: 'HH:MM in the company\'s time zone (default 07:00).', pattern: { source: '([01]\\d|2[0-3]):[0-5]\\d', message: 'A time of day as HH:MM, e.g. 07:00.' } }),
        weekday: choice(WEEKDAYS, { label: 'On (weekly)' }),
        day_of_month: integer({ min: 1, max: 31, label: 'On day (monthly)', help: 'Past the month\'s last day: its last day.' }),
        format: choice(FILE_FORMATS, { label: 'As', default: 'xlsx' }),
      },
    },
    get_emails: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Mailing', result: 'object',
      answer: obj({
        target: listOf(str()), frequency: oneOfChoices(FREQUENCIES), time: maybe(str()), weekday: maybe(str()), day_of_month: maybe(int()),
        format: oneOfChoices(FILE_FORMATS), time_zone: str('The company\'s zone the time is in.'), next_run_at: maybe(instant()), scheduled_by: maybe(str()),
        deliveries: listOf(obj({
          id: int(), due_at: instant(), status: oneOfChoices(DELIVERY_STATUSES), attempts: int(), rows: maybe(int()),
          error: maybe(str()), sent_at: maybe(instant()), next_attempt_at: maybe(instant()),
        }), 'The latest mailings, newest first.'),
      }),
    },
  },
});
