/**
 * One additional field's value, checked like a declared field's (docs/audit.md, Additional fields).
 * Shared by the server, which refuses a bad value, and the form, which says so before sending.
 * A number is kept as its decimal text, so no value is rounded on the way.
 */
import type { AdditionalKind } from './accounts/additional-field';
import { type Resource, isReadOnly } from './define';

export interface AdditionalDef { name: string; label: string; kind: AdditionalKind; required: boolean; choices: readonly string[] }

export const ADDITIONAL_TEXT_MAX = 500;
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** The value to store (null clears it), or the message for the field. */
export function checkAdditionalValue(def: AdditionalDef, raw: unknown): { value: string | boolean | null } | { error: string } {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return def.required ? { error: 'This field is required.' } : { value: null };
  switch (def.kind) {
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { error: 'Must be true or false.' };
    case 'number': {
      const s = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/^\+/, '') : '';
      if (!DECIMAL.test(s)) return { error: 'A number is required, at most 15 digits before the point and 6 after.' };
      return { value: s.replace(/^(-?)0+(?=\d)/, '$1') };
    }
    case 'date':
      return typeof raw === 'string' && isDay(raw.trim()) ? { value: raw.trim() } : { error: 'A date is required, as YYYY-MM-DD.' };
    case 'choice':
      return typeof raw === 'string' && def.choices.includes(raw) ? { value: raw } : { error: `"${String(raw)}" is not one of the choices: ${def.choices.join(', ')}.` };
    default:
      if (typeof raw !== 'string') return { error: 'Text is required.' };
      if (raw.length > ADDITIONAL_TEXT_MAX) return { error: `Ensure this field has no more than ${ADDITIONAL_TEXT_MAX} characters.` };
      return { value: raw.trim() };
  }
}

/** Resources a company may add fields to: its own rows that users write (not the platform's, not logs or views). */
export const takesAdditionalFields = (r: Pick<Resource, 'name' | 'tenant' | 'readOnly' | 'viewOf' | 'platformRows'>) =>
  r.tenant === 'company' && !isReadOnly(r) && !r.platformRows && r.name !== 'additional_fields';
