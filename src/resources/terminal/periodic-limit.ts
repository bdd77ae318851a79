import { defineResource } from '../define';
import { type Lifecycle, bool, choice, date, decimal, file, integer, longText, ref, text } from '../fields';
import { bool as yes, int, maybe, obj, oneOfChoices, str } from '../answers';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_LOCATION, TB_PRODUCT, createdByServer, terminalRecords, terminalScreen } from './common';
import { TICKET_TYPES } from './ticket';

export const TB_PERIODIC_LIMIT = 'terminalboss/v3/periodic-limit';
export const TB_LIMIT_PERIOD = 'terminalboss/v3/limit-period';
export const TB_LIMIT_PROPERTIES = 'terminalboss/v3/limit-properties';

/**
 * A periodic limit's lifecycle (docs/terminal.md, Limit statuses): only an active limit checks
 * loads; a suspended one stops checking for a while; a closed one is history and is never reopened
 * (its periods keep what was loaded against them). Only a draft is deleted.
 */
export const LIMIT_STATUSES = [['draft', 'Draft'], ['active', 'Active'], ['suspended', 'Suspended'], ['closed', 'Closed']] as const;
const limitLifecycle: Lifecycle = {
  initial: ['draft', 'active'],
  moves: { draft: ['active', 'closed'], active: ['suspended', 'closed'], suspended: ['active', 'closed'], closed: [] },
  final: ['closed'],
  deletable: ['draft'],
};

/** The lengths of a limit's periods, with their length in days where it is fixed (`period_types/`). */
export const PERIOD_TYPES = [['day', 'Day'], ['week', 'Week'], ['month', 'Month'], ['quarter', 'Quarter'], ['year', 'Year']] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number][0];

/** What a limit counts of each completed ticket: a volume or the net weight in the limit's unit, or the load itself. */
export const LIMIT_BASES = [['net_volume', 'Net volume'], ['gross_volume', 'Gross volume'], ['net_weight', 'Net weight'], ['load', 'Loads']] as const;

const quantity = (o: Parameters<typeof decimal>[0] = {}) => decimal({ digits: 14, places: 3, min: 0, ...o });

/**
 * A periodic limit (docs/terminal.md, Limits): how much of the loads it covers (by site, company,
 * product, ticket type and location; an empty one covers every) may move in each period. Its
 * periods (limit periods) hold each period's limit and what completed tickets used of it; an
 * active limit warns at the warning level and denies a load that would take a period over it.
 */
