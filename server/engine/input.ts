/**
 * Turns a request body into column values for a create or an update, or a 400 with per-field
 * messages. Unknown and read-only fields are rejected, never silently dropped.
 */
import type { z } from 'zod';
import type { Resource } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { ErrorBag, badRequest } from './errors';
import { fieldSchema } from './field-schemas';

export interface ParsedInput {
  /** Scalar and ref columns, keyed by field name. */
  values: Record<string, unknown>;
  /** Many-to-many fields: the complete new list of ids. */
  links: Record<string, (number | string)[]>;
  /** The version the client last saw, when it sent one. */
  version?: number;
  /** On a create, the fields the client left out that took their declared default (a hook may tell "sent" from "defaulted"). */
  defaulted?: Set<string>;
}

const schemas = new WeakMap<Field, z.ZodType>();
function schemaOf(f: Field): z.ZodType {
  let s = schemas.get(f);
  if (!s) {
    const target = f.kind === 'ref' || f.kind === 'refs' ? registry.get(f.to) : undefined;
    s = fieldSchema(f, target?.idKind === 'uuid');
    schemas.set(f, s);
  }
  return s;
}

const isBlank = (v: unknown) => v === null || v === undefined;

export function defaultOf(f: Field): unknown {
  const d = f.default;
  return typeof d === 'object' && d !== null ? structuredClone(d) : d;
}

/** A date the resource derives from a time it was given (`timeZone.localDates`, e.g. a ticket's date from its start). */
const followsTime = (r: Partial<Pick<Resource, 'timeZone'>>, key: string, values: Record<string, unknown>) => {
  const time = r.timeZone?.localDates?.[key];
  return time !== undefined && values[time] !== null && values[time] !== undefined;
};

export function parseInput(
  r: Pick<Resource, 'fields' | 'tenant'> & Partial<Pick<Resource, 'timeZone'>>,
  body: unknown,
  mode: 'create' | 'update',
  opts: { id?: string; writable?: (field: string) => boolean; writes?: readonly string[] } = {},
): ParsedInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = body === null ? 'null' : Array.isArray(body) ? 'list' : typeof body;
    throw badRequest({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] });
  }
  const errors = new ErrorBag();
  const out: ParsedInput = { values: {}, links: {} };
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    // `id` and `version` are the record's own, unless the shape declares them (an action's input may).
    const declared = Object.hasOwn(r.fields, key);
    if (key === 'id' && !declared) {
      if (mode === 'create' || String(raw) !== opts.id) errors.add('id', mode === 'create' ? 'This field is read-only.' : 'Does not match the record being updated.');
      continue;
    }
    if (key === 'version' && !declared) {
      if (mode === 'create') errors.add('version', 'This field is read-only.');
      else if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 2_147_483_647) errors.add('version', 'A valid integer is required.');
      else out.version = raw;
      continue;
    }
    // Own keys only: `toString` or `constructor` in a body are unknown fields, not Object's methods.
    const f = Object.hasOwn(r.fields, key) ? r.fields[key] : undefined;
    if (!f) {
      errors.add(key, ['created_at', 'updated_at'].includes(key) ? 'This field is read-only.' : 'Unknown field.');
      continue;
    }
    // `writes`: read-only fields the running action declares it sets (ActionDecl.writes).
    if ((f.readOnly && !opts.writes?.includes(key)) || (!f.readOnly && opts.writable && !opts.writable(key))) {
      errors.add(key, 'This field is read-only.');
      continue;
    }
    if ((f.kind === 'refs' || f.kind === 'tags') && isBlank(raw)) {
      if (f.kind === 'refs') out.links[key] = [];
      else out.values[key] = [];
      continue;
    }
    if (raw === null || raw === undefined || (raw === '' && f.kind !== 'json')) {
      if (f.required) errors.add(key, raw === '' ? 'This field may not be blank.' : 'This field may not be null.');
      else if (f.kind === 'password') { /* blank password on a form: keep the current one */ }
      else out.values[key] = f.kind === 'text' || f.kind === 'longtext' ? (raw === '' ? '' : null) : null;
      continue;
    }
    const parsed = schemaOf(f).safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.add(key, issue.message);
      continue;
    }
    if (f.kind === 'refs') out.links[key] = parsed.data as (number | string)[];
    else out.values[key] = parsed.data;
  }
  if (mode === 'create') {
    for (const [key, f] of Object.entries(r.fields)) {
      if (key in out.values || key in out.links || errors.errors[key]) continue;
      // Read-only fields still start from their declared default (e.g. a status the server moves).
      if (f.default !== undefined) {
        out.values[key] = defaultOf(f);
        (out.defaulted ??= new Set()).add(key);
      }
      // The tenant column is the server's to fill (operations.create); any other `company`, e.g. an action's input, is the client's.
      // A declared local date may be left out when its time is given: the hooks derive it (server/engine/time-zones.ts).
      else if (f.required && !f.readOnly && !(key === 'company' && r.tenant === 'company') && !followsTime(r, key, out.values)) errors.add(key, 'This field is required.');
    }
  }
  errors.throwIfAny();
  return out;
}
