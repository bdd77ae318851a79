/** OpenAPI 3.1 document generated from the resource declarations and their actions. */
import { resources } from '../../src/resources/index';
import { PARTNER_PICKERS } from '../actions/partner/picker';
import { TRIP_METRICS_LIMIT } from '../actions/trace/trip-metrics';
import { type ActionDecl, type Resource, actionCodenames, actionPath, contentType, isView } from '../../src/resources/define';
import { jsonSchema } from '../engine/metadata';
import { fileInputOf, inputShape } from '../engine/action-input';
import { exportInput } from '../engine/csv-export';
import type { ActionResult } from '../../src/resources/define';
import pkg from '../../package.json' with { type: 'json' };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const errors = {
  400: { description: 'Invalid input: `{field: [messages]}`', ...json(ref('ValidationError')) },
  401: { description: 'Missing or invalid token', ...json(ref('Detail')) },
  403: { description: 'Missing permission', ...json(ref('Detail')) },
  404: { description: 'Not found (or not visible to this user)', ...json(ref('Detail')) },
};

/** The success answer of an action, from its declared result kind. */
const RESULTS: Record<ActionResult, Record<number, unknown>> = {
  record: { 200: { description: 'The record' } },
  list: { 200: { description: 'A list' } },
  object: { 200: { description: 'Result' } },
  file: { 200: { description: 'A file to download (Content-Disposition names it)', content: { 'application/octet-stream': {} } } },
  job: { 200: { description: 'The result, when the work is small' }, 202: { description: 'A job: poll `GET /api/jobs/{id}/` for its progress and result' } },
  none: { 204: { description: 'Done' } },
};

