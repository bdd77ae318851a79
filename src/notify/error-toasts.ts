/**
 * Error toasts (docs/shell.md, Errors): an error given as a key-to-value object gives one toast per key,
 * `key: value`, non-string values shown as JSON; an error given otherwise shows its first list
 * item, else a fallback message.
 */
import { ERROR_FALLBACK } from '../i18n/messages';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The payload of an error: the HTTP body when there is one (react-admin's HttpError), else the value itself. */
export function errorPayload(error: unknown): unknown {
  if (isPlainObject(error) && 'body' in error && error.body !== undefined && error.body !== null && error.body !== '') {
    // The data provider adds react-admin's `errors` map beside the server's keys: show the server's.
    if (isPlainObject(error.body) && 'errors' in error.body && Object.keys(error.body).length > 1) {
      const { errors: _errors, ...own } = error.body;
      return own;
    }
    return error.body;
  }
  if (error instanceof Error) return error.message || undefined;
  return error;
}

export function errorToasts(error: unknown, fallback: string = ERROR_FALLBACK): string[] {
  const payload = errorPayload(error);
  if (isPlainObject(payload)) {
    const entries = Object.entries(payload);
    return entries.length ? entries.map(([k, v]) => `${k}: ${asText(v)}`) : [fallback];
  }
  if (Array.isArray(payload)) return payload.length && payload[0] !== '' && payload[0] != null ? [asText(payload[0])] : [fallback];
  if (typeof payload === 'string' && payload.trim()) return [payload];
  return [fallback];
}

/** The server's `detail` for the account-load failure page, or the generic text (docs/shell.md, Guards). */
export function accountErrorText(error: unknown, fallback: string): string {
  const payload = errorPayload(error);
  if (isPlainObject(payload) && typeof payload.detail === 'string' && payload.detail) return payload.detail;
  return fallback;
}

/**
 * One readable message for a form-level alert: the texts of the body's values (lists flattened),
 * without their keys, e.g. `{non_field_errors: ['Bad password']}` -> `Bad password`.
 */
export function plainMessage(error: unknown, fallback: string): string {
  const payload = errorPayload(error);
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isPlainObject(v)) Object.values(v).forEach(walk);
  };
  walk(payload);
  return texts.filter(Boolean).join('\n') || fallback;
}
