/**
 * The pieces every operation of the OpenAPI document is built from: references, JSON bodies, the
 * answers the engine gives every resource (pages, counts, descriptions, choices, jobs) and the
 * error answers, with the status codes that can carry them.
 */
export type Schema = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
export const answer = (description: string, schema?: unknown) => ({ description, ...(schema === undefined ? {} : json(schema)) });
/** A schema with the JSON Schema dialect key of a standalone document removed (components take none). */
export const component = ({ $schema: _s, ...rest }: Schema) => rest;

const string = { type: 'string' };
const integer = { type: 'integer' };
const nullable = (s: Schema) => ({ ...s, type: [s.type, 'null'] });
const object = (properties: Schema, required: string[] = Object.keys(properties), extra = false) => ({ type: 'object', properties, required, additionalProperties: extra });

/** What one field's description says in OPTIONS and `form_configuration/` (metadata.ts fieldInfo); more keys by kind. */
const FIELD_INFO = object({ type: string, kind: string, required: { type: 'boolean' }, read_only: { type: 'boolean' }, label: string }, ['type', 'required', 'read_only', 'label'], true);

export const COMPONENTS: Record<string, Schema> = {
  Detail: { ...object({ detail: string, request_id: string }, ['detail']), description: 'A refusal or failure said in words; a 500 adds the request id to quote.' },
  ValidationError: {
    type: 'object',
    description: 'Per field (or `detail`, or `non_field_errors`) the messages; a list field may name its items by position.',
    minProperties: 1,
    additionalProperties: { anyOf: [{ type: 'array', items: string }, string, { type: 'object' }] },
  },
  Count: object({ count: integer }),
  Choice: { ...object({ id: { type: ['integer', 'string'] }, label: string }, ['label'], true), description: 'A record to pick: its id and label (the company hierarchy names its table and type instead of an id).' },
  Suggestion: object({ value: {}, label: string }),
  Job: object({
    id: string, kind: string, status: { enum: ['running', 'done', 'failed'] }, done: integer, total: integer, url: string,
    result_url: string, filename: string, result: {}, error: string, errors: { type: 'object' },
  }, ['id', 'kind', 'status', 'done', 'total', 'url']),
  Metadata: object({
    resource: string, label: string, label_plural: string, id_kind: { enum: ['serial', 'uuid'] },
    columns: { type: 'array', items: object({ field: string, label: string, type: string, sortable: { type: 'boolean' }, filterable: { type: 'boolean' }, related_resource: string, choices: { type: 'array' } }, ['field', 'label', 'type', 'sortable', 'filterable']) },
    default_columns: { type: 'array', items: string }, ordering: { type: 'array', items: string }, search_fields: { type: 'array', items: string }, paged: { type: 'boolean' },
    permissions: object({ view: { type: 'boolean' }, add: { type: 'boolean' }, change: { type: 'boolean' }, delete: { type: 'boolean' } }),
    actions: { type: 'array', items: object({ name: string, path: string, on: { enum: ['detail', 'collection'] }, method: string, label: string, result: string, takes_input: { type: 'boolean' } }) },
    transitions: ref('AllowedMoves'),
  }, ['resource', 'label', 'label_plural', 'id_kind', 'columns', 'default_columns', 'ordering', 'search_fields', 'paged', 'permissions', 'actions']),
  Options: object({
    name: string, name_plural: string, description: string, renders: { type: 'array', items: string }, parses: { type: 'array', items: string },
    actions: { type: 'object', properties: { POST: { type: 'object', additionalProperties: FIELD_INFO }, PUT: { type: 'object', additionalProperties: FIELD_INFO } }, additionalProperties: false },
  }, ['name', 'name_plural', 'description', 'renders', 'parses']),
  FormConfiguration: object({
    resource: string,
    actions: { type: 'array', items: object({ name: string, label: string, fields: { type: 'array', items: FIELD_INFO } }) },
    sections: { type: 'array', items: object({ label: string, fields: { type: 'array', items: FIELD_INFO } }) },
    read_only: { type: 'boolean' },
  }),
  JsonSchema: { description: 'A JSON Schema (draft 2020-12) of the create payload.', ...object({ $schema: string, title: string, type: { const: 'object' }, properties: { type: 'object' }, required: { type: 'array', items: string }, additionalProperties: { const: false } }, ['type', 'properties'], true) },
  DeletePreview: object({
    deletable: { type: 'boolean' }, reason: nullable(string),
    dependents: { type: 'array', items: object({ resource: string, label: string, field: string, field_label: string, effect: string, count: integer }, ['resource', 'label', 'field', 'effect', 'count'], true) },
  }, ['deletable', 'dependents'], true),
  Transitions: object({ allowed: ref('AllowedMoves'), history: { type: 'array' } }),
  AllowedMoves: { type: 'object', description: 'Per lifecycle field, the moves this user may make now.', additionalProperties: { type: 'array' } },
};

/** The error answers an operation can give, by status. */
const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: per field the messages (or `detail` for a body that is not JSON)',
  401: 'No token, or an unknown or expired one',
  403: 'The user lacks the permission, or the company the feature',
  404: 'Not found, or not visible to this user',
  409: 'A conflict: still referenced, taken, or changed by someone else (`version`)',
  412: 'If-Match names a version that is no longer current',
  413: 'The request is too large',
  415: 'The body is not JSON',
  429: 'Too many: attempts, mails, uploads or running jobs; try later',
  502: 'The remote server failed, answered an error, or redirected where the server does not go',
  504: 'The remote server did not answer in time',
};

/** What an action that reaches another server may answer besides (`ActionDecl.remote`). */
export const REMOTE_ERRORS = [502, 504];

const errorAnswer = (status: number) => answer(ERROR_TEXT[status], status === 400 ? { anyOf: [ref('Detail'), ref('ValidationError')] } : ref('Detail'));

export const READ_ERRORS = [400, 401, 403, 404];
export const WRITE_ERRORS = [400, 401, 403, 404, 409, 412, 413, 415, 429];

/** The error answers of the given statuses, without 401 for an operation that needs no token. */
export function errors(statuses: number[], isPublic = false): Record<number, unknown> {
  return Object.fromEntries(statuses.filter((s) => !(isPublic && s === 401)).map((s) => [s, errorAnswer(s)]));
}

/** A page of rows, or every row as a plain array with `page_size=0`. */
export const pageOf = (item: unknown) => ({
  oneOf: [
    object({ count: integer, count_is_estimate: { const: true }, next: nullable(string), previous: nullable(string), results: { type: 'array', items: item } }, ['count', 'next', 'previous', 'results']),
    { type: 'array', items: item },
  ],
});
