/**
 * The bodies of the sign-in, password and sign-on routes, declared in the field kinds of resources:
 * one parser (server/engine/action-input.ts parseFields), the same per-field messages, unknown
 * fields refused, and the OpenAPI request bodies from the same declarations.
 */
import { text } from '../../src/resources/fields';
import { applicationConfiguration } from '../../src/resources/accounts/application-configuration';

/** A password as typed: checked against the policy where one is chosen, never here (an old one may predate the policy). */
const typed = (o: { required?: boolean; label?: string } = {}) => text({ max: 256, ...o });
const email = text({ required: true, max: 254, trim: true, label: 'Email' });

export const LOGIN_INPUT = { email, password: typed({ required: true, label: 'Password' }) };

export const RESET_REQUEST_INPUT = { email };

/** A new password as dj-rest-auth names it (`new_password1` and its repetition `new_password2`), or `new_password`. */
export const NEW_PASSWORD_INPUT = {
  new_password1: typed({ label: 'New password' }),
  new_password2: typed({ label: 'New password (again)' }),
  new_password: typed({ label: 'New password' }),
};

export const RESET_CONFIRM_INPUT = {
  uid: text({ required: true, max: 40 }),
  token: text({ required: true, max: 100 }),
  ...NEW_PASSWORD_INPUT,
};

export const PASSWORD_CHANGE_INPUT = { old_password: typed({ required: true, label: 'Current password' }), ...NEW_PASSWORD_INPUT };

/** An ID token and the secret of the attempt it answers (server/auth/sso-attempts.ts). */
export const SOCIAL_INPUT = {
  access_token: text({ required: true, max: 8192, label: 'Sign-on token' }),
  attempt: text({ required: true, max: 64, label: 'Sign-on attempt', pattern: { source: '[A-Za-z0-9_-]{43}', message: 'Not a sign-on attempt: start the sign-on again.' } }),
};

/** The invitation link's parts (docs/partners.md, Signing up by invitation). */
export const INVITATION_LINK_INPUT = { id: text({ required: true, max: 12, pattern: { source: '[0-9]+', message: 'Not an invitation.' } }), token: text({ required: true, max: 100 }) };

/** A new account and its company, by invitation: the email is the invitation's. */
export const INVITATION_SIGN_UP_INPUT = {
  ...INVITATION_LINK_INPUT,
  name: text({ required: true, max: 150, trim: true, label: 'Your name' }),
  company_name: text({ required: true, max: 200, trim: true, label: 'Company name' }),
  country: text({ required: true, max: 2, trim: true, upper: true, pattern: { source: '[A-Za-z]{2}', message: 'Two letters: CA, US, MX.' }, label: 'Country' }),
  time_zone: applicationConfiguration.fields.company_universal_timezone,
  ...NEW_PASSWORD_INPUT,
};
