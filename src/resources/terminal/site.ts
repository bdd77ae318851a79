import { defineResource } from '../define';
import { bool, choice, datetime, json, text } from '../fields';
import { MASS_BALANCE } from './mass-balance-answer';
import { SITE, terminalRecords, terminalScreen } from './common';
import { timeZoneError } from '../../lib/time-zone';

/** A terminal site: the on-site terminal server that records tickets and syncs them up (docs/terminal.md, Terminal records). */
export const site = defineResource({
  name: SITE,
  label: 'Site',
  ...terminalRecords('site'),
  screen: terminalScreen('site', { menu: { section: 'Terminal master data', icon: 'terminal', order: 4 } }),
  // The site keeps its own time (docs/terminal.md, Site time): what it records is shown in it.
  timeZone: { path: ['timezone'] },
  fields: {
    name: text({ required: true, max: 120, index: true }),
    /** The account the site's server signs in with (a machine name: sites are shown by their name). */
    username: text({ required: true, max: 60, pattern: { source: '[A-Za-z0-9_.-]+', message: 'Letters, digits, dots, dashes and underscores only.' } }),
    timezone: text({
      required: true, max: 64, default: 'America/Edmonton', help: 'IANA time zone of the site, e.g. America/Edmonton.',
      check: timeZoneError,
    }),
    additional_data: json({ default: { address: '' }, help: 'Site details; `address` is printed on tickets.' }),
    enabled: bool({ default: true, index: true }),
    last_sync_at: datetime({ readOnly: true, label: 'Last sync' }),
  },
  unique: [['company', 'username']],
  labelFields: ['name'],
  list: { columns: ['name', 'username', 'timezone', 'enabled', 'last_sync_at'], search: ['name', 'username'], ordering: ['name'] },
  actions: {
    // The site's mass balance for a day or a month (docs/terminal.md, Mass balance); also needs the right to read tickets and tank gaugings.
    mass_balance: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Mass balance', result: 'object',
      input: {
        period: text({ required: true, max: 10, label: 'Day or month', pattern: { source: '\\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?', message: 'A day (2026-11-30) or a month (2026-11).' } }),
        format: choice([['json', 'JSON'], ['csv', 'CSV'], ['xlsx', 'Excel (XLSX)']], { default: 'json', label: 'As' }),
      },
      answer: MASS_BALANCE,
    },
  },
});
