/**
 * Declared actions over HTTP. For each action a resource declares, the engine mounts one route
 * that checks who may call it (mayCallAction: the feature, then the codename), reads the record of
 * a detail action in the caller's scope (404 otherwise), reads and validates the input (a JSON
 * body, the query string of a GET, or a multipart upload when the input has a file), runs the
 * handler with the audit name of the call and the read-only fields it declares it writes, and
 * sends the answer. Handlers (server/actions/) are plain functions of that; see docs/architecture.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ActionDecl, type Resource, actionPath } from '../../src/resources/define';
import { mayCallAction } from '../../src/authProvider/permissions';
import type { ActionHandler } from './action-handler';
import type { Services } from '../services';
import { readUpload } from '../files/multipart';
import { PUBLIC_ACTIONS } from '../http/public-routes';
import { ActionReply } from './action-reply';
import { attachAdditional } from './additional';
import { registry } from '../../src/resources/index';
import { takesAdditionalFields } from '../../src/resources/additional-values';
import { fileInputOf, fromStrings, parseActionInput } from './action-input';
import type { Ctx } from './context';
import { HttpError, badRequest, forbidden } from './errors';
import * as ops from './operations';

type Req = FastifyRequest<{ Params: { id?: string }; Querystring: Record<string, unknown>; Body: unknown }>;

/** The action's path segment under its resource (or record). */
export const actionSegment = (name: string, a: ActionDecl) => `${a.path ?? name}/`;

/** How audit trails name a call of the action, e.g. `POST terminalboss/v3/ticket/{id}/add_customs_invoice/`. */
export const actionVia = (r: Resource, name: string, a: ActionDecl) => `${a.method} ${r.name}/${actionPath(name, a)}`;

/** 403 unless the caller may call the action; a missing feature is said as such. */
export function requireAction(ctx: Ctx, r: Resource, a: ActionDecl) {
  ops.requireFeature(ctx, r);
  if (a.of) ops.requireFeature(ctx, a.of);
  if (!mayCallAction(ctx.user.profile, r, a)) throw forbidden();
}

/** The input as sent: the query of a GET or DELETE, the text fields beside an upload's file, or the JSON body. */
async function readInput(req: Req, reply: FastifyReply, s: Services, ctx: Ctx, r: Resource, name: string, a: ActionDecl, body: unknown): Promise<Record<string, unknown>> {
  const file = fileInputOf(a);
  if (file) {
    const [field, f] = file;
    const others = Object.keys(a.input!).filter((k) => k !== field);
    const upload = await readUpload(req, reply, s.config.uploadLimitBytes, { accept: f.accept, maxBytes: f.maxBytes, fields: others });
    return { ...(await parseActionInput(s.database.db, ctx, r, name, a, fromStrings(a, upload.fields))), [field]: upload };
  }
  if (a.method === 'GET' || a.method === 'DELETE') {
    return a.input ? parseActionInput(s.database.db, ctx, r, name, a, fromStrings(a, req.query)) : {};
  }
  if (a.input && a.query && body !== null && (body === undefined || (typeof body === 'object' && !Array.isArray(body)))) {
    const fromQuery = fromStrings({ ...a, input: Object.fromEntries(a.query.map((k) => [k, a.input![k]])) }, req.query as Record<string, unknown>);
    return parseActionInput(s.database.db, ctx, r, name, a, { ...fromQuery, ...(body as object | undefined) });
  }
  if (a.input) return parseActionInput(s.database.db, ctx, r, name, a, body);
  // An action without input takes no fields: one sent is a mistake the caller should hear about.
  if (body !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length) {
    throw badRequest(Object.fromEntries(Object.keys(body).map((k) => [k, ['Unknown field.']])));
  }
  return {};
}

function send(reply: FastifyReply, out: unknown) {
  if (out instanceof ActionReply) return reply.code(out.status).headers(out.headers).send(out.body);
  return out === undefined ? reply.code(204).send() : reply.send(out);
}

type Handle = (req: Req, reply: FastifyReply, body?: unknown) => Promise<unknown>;

