/**
 * One additional field's value, checked like a declared field's (docs/audit.md, Additional fields).
 * Shared by the server, which refuses a bad value, and the form, which says so before sending.
 * A number is kept as its decimal text, so no value is rounded on the way.
 */
import type { AdditionalKind } from './accounts/additional-field';
import { type Resource, isReadOnly } from './define';
import { type Field, bool, choice, date, decimal, text } from './fields';

export interface AdditionalDef { name: string; label: string; kind: AdditionalKind; required: boolean; choices: readonly string[]; help?: string }

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

/** A record keeps its values under `additional_fields`; a table, a filter and an export name one as `additional_fields.<key>`. */
export const ADDITIONAL = 'additional_fields';
const ADDITIONAL_PREFIX = `${ADDITIONAL}.`;
export const additionalColumn = (key: string) => `${ADDITIONAL_PREFIX}${key}`;
export const isAdditionalColumn = (name: string) => name.startsWith(ADDITIONAL_PREFIX);
/** `additional_fields.grade` -> `grade`. */
export const additionalKeyOf = (column: string) => column.slice(ADDITIONAL_PREFIX.length);
export const ADDITIONAL_SECTION = 'Additional fields';

/**
 * One additional field as a declared field of its kind, so the form, the table, its filters and the
 * record page treat it like the others: checked by the same rule as on the server, never a sort key
 * (the list is not ordered by them).
 */
export function additionalFieldOf(def: AdditionalDef): Field {
  const common = { label: def.label, help: def.help || undefined, required: def.required, sortable: false };
  switch (def.kind) {
    // As the server takes it: up to 15 digits before the point and 6 after, either sign.
    case 'number': return decimal({ ...common, digits: 21, places: 6, min: -1e15, asWritten: true });
    case 'date': return date(common);
    case 'boolean': return bool(common);
    case 'choice': return choice(def.choices.map((c) => [c, c] as const), common);
    default: return text({ ...common, max: ADDITIONAL_TEXT_MAX, check: (v) => { const c = checkAdditionalValue(def, v); return 'error' in c ? c.error : undefined; } });
  }
}

/**
 * The declaration with a company's additional fields added (src/hooks/useAdditionalFields.ts): as
 * fields named `additional_fields.<key>`, list columns after the declared ones, and a form section
 * of their own. Without any, the declaration itself.
 */
export function withAdditionalFields(r: Resource, defs: readonly AdditionalDef[]): Resource {
  if (!defs.length) return r;
  const columns = defs.map((d) => additionalColumn(d.name));
  return {
    ...r,
    fields: { ...r.fields, ...Object.fromEntries(defs.map((d) => [additionalColumn(d.name), additionalFieldOf(d)])) },
    list: { ...r.list, columns: [...r.list.columns, ...columns] },
    form: { ...r.form, sections: [...r.form.sections, { label: ADDITIONAL_SECTION, fields: columns }] },
  };
}

/** A record's value of a field, an additional one read from its `additional_fields`. */
export function valueAt(record: Record<string, unknown>, name: string): unknown {
  if (!isAdditionalColumn(name)) return record[name];
  const values = record[ADDITIONAL] as Record<string, unknown> | undefined;
  return values?.[additionalKeyOf(name)];
}

/** A row as a table shows it: each additional value also under its column's name (`additional_fields.<key>`). */
export function withAdditionalColumns<T extends Record<string, unknown>>(row: T): T {
  const values = row[ADDITIONAL] as Record<string, unknown> | undefined;
  if (!values || typeof values !== 'object') return row;
  return { ...row, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [additionalColumn(k), v])) };
}
