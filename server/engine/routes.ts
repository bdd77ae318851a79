/**
 * Mounts the generic API of every declared resource (docs/api.md, Generic resource calls)
 * and its declared domain actions. Handlers only parse and serialise; operations do the work.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resources } from '../../src/resources/index';
import type { Services } from '../services';
import type { ActionHandler } from './action-handler';
import { badRequest } from './errors';
import type { Query } from './list-query';
import * as ops from './operations';
import { options, metadata, jsonSchema, formConfiguration } from './metadata';
import { autocomplete, choices, picker } from './choices';
import { exportCsv } from './csv-export';
import { attachLabels, wantsLabels } from './labels';
import { attachAdditional, wantsAdditional } from './additional';
import { deletePreview } from './dependents';
import { absoluteUrl, cursorLinks, pageLinks } from './paging';
import { allowedMoves, lifecycleFields } from '../../src/lib/lifecycle';
import { transitionsOf } from './transition-log';
import { mountActions, mountSharedActions } from './actions';
import { parseFields } from './action-input';
import { integer, refs } from '../../src/resources/fields';
import { isReadOnly } from '../../src/resources/define';

/** A DELETE may name the version the client last saw (or send it as If-Match). */
const DELETE_INPUT = { version: integer({ min: 1 }) };

type Req = FastifyRequest<{ Params: { id: string; '*': string }; Querystring: Query; Body: unknown }>;

/** `If-Match: "3"` or `W/"3"` -> 3. */
function ifMatchVersion(req: FastifyRequest): number | undefined {
  const h = req.headers['if-match'];
  if (!h || h === '*') return undefined;
  const m = /^(?:W\/)?"?(\d+)"?$/.exec(String(h).trim());
  if (!m) throw badRequest({ non_field_errors: ['If-Match must name a record version, e.g. "3".'] });
  return Number(m[1]);
}

