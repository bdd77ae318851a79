import { defineResource } from '../define';
import { bool, datetime, json, password, ref, refs, tags, text } from '../fields';
import { ROLES, ROLE_CHOICES } from './roles';
import { anything, bool as boolAnswer, int, listOf, mapOf, maybe, obj, oneOf, str } from '../answers';
import { QUANTITY_DECIMALS } from './application-configuration';

/** The most a user's personal settings object may hold, as JSON text. */
export const SETTINGS_MAX_BYTES = 512 * 1024;

/** What a user's settings objects hold: free keys (a table's columns, filters, order) the browser app owns. */
const settingsAnswer = (description: string) => mapOf(anything(), description);

/**
 * The session profile (`user/me/`, and after changing one's settings or company): who is signed in,
 * what the user may do (permissions grouped by app and model, menu codes included), the company it
 * acts for with its features, the companies it may switch to and the company's settings.
 */
const PROFILE = obj({
  id: int(),
  email: str(),
  name: maybe(str()),
  username: maybe(str()),
  is_superuser: boolAnswer(),
  groups: listOf(obj({ id: int(), name: str() })),
  roles: listOf(oneOf(ROLES)),
  user_access: listOf(obj({
    app: str('The app of the permissions, e.g. `accounts`.'),
    models: listOf(obj({ model: str('A model, or a pseudo model such as `menu`.'), codenames: listOf(str()) })),
  }), 'The permissions the user holds (directly and through its groups), by app and model; menu and configuration codes included.'),
  company: maybe(obj({
    id: int(),
    name: str(),
    subscribed: boolAnswer('Whether the company subscription is active.'),
    features: listOf(obj({ name: str(), subscribed: boolAnswer() }), 'Feature subscriptions; a feature is available with an entry that is subscribed.'),
    companies: listOf(obj({ id: int(), name: str(), subscribed: boolAnswer() }), 'The companies the user may act for (this one included).'),
    application_configuration: obj({
      company_universal_timezone: str('IANA time zone'),
      application_title: maybe(str()),
      quantity_decimals: maybe(oneOf(QUANTITY_DECIMALS, 'Null when never set (a company made by an invitation sign-up).')),
      settings: settingsAnswer('Further settings for integrations.'),
    }, { description: 'The company\'s settings (defaults when it has none stored).' }),
  }, { description: 'The company the user acts for; null when none.' })),
  ui_config: settingsAnswer('The user\'s table settings, saved filters and column orders.'),
  app_config: settingsAnswer('The user\'s other app settings.'),
});

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
    // Preferences, not changes of the account: left out of the audit trail.
    ui_config: json({ default: {}, maxBytes: SETTINGS_MAX_BYTES, audit: false }),
    app_config: json({ default: {}, maxBytes: SETTINGS_MAX_BYTES, audit: false }),
    last_login: datetime({ readOnly: true, audit: false }),
  },
  list: { columns: ['email', 'name', 'username', 'roles', 'is_active', 'last_login'], search: ['email', 'name', 'username'], ordering: ['email'] },
  labelFields: [['name', 'email']],
  actions: {
    me: { on: 'collection', method: 'GET', permission: 'authenticated', label: 'My profile', result: 'object', answer: PROFILE },
    // Each settings object is merged key by key into the stored one (two tabs saving different tables both land).
    me_update: {
      on: 'collection', method: 'PATCH', path: 'me', permission: 'authenticated', label: 'Update my settings', result: 'object', answer: PROFILE,
      input: { ui_config: json({ maxBytes: SETTINGS_MAX_BYTES }), app_config: json({ maxBytes: SETTINGS_MAX_BYTES }) },
    },
    backend_version: { on: 'collection', method: 'GET', permission: 'authenticated', result: 'object', answer: obj({ version: str('The server\'s version.') }) },
    change_company: {
      on: 'collection', method: 'POST', permission: 'authenticated', label: 'Act for another company', result: 'object', answer: PROFILE,
      input: { company: ref('company', { required: true, label: 'Company' }) },
    },
    // A URL fetched by the server for the browser, within the operator's host list (docs/security.md, Outbound fetches).
    cors_anywhere: {
      on: 'collection', method: 'POST', permission: 'authenticated', label: 'Fetch a URL', result: 'file', remote: true,
      input: { url: text({ required: true, max: 2000, label: 'URL' }) },
    },
    user_tokens: {
      on: 'collection', method: 'POST', permission: 'change', result: 'object',
      answer: obj({ key: str('The new API token.'), user: int('The service account it signs in as.') }),
      input: { email: text({ required: true, max: 254 }) },
    },
    set_password: { on: 'detail', method: 'POST', permission: 'change', result: 'object', answer: obj({ detail: str() }), input: { password: password({ required: true }) } },
    regenerate_token: { on: 'detail', method: 'POST', permission: 'change', result: 'object', answer: obj({ key: str('The new API token; the user\'s earlier tokens no longer work.') }) },
  },
  form: {
    sections: [
      { label: 'Account', fields: ['email', 'username', 'name', 'telephone', 'is_active', 'is_service_account', 'password'] },
      { label: 'Access', fields: ['groups', 'roles', 'user_permissions', 'companies'] },
    ],
  },
});
