/**
 * What the generic form derives from a field declaration: its validators (spec 01 §5 messages, then
 * the declaration's own limits and patterns) and the create defaults. Pure, so unit-tested.
 */
import type { Field } from '../resources/fields';
import type { Resource } from '../resources/define';
import { email, isEmpty, matches, maxLength, onlyDecimals, onlyIntegers, required, validJson } from '../lib/validators';

export type Rule = (value: unknown) => string | undefined;

/** Coordinates are the one place a minus sign is a normal decimal input. */
export const SIGNED_DECIMALS = new Set(['latitude', 'longitude']);

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
      rules.push((v) => onlyDecimals(v, SIGNED_DECIMALS.has(name)), ...bounds(f));
      break;
    case 'json':
      rules.push(validJson);
      break;
  }
  return rules;
}

/** The declared inclusive bounds of a number, with the server's messages. */
function bounds({ min, max }: { min?: number; max?: number }): Rule[] {
  const rules: Rule[] = [];
  if (min !== undefined) rules.push((v) => (!isEmpty(v) && Number(v) < min ? `Ensure this value is greater than or equal to ${min}.` : undefined));
  if (max !== undefined) rules.push((v) => (!isEmpty(v) && Number(v) > max ? `Ensure this value is less than or equal to ${max}.` : undefined));
  return rules;
}

/** Fields the generic form edits, by section (read-only and tenant fields are the server's). */
export function formSections(r: Resource): { label: string; fields: string[] }[] {
  return r.form.sections
    .map((s) => ({ label: s.label, fields: s.fields.filter((n) => r.fields[n] && !r.fields[n].readOnly && n !== 'company') }))
    .filter((s) => s.fields.length > 0);
}

/** Declared defaults, applied to a new record's form. */
export function createDefaults(r: Resource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.default !== undefined && !f.readOnly) out[name] = structuredClone(f.default);
  }
  return out;
}
