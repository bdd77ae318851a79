/**
 * The input of a declared action (`ActionDecl.input`), validated like a create of a resource whose
 * fields are the input: the same field kinds, the same per-field messages, unknown fields refused,
 * references checked against what the caller may see. It arrives as a JSON body, as the query
 * string of a GET (strings, turned into the values the field kinds take; other parameters are
 * ignored, as caches and tools add their own), or as the text fields of a multipart upload beside
 * its file. The engine runs this before the handler, so a handler only ever sees valid input.
 */
import type { ActionDecl, Resource } from '../../src/resources/define';
import type { Field, FileField } from '../../src/resources/fields';
import type { Db } from '../db/connection';
import type { Ctx } from './context';
import { parseInput } from './input';
import { checkReferences } from './operations';

const shapes = new WeakMap<ActionDecl, Resource>();
const bodyShapes = new WeakMap<ActionDecl, Resource>();

const shapeOf = (r: Resource, name: string, a: ActionDecl, fields: Record<string, Field>): Resource =>
  ({ ...r, label: a.label ?? name, fields, tenant: undefined, actions: {} });

/** The whole input as a resource-shaped description (what metadata, OpenAPI and forms read). */
export function inputShape(r: Resource, name: string, a: ActionDecl): Resource {
  let shape = shapes.get(a);
  if (!shape) shapes.set(a, (shape = shapeOf(r, name, a, a.input ?? {})));
  return shape;
}

/** The input without its file: what is parsed from JSON, the query or the form's text fields. */
function bodyShape(r: Resource, name: string, a: ActionDecl): Resource {
  let shape = bodyShapes.get(a);
  if (!shape) bodyShapes.set(a, (shape = shapeOf(r, name, a, Object.fromEntries(Object.entries(a.input ?? {}).filter(([, f]) => f.kind !== 'file')))));
  return shape;
}

/** The file an action takes, if any: such an action is called with multipart/form-data. */
export function fileInputOf(a: ActionDecl): [string, FileField] | undefined {
  return Object.entries(a.input ?? {}).find((e): e is [string, FileField] => e[1].kind === 'file');
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Query-string or form values as the JSON values of their field kinds: the last of a repeated
 * parameter, lists comma-separated or repeated, booleans spelt as forms and links spell them, an
 * empty value as absent. Parameters the input does not declare are left out.
 */
export function fromStrings(a: ActionDecl, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(a.input ?? {})) {
    const v = raw[name];
    if (v === undefined || f.kind === 'file') continue;
    if (f.kind === 'refs' || f.kind === 'tags') {
      out[name] = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean);
      continue;
    }
    const last = Array.isArray(v) ? v[v.length - 1] : v;
    if (last === '' || last === undefined) continue;
    const s = String(last);
    out[name] = f.kind === 'boolean' && TRUE.has(s.toLowerCase()) ? true : f.kind === 'boolean' && FALSE.has(s.toLowerCase()) ? false : s;
  }
  return out;
}

/**
 * `{field: value}` of a valid input (ids of a `refs` field as a list), or a 400 naming each field.
 * Referenced records must exist and be visible to the caller, as in a create.
 */
export async function parseActionInput(db: Db, ctx: Ctx, r: Resource, name: string, a: ActionDecl, body: unknown): Promise<Record<string, unknown>> {
  const shape = bodyShape(r, name, a);
  const parsed = parseInput(shape, body ?? {}, 'create');
  await checkReferences(db, ctx, shape, parsed);
  return { ...parsed.values, ...parsed.links };
}

/**
 * A body checked against fields declared outside any resource (the sign-in and password routes):
 * the same kinds and messages as an action's input; unknown fields refused.
 */
export function parseFields(fields: Record<string, Field>, body: unknown): Record<string, unknown> {
  const parsed = parseInput({ fields, tenant: undefined }, body ?? {}, 'create');
  return { ...parsed.values, ...parsed.links };
}
