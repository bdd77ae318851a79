import { defineResource } from '../define';
import { bool, choice, datetime, password, ref, text } from '../fields';
import { SITE, TB_USER, terminalRecords, terminalScreen } from './common';
import { obj, str } from '../answers';

/**
 * A person who signs in at a terminal site's own system (scale house, kiosk). Numeric usernames
 * are handed out per site (`get_available_numeric_username/`).
 */
export const terminalUser = defineResource({
  name: TB_USER,
  label: 'Terminal user',
  ...terminalRecords('user'),
  screen: terminalScreen('user', { label: 'Users', menu: { section: 'Terminal master data', icon: 'user', order: 9, label: 'Terminal users' } }),
  fields: {
    username: text({ required: true, max: 30, index: true }),
    first_name: text({ required: true, max: 80 }),
    last_name: text({ required: true, max: 80 }),
    email: text({ max: 254, format: 'email' }),
    phone: text({ max: 30 }),
    site: ref(SITE, { index: true, help: 'Home site; access to other sites is given by user access.' }),
    role: choice([['operator', 'Operator'], ['supervisor', 'Supervisor'], ['driver', 'Driver'], ['administrator', 'Administrator'], ['viewer', 'Viewer']], { required: true, default: 'operator', index: true }),
    password: password({ help: 'Leave empty to keep the current password.' }),
    enabled: bool({ default: true, index: true }),
    last_login_time: datetime({ readOnly: true }),
  },
  unique: [['company', 'username']],
  actions: {
    // Helpers of both the create and the edit form: either permission will do.
    generate_password: { on: 'collection', method: 'GET', permission: ['add', 'change'], label: 'Generate password', result: 'object', answer: obj({ password: str('A new random password meeting the password policy; nothing is stored.') }) },
    get_available_numeric_username: {
      on: 'collection', method: 'GET', permission: ['add', 'change'], label: 'Next numeric username', result: 'object',
      answer: obj({ username: str('The lowest number from 1001 up that no terminal user of the company holds, as text.') }),
      input: { server: ref(SITE, { required: true, label: 'Site', help: 'The site the user is being created for.' }) },
    },
    set_password: { on: 'detail', method: 'POST', permission: 'change', label: 'Set password', result: 'object', answer: obj({ detail: str() }), input: { password: password({ required: true }) } },
  },
  labelFields: ['username', 'first_name', 'last_name'],
  list: { columns: ['username', 'first_name', 'last_name', 'role', 'site', 'enabled', 'last_login_time'], search: ['username', 'first_name', 'last_name', 'email'], ordering: ['username'] },
});
