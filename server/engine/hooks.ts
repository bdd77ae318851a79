/**
 * Resource hooks: bespoke rules that run inside the write transaction of the generic operations
 * (e.g. only a superuser may grant permissions it does not hold). Registered by name from server/actions.
 */
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import type { Ctx } from './context';
import type { ParsedInput } from './input';
import type { Row } from './serialize';
import type { Query } from './list-query';

export interface WriteEvent { db: Db; ctx: Ctx; resource: Resource; input: ParsedInput; mode: 'create' | 'update'; id?: unknown; current?: Row }
export interface AfterWriteEvent { db: Db; ctx: Ctx; resource: Resource; id: unknown; mode: 'create' | 'update' }
export interface DeleteEvent { db: Db; ctx: Ctx; resource: Resource; id: unknown; current: Row }
export interface CloneEvent { db: Db; ctx: Ctx; resource: Resource; source: Row }
export interface ChoicesEvent { db: Db; ctx: Ctx; resource: Resource; query: Query }

export interface ResourceHooks {
  beforeWrite?(e: WriteEvent): Promise<void> | void;
  /**
   * The fields `beforeWrite` looks at on an update: an update that sets none of them skips it, and
   * so may be the one-statement update (operations.ts `isPlainUpdate`). Without it every update runs the hook.
   */
  beforeWriteFields?: readonly string[];
  afterWrite?(e: AfterWriteEvent): Promise<void> | void;
  beforeDelete?(e: DeleteEvent): Promise<void> | void;
  /** Before a copy is made of `source` (e.g. refuse copying an account the caller may not act on). */
  beforeClone?(e: CloneEvent): Promise<void> | void;
  /**
   * Values a copy takes instead of the original's, from the original and what the caller gave
   * (`overrides`): a unit price's copy is the next period's. The caller's own values still win.
   */
  cloneValues?(e: CloneEvent & { overrides: Record<string, unknown> }): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** After the copy is made, in its transaction: copy what hangs off the original (a contract's price lines). */
  afterClone?(e: CloneEvent & { copy: Row }): Promise<void> | void;
  /**
   * A resource's own `choices/` for the queries it recognises (e.g. company hierarchy by type and
   * stockholder); answering undefined leaves the query to the generic `[{id, label}]` choices.
   */
  choices?(e: ChoicesEvent): Promise<Record<string, unknown>[] | undefined>;
}

const registered = new Map<string, ResourceHooks>();

export function registerHooks(resourceName: string, hooks: ResourceHooks) {
  registered.set(resourceName, { ...registered.get(resourceName), ...hooks });
}

export const hooksOf = (r: Resource): ResourceHooks => registered.get(r.name) ?? {};
