/**
 * What the generic form derives from a field declaration: its validators (docs/shell.md, Forms messages, then
 * the declaration's own limits and patterns) and the create defaults. Pure, so unit-tested.
 */
import type { Field } from '../resources/fields';
import type { Resource } from '../resources/define';
import { type AccessProfile, canWriteField } from '../authProvider/permissions';
import { decimalLimits, email, isEmpty, matches, maxLength, onlyDecimals, onlyIntegers, required, validJson } from '../lib/validators';

export type Rule = (value: unknown) => string | undefined;

/** Coordinates take a minus sign; so does any decimal declared with a negative minimum (a temperature). */
const SIGNED_DECIMALS = new Set(['latitude', 'longitude']);
export const takesMinus = (name: string, f: Field) => SIGNED_DECIMALS.has(name) || (f.kind === 'decimal' && f.min !== undefined && f.min < 0);

export function rulesFor(name: string, f: Field, mode: 'create' | 'edit'): Rule[] {
  const rules: Rule[] = [];
  // A write-only password is blank on edit, meaning "unchanged", so it is only required on create.
  if (f.required && !(f.kind === 'password' && mode === 'edit')) rules.push(required);
  switch (f.kind) {
    case 'text':
      rules.push(maxLength(f.max));
      if (f.format === 'email') rules.push(email);
      if (f.pattern) rules.push(matches(f.pattern.source, f.pattern.message));
      if (f.check) { const check = f.check; rules.push((v) => (v === null || v === undefined || v === '' ? undefined : check(String(v)))); }
      break;
    case 'integer':
      rules.push(onlyIntegers, ...bounds(f));
      break;
    case 'decimal':
      rules.push((v) => onlyDecimals(v, takesMinus(name, f)), digitsOf(f), ...bounds(f));
      break;
    case 'json':
      rules.push(validJson);
      break;
  }
  return rules;
}

/** The declared digits and places of a decimal, with the server's messages. */
const digitsOf = ({ digits, places }: { digits: number; places: number }): Rule =>
  (v) => (isEmpty(v) ? undefined : decimalLimits(String(v).trim(), digits, places)[0]);

/** The declared inclusive bounds of a number, with the server's messages. */
function bounds({ min, max }: { min?: number; max?: number }): Rule[] {
  const rules: Rule[] = [];
  if (min !== undefined) rules.push((v) => (!isEmpty(v) && Number(v) < min ? `Ensure this value is greater than or equal to ${min}.` : undefined));
  if (max !== undefined) rules.push((v) => (!isEmpty(v) && Number(v) > max ? `Ensure this value is less than or equal to ${max}.` : undefined));
  return rules;
}

/**
 * Fields the generic form edits, by section: read-only and tenant fields are the server's, and
 * staff-only fields are left out for users who are not platform staff (the server refuses them).
 */
export function formSections(r: Resource, profile?: AccessProfile | null): { label: string; fields: string[] }[] {
  const editable = (n: string) => r.fields[n] && n !== 'company' && (profile === undefined ? !r.fields[n].readOnly : canWriteField(profile, r.fields[n]));
  return r.form.sections
    .map((s) => ({ label: s.label, fields: s.fields.filter(editable) }))
    .filter((s) => s.fields.length > 0);
}

/** Declared defaults, applied to a new record's form. */
export function createDefaults(r: Resource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(r.fields)) {
    // Staff-only fields are left to the server's default: a tenant's form may not send them.
    if (f.default !== undefined && !f.readOnly && !f.staffOnly) out[name] = structuredClone(f.default);
  }
  return out;
}
