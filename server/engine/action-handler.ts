/**
 * The shape of an action handler: actions are declared on a resource (its `actions`), implemented
 * in server/actions/ as plain functions named in the resource's behaviour (server/engine/behaviour.ts),
 * and mounted by the engine (server/engine/actions.ts). A handler never sees the HTTP request: the
 * engine has already checked who may call it, read the record of a detail action in the caller's
 * scope, and validated the input against the declaration.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import type { Ctx } from './context';
import type { Row } from './serialize';
import type { Services } from '../services';

export interface ActionArgs {
  services: Services;
  db: Db;
  /** The caller, with `via` naming this action for audit trails and the declared `writes`. */
  ctx: Ctx;
  resource: Resource;
  /** The path id of a detail action. */
  id?: string;
  /** The record of a detail action as the caller may read it (the engine answered 404 otherwise). */
  record?: Row;
  /** The valid input: `{field: value}` of the declared `input` (`{}` when it declares none); a file field holds the upload. */
  input: Record<string, unknown>;
  /** For work that outlives the request (a job). */
  log: FastifyBaseLogger;
}

/**
 * Returns the answer: a value sent as JSON (200), nothing (204), or an ActionReply
 * (server/engine/action-reply.ts) for a created record, a file or a job.
 */
export type ActionHandler = (a: ActionArgs) => Promise<unknown>;
