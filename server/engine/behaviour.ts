/**
 * What a resource does beyond its declaration, said in one place per resource: its hooks (rules
 * run inside the write transaction of the operations), the SQL of its computed fields, and the
 * handlers of the actions it declares. server/actions/index.ts lists every behaviour and installs
 * them; there is no other registration, so that list and these entries tell everything.
 */
import type { SQL } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { AnyTable } from '../db/tables';
import type { ActionHandler } from './action-handler';
import { registerComputed } from './computed';
import { type ResourceHooks, registerHooks } from './hooks';

export interface Behaviour {
  resource: Resource;
  hooks?: ResourceHooks;
  /** The SQL of each `computed` field, over the resource's table. */
  computed?: Record<string, (t: AnyTable) => SQL>;
  /** A handler per declared action, by the action's name. */
  actions?: Record<string, ActionHandler>;
}

export const defineBehaviour = (resource: Resource, b: Omit<Behaviour, 'resource'>): Behaviour => ({ resource, ...b });

/**
 * Registers the hooks and computed fields and answers the action handlers keyed `resource.action`.
 * A handler for an action the resource does not declare, a computed entry for a field that is not
 * computed, or a resource given twice is a mistake found at start-up, not at the first call.
 */
export function installBehaviours(list: readonly Behaviour[]): Record<string, ActionHandler> {
  const handlers: Record<string, ActionHandler> = {};
  const seen = new Set<string>();
  for (const { resource: r, hooks, computed, actions } of list) {
    if (seen.has(r.name)) throw new Error(`${r.name}: its behaviour is defined twice; say it in one place`);
    seen.add(r.name);
    if (hooks) registerHooks(r.name, hooks);
    for (const [field, sql] of Object.entries(computed ?? {})) {
      if (!r.fields[field]?.computed) throw new Error(`${r.name}.${field}: SQL given for a field that is not declared computed`);
      registerComputed(r.name, field, sql);
    }
    for (const [name, handler] of Object.entries(actions ?? {})) {
      if (!r.actions[name]) throw new Error(`${r.name}.${name}: a handler for an action the resource does not declare`);
      handlers[`${r.name}.${name}`] = handler;
    }
  }
  return handlers;
}
