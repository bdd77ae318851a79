/**
 * The generic operations every resource answers (server/engine/routes.ts), at its path and at each
 * alias: list, create, OPTIONS, count, metadata, schema, form configuration, choices, autocomplete,
 * CSV export, retrieve, update, delete, its preview, copy, and a lifecycle's transitions.
 */
import { type Resource, contentType, isReadOnly } from '../../../src/resources/define';
import { lifecycleFields } from '../../../src/lib/lifecycle';
import { takesAdditionalFields } from '../../../src/resources/additional-values';
import { exportInput } from '../../engine/csv-export';
import { jsonSchema } from '../../engine/metadata';
import { READ_ERRORS, WRITE_ERRORS, answer, component, errors, json, pageOf, ref } from './shapes';

/** `terminalboss/v3/ticket` -> `TerminalbossV3Ticket`: the name of its schemas. */
export const schemaName = (r: Resource) => r.name.replace(/[/_-]+(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());
/** `terminalboss/v3/ticket` and `list` -> `terminalboss_v3_ticket_list`: stable names generated clients call. */
export const operationId = (path: string, op: string) => `${path}_${op}`.replace(/[^A-Za-z0-9]+/g, '_');

/** The names of the generic operations; an action of the same name (`rail_schedule/list/`) is named `…_list_action`. */
export const GENERIC_OPERATIONS = new Set(['list', 'create', 'options', 'count', 'metadata', 'schema', 'form_configuration', 'choices', 'choices_selected',
  'autocomplete', 'download_table', 'retrieve', 'partial_update', 'update', 'destroy', 'delete_preview', 'clone', 'transitions']);

const idSchema = (r: Resource) => (r.idKind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer' });
export const idParam = (r: Resource) => ({ name: 'id', in: 'path', required: true, schema: idSchema(r) });
const query = (name: string, schema: unknown, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });

/** A company's own fields to write on a record (docs/audit.md, Additional fields): `{key: value}`. */
const additionalValues = () => ({
  type: 'object',
  description: 'Your company\'s additional fields to set, `{key: value}`; null or an empty text clears one; the keys left out keep their values. On a create each required one needs a value.',
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
});
const ADDITIONAL_COLUMN = { type: 'string', pattern: '^additional_fields\\.[a-z][a-z0-9_]*$', description: 'One of your company\'s additional fields' };

function listParams(r: Resource) {
  return [
    query('page', { type: 'integer', minimum: 1 }),
    query('page_size', { type: 'integer', minimum: 0, maximum: 10000 }, '0 = every row as a plain array'),
    query('cursor', { type: 'string', maxLength: 4096 }, 'The position a `next` or `previous` link of a large list reads from (opaque); `page` with it is only the number the page goes by'),
    query('ordering', { type: 'string' }, `Comma-separated fields, \`-\` for descending. Default: ${r.list.ordering.join(',')}`),
    query('search', { type: 'string' }, `Searches ${r.list.search.join(', ') || 'nothing'}`),
    query('fields', { type: 'string' }, 'Comma-separated fields: only these (with id and version) in each row'),
    query('labels', { enum: ['0', '1', 'true', 'false'] }, '1 adds `_labels`: the label of each referenced record'),
    ...(takesAdditionalFields(r) ? [query('additional_fields', { enum: ['0', '1', 'true', 'false'] }, '1 adds `additional_fields` to each row; `additional_fields.<key>` filters on one (as a field: `__gte`, `__icontains`, …)')] : []),
  ];
}

/** The record schemas of a resource: what the API answers, what a create takes, what an update takes. */
export function recordSchemas(r: Resource, read: unknown) {
  const name = schemaName(r);
  // A view is read only: it takes neither.
  if (isReadOnly(r)) return { [name]: read };
  const own = component(jsonSchema(r));
  const takes = takesAdditionalFields(r);
  const input = takes ? { ...own, properties: { ...(own.properties as object), additional_fields: additionalValues() } } : own;
  return {
    [name]: read,
    [`${name}Input`]: input,
    // An update applies no defaults: the fields sent change, the others stay.
    [`${name}Patch`]: {
      ...input,
      properties: {
        ...Object.fromEntries(Object.entries(input.properties as Record<string, Record<string, unknown>>).map(([n, { default: _d, ...p }]) => [n, p])),
        version: { type: 'integer', description: 'The version this change is based on: a newer one answers 409' },
      },
      required: [],
    },
  };
}

/** Every generic operation of the resource at `/api/{path}/`. */
export function resourcePaths(r: Resource, path: string): Record<string, Record<string, unknown>> {
  const name = schemaName(r);
  const tags = [r.pluralLabel];
  const op = (id: string, summary: string, more: Record<string, unknown>) => ({ tags, operationId: operationId(path, id), summary, ...more });
  const perm = (v: string) => `Requires \`${v}_${r.perms.model}\` on \`${contentType(r)}\`.`;
  const base = `/api/${path}/`;
  const detail = `${base}{id}/`;
  const record = ref(name);
  const read = (id: string, summary: string, schema: unknown, more: Record<string, unknown> = {}) =>
    op(id, summary, { description: perm('view'), ...more, responses: { 200: answer(summary, schema), ...errors(READ_ERRORS) } });
  const { $schema: _e, ...declaredExport } = jsonSchema({ ...r, label: 'Export', fields: exportInput(r) });
  // The columns are the declared ones and, on a resource that takes them, the company's additional fields.
  const columns = (declaredExport.properties as Record<string, { items?: unknown }>).columns;
  const exportBody = takesAdditionalFields(r)
    ? { ...declaredExport, properties: { ...declaredExport.properties, columns: { ...columns, items: { anyOf: [columns.items, ADDITIONAL_COLUMN] } } } }
    : declaredExport;

  const paths: Record<string, Record<string, unknown>> = {
    [base]: {
      get: read('list', `List ${r.pluralLabel.toLowerCase()}`, pageOf(record), {
        description: `${perm('view')} Filters: \`field=a,b\`, \`field__not_in\`, \`__gte\`, \`__lte\`, \`__gt\`, \`__lt\`, \`__icontains\`, \`__isnull\`.`,
        parameters: listParams(r),
      }),
      options: op('options', 'Field metadata (DRF style `actions.POST`)', { description: 'Any signed-in user; `actions` only with add or change.', responses: { 200: answer('Metadata', ref('Options')), ...errors(READ_ERRORS) } }),
    },
    [`${base}count/`]: { get: read('count', 'Count the rows matching the filters', ref('Count')) },
    [`${base}metadata/`]: { get: read('metadata', 'List columns, permissions and actions (`?id=` adds the lifecycle moves of that record)', ref('Metadata'), { parameters: [query('id', idSchema(r))] }) },
    [`${base}schema/`]: { get: read('schema', 'JSON Schema of the create payload', ref('JsonSchema')) },
    [`${base}form_configuration/`]: { get: read('form_configuration', 'Form sections and the forms of the actions this user may call', ref('FormConfiguration')) },
    [`${base}choices/`]: {
      get: read('choices', 'Choices `[{id, label}]`', { type: 'array', items: ref('Choice') }, { parameters: [query('search', { type: 'string' }), query('limit', { type: 'integer', minimum: 1 })] }),
      post: op('choices_selected', 'Choices with `selected_ids` first', {
        description: perm('view'),
        requestBody: json({ type: 'object', properties: { selected_ids: { type: 'array', items: idSchema(r), maxItems: 1000 } }, additionalProperties: false }),
        responses: { 200: answer('Choices', { type: 'array', items: ref('Choice') }), ...errors(READ_ERRORS) },
      }),
    },
    [`${base}autocomplete/`]: {
      get: read('autocomplete', 'Distinct values of one field `[{value, label}]`', { type: 'array', items: ref('Suggestion') }, {
        parameters: ['field', 'input', 'model'].map((n) => query(n, { type: 'string' })).concat(['limit', 'offset'].map((n) => query(n, { type: 'integer', minimum: 0 }))),
      }),
    },
    [`${base}download_table/`]: {
      post: op('download_table', 'Export as CSV (`{table}-{yyyy-mm-dd}.csv`)', {
        description: `${perm('view')} The filters of the list apply.`,
        requestBody: json(exportBody),
        responses: { 200: { description: 'CSV with a byte-order mark, CRLF', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors(READ_ERRORS) },
      }),
    },
    [detail]: {
      get: read('retrieve', `Retrieve a ${r.label.toLowerCase()}`, record, { parameters: [idParam(r), query('labels', { enum: ['0', '1', 'true', 'false'] })] }),
    },
  };
  if (!isReadOnly(r)) {
    const writes = (verb: string) => errors(WRITE_ERRORS.filter((s) => verb !== 'add' || s !== 412));
    paths[base].post = op('create', `Create a ${r.label.toLowerCase()}`, { description: perm('add'), requestBody: json(ref(`${name}Input`)), responses: { 201: answer('Created', record), ...writes('add') } });
    const update = (id: string, summary: string) => op(id, summary, {
      description: `${perm('change')} Send \`version\` (or If-Match) to refuse the write when someone else changed the record (409/412).`,
      parameters: [idParam(r)], requestBody: json(ref(`${name}Patch`)), responses: { 200: answer('Updated (ETag = version)', record), ...writes('change') },
    });
    paths[detail].patch = update('partial_update', 'Update the fields sent');
    paths[detail].put = update('update', 'Update the fields sent (as PATCH)');
    paths[detail].delete = op('destroy', 'Delete', {
      description: `${perm('delete')} \`version\` in the body (or If-Match) refuses a delete of a changed record.`,
      parameters: [idParam(r)], requestBody: { required: false, ...json({ type: 'object', properties: { version: { type: 'integer' } }, additionalProperties: false }) },
      responses: { 204: { description: 'Deleted' }, ...writes('delete') },
    });
    paths[`${detail}delete_preview/`] = {
      get: op('delete_preview', 'What a delete would do', {
        description: `${perm('delete')} The records that would be deleted with it, unlinked from it, or that block the delete.`,
        parameters: [idParam(r)], responses: { 200: answer('The preview', ref('DeletePreview')), ...errors(READ_ERRORS) },
      }),
    };
    paths[`${detail}clone/`] = {
      post: op('clone', 'Copy the record', {
        description: `${perm('add')} Fields in the body (or the query) replace the copied values.`,
        parameters: [idParam(r)], requestBody: { required: false, ...json({ type: 'object' }) }, responses: { 201: answer('The copy', record), ...writes('add') },
      }),
    };
  }
  if (lifecycleFields(r).length) {
    paths[`${detail}transitions/`] = { get: read('transitions', 'The moves this user may make now, and every move so far', ref('Transitions'), { parameters: [idParam(r)] }) };
  }
  return paths;
}
