/**
 * The body of a declared action (`ActionDecl.input`), validated like a create of a resource whose
 * fields are the input: the same field kinds, the same per-field messages, unknown fields refused.
 * The engine runs it before the handler, so a handler only ever sees valid input.
 */
import type { ActionDecl, Resource } from '../../src/resources/define';
import { parseInput } from './input';

const shapes = new WeakMap<ActionDecl, Resource>();

/** The input as a resource-shaped description (what parseInput and the JSON Schema read). */
export function inputShape(r: Resource, name: string, a: ActionDecl): Resource {
  let shape = shapes.get(a);
  if (!shape) {
    shape = { ...r, label: a.label ?? name, fields: a.input ?? {}, tenant: undefined, actions: {} };
    shapes.set(a, shape);
  }
  return shape;
}

/** `{field: value}` of a valid body (ids of a `refs` field as a list), or a 400 naming each field. */
export function parseActionInput(r: Resource, name: string, a: ActionDecl, body: unknown): Record<string, unknown> {
  const parsed = parseInput(inputShape(r, name, a), body ?? {}, 'create');
  return { ...parsed.values, ...parsed.links };
}
