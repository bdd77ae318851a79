import { defineResource } from '../define';
import { bool, datetime, json, password, ref, refs, tags, text } from '../fields';
import { ROLE_CHOICES } from './roles';

/** The most a user's personal settings object may hold, as JSON text. */
export const SETTINGS_MAX_BYTES = 512 * 1024;

/** A person who signs in. `company` is the company the user currently acts for; `companies` those it may switch to. */
export const user = defineResource({
  name: 'user',
  label: 'User',
  perms: { app: 'accounts', model: 'user' },
  tenant: 'company',
  fields: {
    email: text({ required: true, max: 254, format: 'email', unique: true }),
    username: text({ max: 150, index: true }),
    name: text({ max: 200, index: true }),
    telephone: text({ max: 40 }),
    is_active: bool({ default: true }),
    is_superuser: bool({ default: false, readOnly: true }),
    // Integration accounts: the only accounts an administrator may take an API token for.
    is_service_account: bool({ default: false, help: 'An integration account, not a person: administrators may issue API tokens for it.' }),
    password: password({ help: 'At least 8 characters, not entirely numeric.' }),
    groups: refs('groups'),
    user_permissions: refs('permission'),
    roles: tags({ choices: ROLE_CHOICES }),
    companies: refs('company', { help: 'Companies this user may switch to.' }),
    // Table settings, saved filters and column orders of every table the user opened: larger than most JSON.
    ui_config: json({ default: {}, maxBytes: SETTINGS_MAX_BYTES }),
    app_config: json({ default: {}, maxBytes: SETTINGS_MAX_BYTES }),
    last_login: datetime({ readOnly: true }),
  },
  list: { columns: ['email', 'name', 'username', 'roles', 'is_active', 'last_login'], search: ['email', 'name', 'username'], ordering: ['email'] },
  labelFields: [['name', 'email']],
  actions: {
    me: { on: 'collection', method: 'GET', permission: 'authenticated', label: 'My profile', result: 'object' },
    // Each settings object is merged key by key into the stored one (two tabs saving different tables both land).
    me_update: {
      on: 'collection', method: 'PATCH', path: 'me', permission: 'authenticated', label: 'Update my settings', result: 'object',
      input: { ui_config: json({ maxBytes: SETTINGS_MAX_BYTES }), app_config: json({ maxBytes: SETTINGS_MAX_BYTES }) },
    },
    backend_version: { on: 'collection', method: 'GET', permission: 'authenticated', result: 'object' },
    change_company: {
      on: 'collection', method: 'POST', permission: 'authenticated', label: 'Act for another company', result: 'object',
      input: { company: ref('company', { required: true, label: 'Company' }) },
    },
    user_tokens: { on: 'collection', method: 'POST', permission: 'change', result: 'object', input: { email: text({ required: true, max: 254 }) } },
    set_password: { on: 'detail', method: 'POST', permission: 'change', result: 'object', input: { password: password({ required: true }) } },
    regenerate_token: { on: 'detail', method: 'POST', permission: 'change', result: 'object' },
  },
  form: {
    sections: [
      { label: 'Account', fields: ['email', 'username', 'name', 'telephone', 'is_active', 'is_service_account', 'password'] },
      { label: 'Access', fields: ['groups', 'roles', 'user_permissions', 'companies'] },
    ],
  },
});
