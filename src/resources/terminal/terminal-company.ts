import { defineResource } from '../define';
import { bool, choice, date, longText, ref, text } from '../fields';
import { TB_COMPANY, createdByServer, legacyNumber, terminalRecords, terminalScreen } from './common';

/**
 * A company the terminal deals with (docs/terminal.md, Terminal records: the company table): stockholders, customers,
 * producers, carriers. Its types are links (`terminalboss/companytypetable`).
 * Lifecycle: pending (being set up) -> active; active <-> locked (loads refused, with a reason) ->
 * inactive (no longer used); inactive may be reactivated.
 */
export const terminalCompany = defineResource({
  name: TB_COMPANY,
  aliases: ['terminalboss/companytable'],
  label: 'Terminal company',
  pluralLabel: 'Terminal companies',
  ...terminalRecords('company'),
  screen: terminalScreen('company', { label: 'Companies', form: 'company-form', v2: 'company', menu: { section: 'Terminal master data', icon: 'party', order: 5 } }),
  fields: {
    legacy_id: legacyNumber(),
    name: text({ required: true, max: 200, index: true }),
    company_code: text({ required: true, max: 30, index: true }),
    status: choice([['pending', 'Pending'], ['active', 'Active'], ['locked', 'Locked'], ['inactive', 'Inactive']], {
      default: 'active', index: true, chip: true,
      transitions: { initial: ['pending', 'active'], moves: { pending: ['active', 'inactive'], active: ['locked', 'inactive'], locked: ['active', 'inactive'], inactive: ['active'] } },
    }),
    enabled: bool({ default: true, index: true }),
    effective_date: date(),
    expiry_date: date(),
    lockout_date: date(),
    lockout_reason: text({ max: 255 }),
    customs_brokerage_account_number: text({ max: 40 }),
    irs_number: text({ max: 20, label: 'IRS number', pattern: { source: '\\d{2}-?\\d{7}', message: 'An IRS EIN is 9 digits, e.g. 12-3456789.' } }),
    bn_number: text({ max: 17, label: 'BN', pattern: { source: '\\d{9}([A-Z]{2}\\d{4})?', message: 'A business number is 9 digits, optionally followed by a program account like RT0001.' } }),
    address: text({ max: 300 }),
    city: text({ max: 100 }),
    province: text({ max: 50, label: 'Province / state' }),
    country: text({ max: 2, default: 'CA' }),
    postal_code: text({ max: 12 }),
    phone: text({ max: 30 }),
    email: text({ max: 254, format: 'email' }),
    comments: longText(),
    // The partnership lives on the party (docs/partners.md, Partner tickets): revoking it ends the sharing here too.
    party: ref('party', {
      onDelete: 'set null', label: 'Rail party',
      help: 'This company as a party of your rail records. When that party is a partner on the platform, the partner reads the completed tickets that name this company as shipper, consignee or carrier.',
    }),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'company_code']],
  labelFields: [['name', 'company_code']],
  list: { columns: ['legacy_id', 'name', 'company_code', 'status', 'city', 'province', 'effective_date', 'expiry_date'], search: ['name', 'company_code', 'city'], ordering: ['name'] },
  form: {
    sections: [
      { label: 'Company', fields: ['name', 'company_code', 'status', 'enabled', 'effective_date', 'expiry_date', 'comments'] },
      { label: 'Lockout', fields: ['lockout_date', 'lockout_reason'] },
      { label: 'Registration', fields: ['customs_brokerage_account_number', 'irs_number', 'bn_number', 'party'] },
      { label: 'Address', fields: ['address', 'city', 'province', 'country', 'postal_code', 'phone', 'email'] },
    ],
  },
});
