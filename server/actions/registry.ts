/** Domain actions: declared on a resource, implemented here, mounted by the engine. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import type { Ctx } from '../engine/context';
import type { Query } from '../engine/list-query';
import type { Services } from '../services';

export interface ActionArgs {
  services: Services;
  db: Db;
  ctx: Ctx;
  resource: Resource;
  /** The path id of a detail action. */
  id?: string;
  body: unknown;
  /** The body parsed against the action's declared `input` (absent when it declares none). */
  input?: Record<string, unknown>;
  query: Query;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returns the response body; may also set status/headers on `reply` or send a stream. */
export type ActionHandler = (a: ActionArgs) => Promise<unknown>;
