import { defineResource } from '../define';
import { bool, datetime, date, json, longText, password, ref, text } from '../fields';
import { TB_USER, terminalRecords } from './common';

/** A person known to the terminal (a company contact, a driver's person record), docs/terminal.md, Terminal records. */
export const person = defineResource({
  name: 'terminalboss/person',
  label: 'Person',
  pluralLabel: 'People',
  ...terminalRecords('person'),
  fields: {
    first_name: text({ required: true, max: 80, index: true }),
    last_name: text({ required: true, max: 80, index: true }),
    email: text({ max: 254, format: 'email' }),
    phone: text({ max: 30 }),
    fax: text({ max: 30 }),
    description: longText(),
    site_user: ref(TB_USER, { label: 'Site user' }),
    enabled: bool({ default: true }),
    created_time: datetime({ readOnly: true }),
    effective_date: date(),
    last_login_time: datetime({ readOnly: true }),
    lockout_date: date(),
    lockout_reason: text({ max: 255 }),
    password: password({ help: 'For signing in at a site kiosk; leave empty to keep the current one.' }),
    additional_data: json({ default: {} }),
  },
  labelFields: ['first_name', 'last_name'],
  list: { columns: ['first_name', 'last_name', 'email', 'phone', 'enabled', 'lockout_date'], search: ['first_name', 'last_name', 'email'], ordering: ['last_name', 'first_name'] },
});