export const periodicLimit = defineResource({
  name: TB_PERIODIC_LIMIT,
  label: 'Periodic limit',
  ...terminalRecords('limit'),
  // Its periods are days of the site's calendar: "today" is today there (the company's zone without a site).
  timeZone: { path: ['site', 'timezone'] },
  screen: terminalScreen('limit', { label: 'Limits', menu: { section: 'Terminal', icon: 'gauge', order: 5, label: 'Limits' } }),
  fields: {
    name: text({ required: true, max: 120, trim: true, help: 'How the limit is known, e.g. "Condensate deliveries, North Ridge".' }),
    status: choice(LIMIT_STATUSES, { required: true, default: 'draft', index: true, chip: true, transitions: limitLifecycle }),
    period_type: choice(PERIOD_TYPES, { required: true, default: 'month', label: 'Period', help: 'How long each period is; rolling forward adds the next one.' }),
    site: ref(SITE, { index: true, help: 'Only loads at this site; every site when left empty.' }),
    shipper: ref(TB_COMPANY, { index: true, label: 'Company', help: 'Only loads of this shipper; every shipper when left empty.' }),
    product: ref(TB_PRODUCT, { help: 'Only loads of this product; every product when left empty.' }),
    ticket_type: choice(TICKET_TYPES, { help: 'Only tickets of this type (e.g. deliveries); every type when left empty.' }),
    location: ref(TB_LOCATION, { help: 'Only loads from or to this location (a tank, a bay); every location when left empty.' }),
    basis: choice(LIMIT_BASES, { required: true, default: 'net_volume', label: 'Counts', help: 'What each completed ticket uses of the limit.' }),
    unit: ref(MEASUREMENT_UNIT, { help: 'The unit of the limit (m³, bbl, t...); a ticket\'s quantity is converted to it. Not used when counting loads.' }),
    default_limit: quantity({ required: true, label: 'Limit per period', help: 'The limit a new period starts with; each period may then have its own.' }),
    warning_percent: decimal({ digits: 5, places: 2, min: 0, max: 100, default: '90', unit: '%', label: 'Warning at', help: 'A load that takes a period past this share of its limit is let through with a warning.' }),
    deny_over_limit: bool({ default: true, label: 'Deny loads over the limit', help: 'A load that would take a period over its limit is refused; otherwise it passes with a warning.' }),
    attachment: file({ readOnly: true, copy: false, accept: ['application/pdf', 'image/png', 'image/jpeg', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], help: 'The nomination or agreement the limit comes from (upload it on the record).' }),
    comments: longText(),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'name']],
  labelFields: [['name']],
  list: { columns: ['name', 'status', 'period_type', 'site', 'shipper', 'product', 'ticket_type', 'default_limit', 'unit'], search: ['name'], ordering: ['name'] },
  form: {
    sections: [
      { label: 'Limit', fields: ['name', 'status', 'period_type', 'basis', 'unit', 'default_limit', 'warning_percent', 'deny_over_limit', 'comments'] },
      { label: 'Loads it covers', fields: ['site', 'shipper', 'product', 'ticket_type', 'location'] },
    ],
  },
  actions: {
    period_types: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Period types', result: 'list',
      answer: obj({ value: oneOfChoices(PERIOD_TYPES), label: str(), days: maybe(int('Its length in days, where that is fixed.')) }),
    },
    status_choices: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Status choices', result: 'list',
      answer: obj({ value: oneOfChoices(LIMIT_STATUSES), label: str(), checks_loads: yes('Whether a limit in this status checks loads.'), final: yes('No move leaves it.') }),
    },
    roll_forward: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Roll forward', result: 'record', returns: TB_LIMIT_PERIOD,
    },
    upload_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Upload attachment', result: 'record', writes: ['attachment'],
      input: { file: { ...file({ accept: ['application/pdf', 'image/png', 'image/jpeg', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] }), required: true, label: 'File' } },
    },
  },
});

/**
 * One period of a periodic limit: its dates, its limit and warning level (from the limit's when
 * it is made), and, computed from the completed tickets it covers, what was used and what remains.
 */
export const limitPeriod = defineResource({
  name: TB_LIMIT_PERIOD,
  label: 'Limit period',
  ...terminalRecords('limitperiod'),
  fields: {
    periodic_limit: ref(TB_PERIODIC_LIMIT, { required: true, onDelete: 'cascade', index: true, label: 'Limit' }),
    period_start: date({ required: true, label: 'From' }),
    period_end: date({ required: true, label: 'To' }),
    limit: quantity({ required: true }),
    warning_level: quantity({ help: 'Left empty: the limit\'s warning share of this period\'s limit.' }),
    used: quantity({ computed: true, readOnly: true, help: 'What the completed tickets of the period used.' }),
    in_progress: quantity({ computed: true, readOnly: true, label: 'In progress', help: 'What the loads under way in the period are expected to use.' }),
    remaining: decimal({ digits: 15, places: 3, computed: true, readOnly: true, help: 'The limit less what was used; below zero when a load was let through over it.' }),
    loads: integer({ computed: true, readOnly: true, help: 'How many completed tickets the period counts.' }),
    comments: longText(),
  },
  unique: [['periodic_limit', 'period_start']],
  labelFields: [['period_start'], { field: 'period_end', before: '– ' }],
  list: { columns: ['periodic_limit', 'period_start', 'period_end', 'limit', 'warning_level', 'used', 'remaining', 'loads'], ordering: ['periodic_limit', '-period_start'] },
});

/** A named value kept with a periodic limit, e.g. the pipeline's nomination number or the contract it serves. */
export const limitProperties = defineResource({
  name: TB_LIMIT_PROPERTIES,
  label: 'Limit property',
  pluralLabel: 'Limit properties',
  ...terminalRecords('limitproperties'),
  fields: {
    periodic_limit: ref(TB_PERIODIC_LIMIT, { required: true, onDelete: 'cascade', index: true, label: 'Limit' }),
    name: text({ required: true, max: 60, trim: true }),
    value: text({ max: 255, trim: true }),
  },
  unique: [['periodic_limit', 'name']],
  labelFields: [['name']],
  list: { columns: ['periodic_limit', 'name', 'value'], search: ['name', 'value'], ordering: ['periodic_limit', 'name'] },
});
