/**
 * The bodies of the sign-in, password and sign-on routes, declared in the field kinds of resources:
 * one parser (server/engine/action-input.ts parseFields), the same per-field messages, unknown
 * fields refused, and the OpenAPI request bodies from the same declarations.
 */
import { text } from '../../src/resources/fields';

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

export const SOCIAL_INPUT = { access_token: text({ required: true, max: 8192, label: 'Sign-on token' }) };