const schemaName = (r: Resource) => r.name.replace(/[/_-]+(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());

function listParams(r: Resource) {
  return [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    { name: 'page_size', in: 'query', description: '0 = every row as a plain array', schema: { type: 'integer', minimum: 0, maximum: 10000 } },
    { name: 'cursor', in: 'query', description: 'The position a `next` or `previous` link of a large list reads from (opaque); `page` with it is only the number the page goes by', schema: { type: 'string', maxLength: 4096 } },
    { name: 'ordering', in: 'query', description: `Comma-separated fields, \`-\` for descending. Default: ${r.list.ordering.join(',')}`, schema: { type: 'string' } },
    { name: 'search', in: 'query', description: `Searches ${r.list.search.join(', ') || 'nothing'}`, schema: { type: 'string' } },
  ];
}

/** One declared action: its codename, its input (query parameters of a GET, a multipart form with a file, or a JSON body) and its result. */
function actionOperation(r: Resource, name: string, a: ActionDecl, tag: string, parameters: unknown[]) {
  const codes = actionCodenames(r, a);
  const { $schema: _s, ...body } = jsonSchema(inputShape(r, name, a));
  const props = Object.entries(body.properties) as [string, Record<string, unknown>][];
  const file = fileInputOf(a);
  let input = {};
  if (a.input && (a.method === 'GET' || a.method === 'DELETE')) {
    parameters = [...parameters, ...props.map(([n, schema]) => ({ name: n, in: 'query', required: body.required.includes(n), schema }))];
  } else if (file) {
    const form = { ...body, properties: Object.fromEntries(props.map(([n, p]) => [n, n === file[0] ? { type: 'string', format: 'binary', description: `One of ${file[1].accept.join(', ')}` } : p])) };
    input = { requestBody: { content: { 'multipart/form-data': { schema: form } } } };
  } else if (a.input) input = { requestBody: json(body) };
  return {
    tags: [tag],
    summary: a.label ?? name.replace(/_/g, ' '),
    description: codes === null ? 'Any signed-in user.' : `Requires ${codes.map((c) => `\`${c}\``).join(' or ')}${a.of ? ` on \`${contentType(a.of)}\`` : ''}.`,
    ...(parameters.length ? { parameters } : {}),
    ...input,
    responses: { ...RESULTS[a.result ?? 'object'], ...errors },
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Detail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    ValidationError: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  };
  for (const r of resources) {
    const name = schemaName(r);
    const input = jsonSchema(r);
    const { $schema: _s, ...inputSchema } = input;
    schemas[`${name}Input`] = inputSchema;
    schemas[name] = {
      allOf: [ref(`${name}Input`), {
        type: 'object',
        properties: { id: r.idKind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer' }, version: { type: 'integer' }, created_at: { type: 'string', format: 'date-time' }, updated_at: { type: 'string', format: 'date-time' } },
      }],
    };
    const tag = r.pluralLabel;
    const base = `/api/${r.name}/`;
    const perm = (v: string) => `Requires \`${v}_${r.perms.model}\` on \`${contentType(r)}\`.`;
    paths[base] = {
      get: { tags: [tag], summary: `List ${r.pluralLabel.toLowerCase()}`, description: `${perm('view')} Filters: \`field=a,b\`, \`field__not_in\`, \`__gte\`, \`__lte\`, \`__gt\`, \`__lt\`, \`__icontains\`, \`__isnull\`.`, parameters: listParams(r), responses: { 200: { description: 'A page `{count, next, previous, results}`, or a plain array with page_size=0', ...json({ oneOf: [{ type: 'object', properties: { count: { type: 'integer' }, next: { type: ['string', 'null'] }, previous: { type: ['string', 'null'] }, results: { type: 'array', items: ref(name) } } }, { type: 'array', items: ref(name) }] }) }, ...errors } },
      post: { tags: [tag], summary: `Create a ${r.label.toLowerCase()}`, description: perm('add'), requestBody: json(ref(`${name}Input`)), responses: { 201: { description: 'Created', ...json(ref(name)) }, ...errors } },
      options: { tags: [tag], summary: 'Field metadata (DRF style `actions.POST`)', responses: { 200: { description: 'Metadata' } } },
    };
    const idParam = { name: 'id', in: 'path', required: true, schema: r.idKind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer' } };
    paths[`${base}{id}/`] = {
      get: { tags: [tag], summary: `Retrieve a ${r.label.toLowerCase()}`, parameters: [idParam], responses: { 200: { description: 'The record (ETag = version)', ...json(ref(name)) }, ...errors } },
      patch: { tags: [tag], summary: 'Update the fields sent', description: `${perm('change')} Send \`version\` (or If-Match) to refuse the write when someone else changed the record (409/412).`, parameters: [idParam], requestBody: json({ ...inputSchema, required: [] }), responses: { 200: { description: 'Updated', ...json(ref(name)) }, 409: { description: 'Version conflict', ...json(ref('Detail')) }, ...errors } },
      delete: { tags: [tag], summary: 'Delete', description: perm('delete'), parameters: [idParam], responses: { 204: { description: 'Deleted' }, 409: { description: 'Still referenced, or version conflict', ...json(ref('Detail')) }, ...errors } },
    };
    paths[`${base}{id}/delete_preview/`] = { get: { tags: [tag], summary: 'What a delete would do', description: `${perm('delete')} \`{deletable, reason, dependents: [{resource, label, field, field_label, effect, count}]}\`: the records that would be deleted with it, unlinked from it, or that block the delete.`, parameters: [idParam], responses: { 200: { description: 'The preview' }, ...errors } } };
    paths[`${base}{id}/clone/`] = { post: { tags: [tag], summary: 'Copy the record', parameters: [idParam], responses: { 201: { description: 'The copy', ...json(ref(name)) }, ...errors } } };
    // A view is read only (define.ts `viewOf`): no create, update, delete or copy.
    if (isView(r)) {
      delete paths[base].post;
      delete paths[`${base}{id}/`].patch;
      delete paths[`${base}{id}/`].delete;
      delete paths[`${base}{id}/delete_preview/`];
      delete paths[`${base}{id}/clone/`];
    }
    paths[`${base}count/`] = { get: { tags: [tag], summary: 'Count rows matching the filters', responses: { 200: { description: '`{count}`' }, ...errors } } };
    paths[`${base}metadata/`] = { get: { tags: [tag], summary: 'List columns: label, type, sortable, filterable', responses: { 200: { description: 'Columns' } } } };
    paths[`${base}schema/`] = { get: { tags: [tag], summary: 'JSON Schema of the create payload', responses: { 200: { description: 'JSON Schema' } } } };
    paths[`${base}form_configuration/`] = { get: { tags: [tag], summary: 'Form sections', responses: { 200: { description: 'Sections' } } } };
    const { $schema: _e, ...exportBody } = jsonSchema({ ...r, label: 'Export', fields: exportInput(r) });
    paths[`${base}download_table/`] = { post: { tags: [tag], summary: 'Export as CSV (`{table}-{yyyy-mm-dd}.csv`)', requestBody: json(exportBody), responses: { 200: { description: 'CSV', content: { 'text/csv': {} } }, ...errors } } };
    paths[`${base}choices/`] = {
      get: { tags: [tag], summary: 'Choices `[{id, label}]`', responses: { 200: { description: 'Choices' } } },
      post: { tags: [tag], summary: 'Choices including `selected_ids`', requestBody: json({ type: 'object', properties: { selected_ids: { type: 'array' } } }), responses: { 200: { description: 'Choices' } } },
    };
    paths[`${base}autocomplete/`] = { get: { tags: [tag], summary: 'Distinct values of one field', parameters: ['model', 'field', 'input', 'limit', 'offset'].map((n) => ({ name: n, in: 'query', schema: { type: 'string' } })), responses: { 200: { description: '`[{value, label}]`' } } } };
    for (const [actionName, a] of Object.entries(r.actions)) {
      const operation = actionOperation(r, actionName, a, tag, a.on === 'detail' ? [idParam] : []);
      const method = a.method.toLowerCase();
      const path = `${base}${actionPath(actionName, a)}`;
      paths[path] = { ...paths[path], [method]: operation };
      // A shared path takes the same input plus the key naming the resource (docs/api.md, Actions).
      for (const shared of a.alsoAt?.paths ?? []) {
        const key = a.alsoAt!.key;
        const models = resources.filter((x) => x.actions[actionName]?.alsoAt?.paths.includes(shared)).map((x) => x.perms.model);
        const { $schema: _s, ...body } = jsonSchema(inputShape(r, actionName, a));
        paths[`/api/${shared}/${a.path ?? actionName}/`] = {
          [method]: { ...operation, tags: ['Shared actions'], requestBody: json({ ...body, properties: { [key]: { enum: models }, ...body.properties }, required: [key, ...body.required] }) },
        };
      }
    }
  }
  paths['/api/time_zones/'] = { get: { tags: ['Time zones'], summary: 'The rules the server writes times by', description: '`?zones=America/Edmonton,America/Dawson_Creek` (at most 20) -> `{zone: {zone, until, rules: [{from, offset, abbreviation}]}}`: from each instant `from` (ms since 1970) on, the offset from UTC in minutes and the abbreviation, 1990-2050.', parameters: [{ name: 'zones', in: 'query', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'The rules by zone' }, ...errors } } };
  paths['/api/partner/picker/{name}/'] = { get: { tags: ['Partner'], summary: 'What a partner may pick from', description: `Requires \`view_wheelhouserailcontract\`. \`name\`: ${PARTNER_PICKERS.join(', ')}; \`search\` (part of the label) and \`limit\` -> \`[{id, label}]\`.`, parameters: [{ name: 'name', in: 'path', required: true, schema: { enum: PARTNER_PICKERS } }, { name: 'search', in: 'query', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'The choices' }, ...errors } } };
  paths['/api/dashboard/rail/trip_metrics/'] = { get: { tags: ['Trip'], summary: 'The slowest lanes and the longest dwells', description: `Requires \`view_trip\`. Over the loaded trips completed in the last \`days\` (1-366, default 90): \`{lanes: [{origin, destination, trips, median_days, max_days, mean_days}], dwells: [{station, state, stops, median_hours, max_hours}]}\`, each at most \`limit\` rows (1-${TRIP_METRICS_LIMIT}, default ${TRIP_METRICS_LIMIT}).`, parameters: [{ name: 'days', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 366 } }, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: TRIP_METRICS_LIMIT } }], responses: { 200: { description: 'The metrics' }, ...errors } } };
  paths['/api/auth/login/'] = { post: { tags: ['Authentication'], summary: 'Sign in', security: [], requestBody: json({ type: 'object', required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } }), responses: { 200: { description: '`{key}`: send it as `Authorization: Token <key>`' }, 400: errors[400], 429: { description: 'Too many attempts', ...json(ref('Detail')) } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Bulk logistics API', version: pkg.version, description: 'Every call needs `Authorization: Token <key>` from `POST /api/auth/login/`. Lists accept `page`, `page_size` (0 = all), `ordering`, `search` and per-field filters; array values are comma-joined, with `\\,` for a comma inside a value.' },
    servers: [{ url: '/' }],
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' } } },
    security: [{ token: [] }],
    paths,
  };
}
