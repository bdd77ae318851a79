/**
 * What an action answers, said where the action is declared (`answer` of an ActionDecl; docs/api.md,
 * Answers): a small JSON Schema vocabulary. The OpenAPI document publishes it, and every API test
 * checks each answer it receives against it, so a handler cannot drift from its declaration.
 * Objects are closed and every key they name is present unless listed as optional; a value that may
 * be null says so with `maybe`. A record of a resource is named by the resource (`recordOf`) and
 * becomes a reference to that resource's read schema in the document.
 */
export type Shape = Record<string, unknown>;

/** The shape, with its description when one is given. */
const described = (s: Shape, description?: string): Shape => (description ? { ...s, description } : s);

export const str = (description?: string) => described({ type: 'string' }, description);
export const int = (description?: string) => described({ type: 'integer' }, description);
/** A JSON number (an average, a share): decimals the database keeps exactly are `decimalText`. */
export const num = (description?: string) => described({ type: 'number' }, description);
/** A decimal as the API writes it: a string of digits, exact (no binary rounding). */
export const decimalText = (description?: string) => described({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }, description);
export const bool = (description?: string) => described({ type: 'boolean' }, description);
export const day = (description?: string) => described({ type: 'string', format: 'date' }, description);
export const instant = (description?: string) => described({ type: 'string', format: 'date-time' }, description);
/** One of the given values (a status, a kind). */
export const oneOf = (values: readonly (string | number)[], description?: string) => described({ enum: [...values] }, description);
/** One of a declared choice list's values (`[value, label]` pairs, as a choice field takes them). */
export const oneOfChoices = (choices: readonly (readonly [string, string])[], description?: string) => oneOf(choices.map(([v]) => v), description);
/** Anything JSON (a stored document whose shape is the user's). */
export const anything = (description?: string) => described({}, description);

/** The shape, or null. */
export function maybe(s: Shape): Shape {
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.enum)) return { ...s, enum: [...s.enum, null] };
  return { anyOf: [s, { type: 'null' }] };
}

export const listOf = (items: Shape, description?: string) => described({ type: 'array', items }, description);

/** An object with these keys, all present but those named `optional`; no other key unless `open`. */
export function obj(properties: Record<string, Shape>, o: { optional?: readonly string[]; open?: boolean; description?: string } = {}): Shape {
  return described({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !o.optional?.includes(k)),
    additionalProperties: o.open ?? false,
  }, o.description);
}

/** An object keyed by data (a date, a code) whose values all have one shape. */
export const mapOf = (values: Shape, description?: string) => described({ type: 'object', additionalProperties: values }, description);

/** One of these shapes (an answer that differs by what was asked). */
export const either = (...shapes: Shape[]): Shape => ({ anyOf: shapes });

/** Keys the OpenAPI document replaces with the named resource's read schema (and the keys added to it). */
export const RECORD_KEY = 'x-record';
export const PLUS_KEY = 'x-plus';
/**
 * A record of a resource as the API reads it (the resource's read schema), with `plus`: further
 * keys the answer adds beside the record's own, every one present.
 */
export const recordOf = (resource: string, plus?: Record<string, Shape>): Shape => ({ [RECORD_KEY]: resource, ...(plus ? { [PLUS_KEY]: plus } : {}) });
