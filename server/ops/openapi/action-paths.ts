/**
 * The declared actions of a resource as OpenAPI operations: who may call one, its input (the query
 * of a GET or DELETE, a multipart form with a file, or a JSON body), its answer from the declared
 * result kind, and its shared paths (docs/api.md, Actions).
 */
import { type ActionDecl, type Resource, actionCodenames, actionPath, contentType } from '../../../src/resources/define';
import { registry, resources } from '../../../src/resources/index';
import { PLUS_KEY, RECORD_KEY } from '../../../src/resources/answers';
import { PUBLIC_ACTIONS } from '../../http/public-routes';
import { fileInputOf, inputShape } from '../../engine/action-input';
import { jsonSchema, readSchema } from '../../engine/metadata';
import { GENERIC_OPERATIONS, idParam, operationId, schemaName } from './resource-paths';
import { READ_ERRORS, REMOTE_ERRORS, WRITE_ERRORS, type Schema, answer, component, errors, json, ref } from './shapes';

/** A resource's read schema: a reference to it, or with `plus` a copy of it that also holds those keys (it is closed). */
function readOf(r: Resource, name: string, plus?: Record<string, unknown>): unknown {
  const target = registry.get(name);
  if (!target) throw new Error(`${r.name}: an answer names no resource "${name}"`);
  if (!plus) return ref(schemaName(target));
  const base = readSchema(target);
  return { ...base, properties: { ...base.properties, ...plus }, required: [...base.required, ...Object.keys(plus)] };
}

/** The read schema of the record a `record` result answers (its own resource's unless `returns` names another). */
function recordOf(r: Resource, a: ActionDecl): unknown {
  if (typeof a.returns !== 'object') return readOf(r, a.returns ?? r.name);
  return readOf(r, a.returns.record, Object.fromEntries(Object.entries(a.returns.plus).map(([k, name]) => [k, readOf(r, name)])));
}

/** A declared answer shape with each `recordOf` made that resource's read schema. */
function resolveRecords(r: Resource, shape: unknown): unknown {
  if (Array.isArray(shape)) return shape.map((s) => resolveRecords(r, s));
  if (!shape || typeof shape !== 'object') return shape;
  const { [RECORD_KEY]: named, [PLUS_KEY]: plus, ...rest } = shape as Record<string, unknown>;
  if (typeof named === 'string') return readOf(r, named, plus ? (resolveRecords(r, plus) as Record<string, unknown>) : undefined);
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolveRecords(r, v)]));
}

/** The success answers of an action, from its declared result kind and answer shape. */
function results(r: Resource, a: ActionDecl, writes: boolean): Record<number, unknown> {
  const made = (schema: unknown) => (writes ? { 201: answer('What the action created', schema) } : {});
  const shape = a.answer && resolveRecords(r, a.answer);
  switch (a.result ?? 'object') {
    case 'record': { const record = recordOf(r, a); return { 200: answer('The record', record), ...made(record) }; }
    case 'list': { const list = { type: 'array', ...(shape ? { items: shape } : {}) }; return { 200: answer('A list', list), ...made(list) }; }
    case 'object': { const object = shape ?? { type: ['object', 'null'] }; return { 200: answer('The result', object), ...made(object) }; }
    case 'file': return { 200: { description: 'A file to download (Content-Disposition names it)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } };
    case 'job': return { 200: answer('The result, when the work is small', {}), 202: answer('A job: poll `GET /api/jobs/{id}/` for its progress and result', ref('Job')) };
    case 'none': return { 204: { description: 'Done' } };
  }
}

/** One declared action at its own path. */
function actionOperation(r: Resource, path: string, name: string, a: ActionDecl) {
  const codes = actionCodenames(r, a);
  const isPublic = PUBLIC_ACTIONS.has(`${r.name}.${name}`);
  const body = component(jsonSchema(inputShape(r, name, a)));
  const props = Object.entries(body.properties as Record<string, Schema>);
  const required = body.required as string[];
  const file = fileInputOf(a);
  const parameters: unknown[] = a.on === 'detail' ? [idParam(r)] : [];
  let input = {};
  if (a.input && (a.method === 'GET' || a.method === 'DELETE')) {
    parameters.push(...props.map(([n, schema]) => ({ name: n, in: 'query', required: required.includes(n), schema })));
  } else if (file) {
    const form = { ...body, properties: Object.fromEntries(props.map(([n, p]) => [n, n === file[0] ? { type: 'string', format: 'binary', description: `One of ${file[1].accept.join(', ')}` } : p])) };
    input = { requestBody: { required: true, content: { 'multipart/form-data': { schema: form } } } };
  } else if (a.input) {
    input = { requestBody: { required: required.length > 0, ...json(body) } };
    for (const n of a.query ?? []) parameters.push({ name: n, in: 'query', required: false, schema: (body.properties as Record<string, Schema>)[n], description: 'Also taken from the body, whose value wins.' });
  }
  const reads = a.method === 'GET';
  return {
    tags: [r.pluralLabel],
    operationId: operationId(path, GENERIC_OPERATIONS.has(name) ? `${name}_action` : name),
    summary: a.label ?? name.replace(/_/g, ' '),
    description: isPublic ? 'Needs no token.' : codes === null ? 'Any signed-in user.' : `Requires ${codes.map((c) => `\`${c}\``).join(' or ')}${a.of ? ` on \`${contentType(a.of)}\`` : ''}.`,
    ...(isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...input,
    responses: { ...results(r, a, !reads), ...errors([...(reads ? READ_ERRORS : WRITE_ERRORS), ...(a.remote ? REMOTE_ERRORS : [])], isPublic) },
  };
}

/** The actions of a resource at `/api/{path}/`, and the shared paths some of them also answer at. */
export function actionPaths(r: Resource, path: string, withShared: boolean): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, a] of Object.entries(r.actions)) {
    const operation = actionOperation(r, path, name, a);
    const method = a.method.toLowerCase();
    const at = `/api/${path}/${actionPath(name, a)}`;
    paths[at] = { ...paths[at], [method]: operation };
    if (!withShared) continue;
    // A shared path takes the same input plus the key naming the resource, once for all that share it.
    for (const shared of a.alsoAt?.paths ?? []) {
      const key = a.alsoAt!.key;
      const models = resources.filter((x) => x.actions[name]?.alsoAt?.paths.includes(shared)).map((x) => x.perms.model);
      const body = component(jsonSchema(inputShape(r, name, a)));
      paths[`/api/${shared}/${a.path ?? name}/`] = {
        [method]: {
          ...operation, tags: ['Shared actions'], operationId: operationId(shared, a.path ?? name),
          requestBody: { required: true, ...json({ ...body, properties: { [key]: { enum: models }, ...(body.properties as object) }, required: [key, ...(body.required as string[])] }) },
        },
      };
    }
  }
  return paths;
}
