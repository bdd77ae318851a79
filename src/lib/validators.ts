/**
 * Form validators (docs/shell.md, Forms) with their exact messages. Each takes the raw input value and
 * returns the message or undefined, which is the shape react-admin's `validate` accepts.
 * Empty values pass every rule but `required`, so optional fields may stay blank.
 */
import { EMAIL_PATTERN } from './password-policy';

export const MESSAGES = {
  required: 'Required',
  decimals: 'Only decimals',
  integers: 'Only integers',
  email: 'Enter a valid email address.',
  json: 'Enter valid JSON.',
} as const;

/** No value: null, undefined or the empty string. */
export const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Not empty: null, empty string or undefined gives 'Required'. `isRequired` lets react-admin mark the label with *. */
export const required = Object.assign((v: unknown): string | undefined => (isEmpty(v) ? MESSAGES.required : undefined), { isRequired: true });

/**
 * What a decimal column of `digits` digits, `places` of them after the point, cannot hold of a
 * number written as text: the server's messages, shared by the server's check and the forms'.
 * Leading and trailing zeros do not count. Text that is no number has no message here.
 */
export function decimalLimits(text: string, digits: number, places: number): string[] {
  const m = /^[+-]?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return [];
  const out: string[] = [];
  if ((m[2] ?? '').replace(/0+$/, '').length > places) out.push(`Ensure that there are no more than ${places} decimal places.`);
  if (m[1].replace(/^0+(?=\d)/, '').replace(/^0$/, '').length > digits - places) out.push(`Ensure that there are no more than ${digits - places} digits before the decimal point.`);
  return out;
}

/** Digits with an optional single point. `signed` allows a leading minus (coordinates). */
export const onlyDecimals = (v: unknown, signed = false): string | undefined => {
  if (isEmpty(v)) return undefined;
  const re = signed ? /^-?(\d+\.?\d*|\.\d+)$/ : /^(\d+\.?\d*|\.\d+)$/;
  return re.test(String(v)) ? undefined : MESSAGES.decimals;
};

/** Digits only. */
export const onlyIntegers = (v: unknown): string | undefined => (isEmpty(v) || /^\d+$/.test(String(v)) ? undefined : MESSAGES.integers);

/** The simple address pattern: no spaces, one at sign, a dot in the domain. */
export const email = (v: unknown): string | undefined => (isEmpty(v) || EMAIL_PATTERN.test(String(v)) ? undefined : MESSAGES.email);

/** A JSON text that parses (the JSON editor's check). */
export const validJson = (v: unknown): string | undefined => {
  if (isEmpty(v) || typeof v !== 'string') return undefined;
  try { JSON.parse(v); return undefined; } catch { return MESSAGES.json; }
};

/** A whole-value pattern from a declaration. */
export const matches = (source: string, message: string) => (v: unknown): string | undefined =>
  isEmpty(v) || new RegExp(`^(?:${source})$`).test(String(v)) ? undefined : message;

export const maxLength = (max: number) => (v: unknown): string | undefined =>
  isEmpty(v) || String(v).length <= max ? undefined : `Ensure this field has no more than ${max} characters.`;

/**
 * Numeric inputs block any key other than a digit or a period (docs/shell.md, Forms). Editing and navigation
 * keys (Backspace, arrows, Tab...) and shortcuts with Ctrl/Meta still work.
 */
export function isBlockedNumericKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }, opts: { allowPeriod: boolean; allowMinus?: boolean }): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key.length > 1) return false; // named keys: Backspace, Delete, ArrowLeft, Tab, Enter...
  if (/^\d$/.test(e.key)) return false;
  if (e.key === '.' && opts.allowPeriod) return false;
  if (e.key === '-' && opts.allowMinus) return false;
  return true;
}

/**
 * A place is a latitude and a longitude together, or neither (half a location places nothing on a
 * map): the field that is missing and the message for it, or nothing.
 */
export function halfLocation(v: { latitude?: unknown; longitude?: unknown }): [field: 'latitude' | 'longitude', message: string] | undefined {
  if (isEmpty(v.latitude) === isEmpty(v.longitude)) return undefined;
  return [isEmpty(v.latitude) ? 'latitude' : 'longitude', 'Give the latitude and the longitude together, or neither.'];
}