export function mountResourceRoutes(app: FastifyInstance, services: Services, actions: Record<string, ActionHandler>) {
  const db = services.database.db;
  const { listExactCountLimit: exactCountLimit, listCountBudgetMs: countBudgetMs, listWalkMinRows: walkMinRows } = services.config;
  for (const r of resources) for (const path of [r.name, ...r.aliases]) {
    const base = `/api/${path}`;
    const ctx = (req: FastifyRequest) => req.ctx!;
    // What `choices/` takes by POST: the ids to include whatever the search (a form's current values).
    const choicesInput = { selected_ids: refs(r.name, { max: 1000 }) };

    app.get(`${base}/`, async (req: Req, reply) => {
      const labels = wantsLabels(req.query);
      const additional = wantsAdditional(req.query);
      const res = await ops.find(db, ctx(req), r, req.query, [], { exactCountLimit, countBudgetMs, walkMinRows, asJson: !labels && !additional });
      if (res.json !== undefined) return reply.type('application/json; charset=utf-8').send(res.json);
      if (labels) await attachLabels(db, ctx(req), r, res.rows);
      if (additional) await attachAdditional(db, ctx(req), r, res.rows);
      if (!res.query.paged) return res.rows;
      const { next, previous } = res.cursors
        ? cursorLinks(absoluteUrl(req), res.query.pageSize!, res.cursors)
        : pageLinks(absoluteUrl(req), res.query.page, res.query.pageSize!, res.hasMore!);
      // `count_is_estimate` appears only when true, so exact answers keep the plain DRF shape.
      return res.countIsEstimate
        ? { count: res.count, count_is_estimate: true, next, previous, results: res.rows }
        : { count: res.count, next, previous, results: res.rows };
    });
    const writable = !isReadOnly(r);
    // A record's own answer carries its additional fields (docs/audit.md, Additional fields).
    const answered = async (req: Req, row: Record<string, unknown>) => { await attachAdditional(db, ctx(req), r, [row]); return row; };
    if (writable) app.post(`${base}/`, async (req: Req, reply) => reply.code(201).send(await answered(req, await ops.create(db, ctx(req), r, req.body, { askAdditional: true }))));
    app.options(`${base}/`, async (req: Req) => options(ctx(req), r));
    app.get(`${base}/count/`, async (req: Req) => ({ count: await ops.count(db, ctx(req), r, req.query) }));
    app.get(`${base}/metadata/`, async (req: Req) => {
      ops.authorize(ctx(req), r, 'view');
      const id = req.query.id;
      return metadata(ctx(req), r, typeof id === 'string' ? await ops.get(db, ctx(req), r, id) : undefined);
    });
    app.get(`${base}/schema/`, async (req: Req) => { ops.authorize(ctx(req), r, 'view'); return jsonSchema(r); });
    app.get(`${base}/form_configuration/`, async (req: Req) => { ops.authorize(ctx(req), r, 'view'); return formConfiguration(ctx(req), r); });
    app.get(`${base}/choices/`, async (req: Req) => choices(db, ctx(req), r, req.query));
    app.post(`${base}/choices/`, async (req: Req) => {
      const { selected_ids: selected } = parseFields(choicesInput, req.body);
      return choices(db, ctx(req), r, req.query, (selected as unknown[] | undefined) ?? []);
    });
    app.get(`${base}/autocomplete/`, async (req: Req) => autocomplete(db, ctx(req), r, req.query));
    app.post(`${base}/download_table/`, async (req: Req, reply) => {
      const { fileName, stream } = await exportCsv(services.database, ctx(req), r, req.query, req.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    });

    mountActions(app, services, r, base, actions, 'collection');

    app.get(`${base}/:id/`, async (req: Req, reply) => {
      const row = await answered(req, await ops.get(db, ctx(req), r, req.params.id));
      if (wantsLabels(req.query)) await attachLabels(db, ctx(req), r, [row]);
      return reply.header('etag', `W/"${row.version}"`).send(row);
    });
    // A view is read only: its rows are written through the resource they belong to.
    if (writable) {
      const update = async (req: Req, reply: FastifyReply) => {
        const row = await answered(req, await ops.update(db, ctx(req), r, req.params.id, req.body, ifMatchVersion(req)));
        return reply.header('etag', `W/"${row.version}"`).send(row);
      };
      app.patch(`${base}/:id/`, update);
      app.put(`${base}/:id/`, update);
      app.delete(`${base}/:id/`, async (req: Req, reply) => {
        const header = ifMatchVersion(req);
        const fromBody = parseFields(DELETE_INPUT, req.body).version as number | undefined;
        await ops.remove(db, ctx(req), r, req.params.id, header ?? fromBody, header !== undefined);
        return reply.code(204).send();
      });
      // What a delete would do (docs/api.md, Deleting): the dialog says it before the user confirms.
      app.get(`${base}/:id/delete_preview/`, async (req: Req) => {
        ops.authorize(ctx(req), r, 'delete');
        return deletePreview(db, ctx(req), r, await ops.get(db, ctx(req), r, req.params.id));
      });
      app.post(`${base}/:id/clone/`, async (req: Req, reply) => {
        const overrides = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) };
        const copy = await ops.clone(db, ctx(req), r, req.params.id, overrides);
        // The copy says which of the original's fields it took (docs/api.md, Copies).
        return reply.code(201).header('copied-fields', ops.copiedFields(r).join(', ')).send(await answered(req, copy));
      });
    }
    mountActions(app, services, r, base, actions, 'detail');
    if (lifecycleFields(r).length) {
      // A record's lifecycle: the moves this user may make now, and every move so far (who, when, why).
      app.get(`${base}/:id/transitions/`, async (req: Req) => {
        const row = await ops.get(db, ctx(req), r, req.params.id);
        return { allowed: allowedMoves(ctx(req).user.profile, r, row), history: await transitionsOf(db, r, row.id) };
      });
    }
  }

  mountSharedActions(app, services, resources, actions);

  app.get('/api/autocomplete/suggestions/', async (req: Req) => {
    const name = req.query.model;
    const r = resources.find((x) => x.name === name || x.perms.model === name);
    if (!r) throw badRequest({ model: [`Unknown model "${String(name)}".`] });
    return autocomplete(db, req.ctx!, r, { ...req.query, model: r.name });
  });
  app.get('/api/picker/*', async (req: Req) => picker(db, req.ctx!, req.params['*'], req.query));
}