/** The whole call of one action: access, record, input, handler, answer. `body` stands in for the request's (shared paths). */
function serve(services: Services, r: Resource, name: string, a: ActionDecl, handler: ActionHandler): Handle {
  const db = services.database.db;
  const isPublic = PUBLIC_ACTIONS.has(`${r.name}.${name}`);
  const via = actionVia(r, name, a);
  const answers = answeredResource(r, a);
  return async (req, reply, body = req.body) => {
    // A public action runs without a session (no ctx): there is no feature or permission to check.
    const caller = req.ctx!;
    if (!isPublic) requireAction(caller, r, a);
    const ctx: Ctx = isPublic ? caller : { ...caller, via, ...(a.writes ? { writes: { resource: r.name, fields: a.writes } } : {}) };
    const record = a.on === 'detail' ? await (a.of ? ops.getInScope : ops.get)(db, ctx, r, req.params.id!) : undefined;
    const input = await readInput(req, reply, services, ctx, r, name, a, body);
    const out = await handler({ services, db, ctx, resource: r, id: req.params.id, record, input, log: req.log });
    if (answers) await attachAdditional(db, ctx, answers, recordsOf(out));
    return send(reply, out);
  };
}

/** The record an action answers, like the generic calls, carries its additional fields (docs/audit.md, Additional fields). */
function answeredResource(r: Resource, a: ActionDecl): Resource | undefined {
  if (a.result !== 'record') return undefined;
  const target = typeof a.returns === 'string' ? registry.get(a.returns) : a.returns ? registry.get(a.returns.record) : r;
  return target && takesAdditionalFields(target) ? target : undefined;
}

function recordsOf(out: unknown): Record<string, unknown>[] {
  const body = out instanceof ActionReply ? (out.status < 300 ? out.body : undefined) : out;
  return body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) && 'id' in body ? [body as Record<string, unknown>] : [];
}

const handlerOf = (handlers: Record<string, ActionHandler>, r: Resource, name: string) => {
  const handler = handlers[`${r.name}.${name}`];
  if (!handler) throw new Error(`Action ${r.name}.${name} is declared but not implemented in server/actions`);
  return handler;
};

export function mountActions(app: FastifyInstance, services: Services, r: Resource, base: string, handlers: Record<string, ActionHandler>, on: 'detail' | 'collection') {
  for (const [name, a] of Object.entries(r.actions)) {
    if (a.on !== on) continue;
    const handle = serve(services, r, name, a, handlerOf(handlers, r, name));
    app.route({
      method: a.method,
      url: `${base}/${actionPath(name, a, ':id')}`,
      config: { public: PUBLIC_ACTIONS.has(`${r.name}.${name}`) },
      handler: (req: Req, reply) => handle(req, reply),
    });
  }
}

interface Member { r: Resource; name: string; a: ActionDecl; handle: Handle }

/**
 * The shared paths of actions several resources declare alike (`alsoAt`): one route per path and
 * action, where the body's key names the resource by its model and the rest is that action's input.
 */
export function mountSharedActions(app: FastifyInstance, services: Services, resources: readonly Resource[], handlers: Record<string, ActionHandler>) {
  const groups = new Map<string, { method: ActionDecl['method']; key: string; members: Map<string, Member> }>();
  for (const r of resources) for (const [name, a] of Object.entries(r.actions)) for (const path of a.alsoAt?.paths ?? []) {
    const url = `/api/${path}/${actionSegment(name, a)}`;
    const g = groups.get(url) ?? { method: a.method, key: a.alsoAt!.key, members: new Map() };
    g.members.set(r.perms.model, { r, name, a, handle: serve(services, r, name, a, handlerOf(handlers, r, name)) });
    groups.set(url, g);
  }
  for (const [url, g] of groups) {
    app.route({
      method: g.method,
      url,
      handler: async (req: Req, reply) => {
        const body = req.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
        const { [g.key]: which, ...input } = body as Record<string, unknown>;
        const member = g.members.get(String(which));
        if (member) return member.handle(req, reply, input);
        // Say what else is wrong as well, read against any member: they declare the same input.
        const errors: Record<string, string[]> = { [g.key]: [`Expected one of ${[...g.members.keys()].join(', ')}.`] };
        const any = g.members.values().next().value!;
        await parseActionInput(services.database.db, req.ctx!, any.r, any.name, any.a, input).catch((e) => {
          if (!(e instanceof HttpError) || e.status !== 400) throw e;
          Object.assign(errors, e.body);
        });
        throw badRequest(errors);
      },
    });
  }
}
