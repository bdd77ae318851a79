/**
 * The OpenAPI 3.1 document, generated from the resource declarations and their actions (each
 * resource's read and write schemas, its generic operations at its path and aliases, its actions)
 * and from the routes outside the engine (sign-in, files, jobs, time zones, pickers, metrics).
 * Every answer the contract suites receive is validated against it (tests/api/contract/openapi-check.ts).
 */
import { resources } from '../../../src/resources/index';
import type { Field } from '../../../src/resources/fields';
import { PARTNER_PICKERS } from '../../actions/partner/picker';
import { TRIP_METRICS_LIMIT } from '../../actions/trace/trip-metrics';
import { GROUP_BYS, INTERVALS, MAX_DAYS, OVERVIEW_ANSWERS } from '../../actions/terminal/overview';
import { INVITATION_SIGN_UP_INPUT, LOGIN_INPUT, PASSWORD_CHANGE_INPUT, RESET_CONFIRM_INPUT, RESET_REQUEST_INPUT, SOCIAL_INPUT } from '../../auth/auth-inputs';
import { jsonSchema, readSchema } from '../../engine/metadata';
import { LINK_HEADER, LINK_PAGE } from '../../actions/schedule/carrier-link';
import { booking as bookingResource, LINK_BOOK_INPUT, LINK_CANCEL_INPUT, LINK_CHANGE_INPUT, LINK_RANGE_INPUT } from '../../../src/resources/schedule/booking';
import pkg from '../../../package.json' with { type: 'json' };
import { actionPaths } from './action-paths';
import { recordSchemas, resourcePaths, schemaName } from './resource-paths';
import { COMPONENTS, READ_ERRORS, WRITE_ERRORS, answer, component, errors, json, ref } from './shapes';

/** The JSON body of fields declared outside any resource (server/auth/auth-inputs.ts). */
const bodyOf = (label: string, fields: Record<string, Field>) => ({ required: true, ...json(component(jsonSchema({ ...resources[0], label, fields, tenant: undefined, actions: {} }))) });

const string = { type: 'string' };
const detail = ref('Detail');
const token = { type: 'object', properties: { key: string }, required: ['key'], additionalProperties: false };
const provider = { name: 'provider', in: 'path', required: true, schema: string };
const attempt = { type: 'object', properties: { attempt: string, nonce: string, expires_in: { type: 'integer' } }, required: ['attempt', 'nonce', 'expires_in'], additionalProperties: false };

/** One operation outside the engine: tags, a stable operationId, and its error answers. */
function op(tag: string, id: string, summary: string, o: { description?: string; isPublic?: boolean; write?: boolean; parameters?: unknown[]; requestBody?: unknown; responses: Record<number, unknown> }) {
  return {
    tags: [tag], operationId: id, summary,
    ...(o.description ? { description: o.description } : {}),
    ...(o.isPublic ? { security: [] } : {}),
    ...(o.parameters ? { parameters: o.parameters } : {}),
    ...(o.requestBody ? { requestBody: o.requestBody } : {}),
    responses: { ...o.responses, ...errors(o.write ? WRITE_ERRORS : READ_ERRORS, o.isPublic) },
  };
}

function otherPaths(): Record<string, Record<string, unknown>> {
  const auth = 'Authentication';
  const idOf = (format?: string) => ({ name: 'id', in: 'path', required: true, schema: { type: 'string', ...(format ? { format } : {}) } });
  return {
    '/api/health/': { get: op('Operations', 'health', 'Is the server and its database up', { isPublic: true, responses: { 200: answer('Up', { type: 'object', properties: { status: string, database: { enum: ['pglite', 'postgres'] } }, required: ['status', 'database'] }), 503: answer('The database does not answer', { type: 'object' }) } }) },
    '/api/error-reporting/': { get: op('Operations', 'error_reporting', 'The browser app\'s error reporting settings (docs/security.md, Error reporting)', { isPublic: true, responses: { 200: answer('The settings; dsn null when reporting is off', { type: 'object', properties: { dsn: { type: ['string', 'null'] }, environment: string, release: string, tracesSampleRate: { type: 'number' }, replaysSessionSampleRate: { type: 'number' }, replaysOnErrorSampleRate: { type: 'number' } }, required: ['dsn', 'environment', 'release', 'tracesSampleRate', 'replaysSessionSampleRate', 'replaysOnErrorSampleRate'], additionalProperties: false }) } }) },
    '/api/openapi.json': { get: op('Operations', 'openapi', 'This document', { isPublic: true, responses: { 200: answer('The OpenAPI 3.1 document (browsable at /api/docs/)', { type: 'object', properties: { openapi: string, paths: { type: 'object' } }, required: ['openapi', 'paths'] }) } }) },
    '/api/auth/login/': { post: op(auth, 'auth_login', 'Sign in', { isPublic: true, write: true, description: 'Send the key as `Authorization: Token <key>`.', requestBody: bodyOf('Sign in', LOGIN_INPUT), responses: { 200: answer('The token', token) } }) },
    '/api/auth/logout/': { post: op(auth, 'auth_logout', 'Sign out: the token stops working', { write: true, responses: { 200: answer('Signed out', detail) } }) },
    '/api/auth/providers/': { get: op(auth, 'auth_providers', 'The single sign-on providers', { isPublic: true, responses: { 200: answer('Providers', { type: 'array', items: { type: 'object', properties: { name: string, label: string, issuer: string, client_id: string }, required: ['name', 'label', 'issuer', 'client_id'] } }) } }) },
    '/api/auth/password/reset/': { post: op(auth, 'auth_password_reset', 'Mail a reset link (the answer is the same whether the account exists or not)', { isPublic: true, write: true, requestBody: bodyOf('Reset', RESET_REQUEST_INPUT), responses: { 200: answer('Sent if the account exists', detail) } }) },
    '/api/auth/password/reset/confirm/': { post: op(auth, 'auth_password_reset_confirm', 'Set a new password from a reset link', { isPublic: true, write: true, requestBody: bodyOf('Reset', RESET_CONFIRM_INPUT), responses: { 200: answer('Reset', detail) } }) },
    '/api/auth/password/change/': { post: op(auth, 'auth_password_change', 'Change one\'s own password', { write: true, requestBody: bodyOf('Change', PASSWORD_CHANGE_INPUT), responses: { 200: answer('Saved', detail) } }) },
    '/api/auth/invitation/{id}/{token}/': {
      get: op(auth, 'auth_invitation', 'What an invitation link invites to', {
        isPublic: true, parameters: [idOf(), { name: 'token', in: 'path', required: true, schema: string }],
        responses: { 200: answer('The invitation', { type: 'object', properties: { email: string, inviter: string, relation: string, message: { type: ['string', 'null'] }, expires_at: { type: 'string', format: 'date-time' }, account: { type: 'boolean' } }, required: ['email', 'inviter', 'account'] }) },
      }),
    },
    '/api/auth/invitation/sign-up/': { post: op(auth, 'auth_invitation_sign_up', 'A new account and company by invitation', { isPublic: true, write: true, requestBody: bodyOf('Sign up', INVITATION_SIGN_UP_INPUT), responses: { 200: answer('Signed in', token) } }) },
    '/api/auth/social/{provider}/start/': { post: op(auth, 'auth_social_start', 'Start a sign-on: the attempt and the nonce the ID token must carry', { isPublic: true, write: true, parameters: [provider], responses: { 200: answer('The attempt', attempt) } }) },
    '/api/auth/social/{provider}/': { post: op(auth, 'auth_social', 'Sign in with the provider\'s ID token for the attempt', { isPublic: true, write: true, parameters: [provider], requestBody: bodyOf('Sign on', SOCIAL_INPUT), responses: { 200: answer('The token', token) } }) },
    '/api/auth/social/{provider}/connect/start/': { post: op(auth, 'auth_social_connect_start', 'Start connecting a provider account to the signed-in user', { write: true, parameters: [provider], responses: { 200: answer('The attempt', attempt) } }) },
    '/api/auth/social/{provider}/connect/': { post: op(auth, 'auth_social_connect', 'Connect the provider account to the signed-in user', { write: true, parameters: [provider], requestBody: bodyOf('Connect', SOCIAL_INPUT), responses: { 200: answer('Connected', { type: 'object', properties: { detail: string, provider: string }, required: ['detail', 'provider'] }) } }) },
    '/api/files/': {
      post: op('Files', 'files_upload', 'Upload a file to attach to a record', {
        write: true, description: 'Requires the upload permission. The bytes must be what the name and type say.',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } } },
        responses: { 201: answer('Stored', ref('StoredFile')) },
      }),
    },
    '/api/files/{id}/': { get: op('Files', 'files_retrieve', 'A stored file\'s description', { parameters: [idOf('uuid')], responses: { 200: answer('The file', ref('StoredFile')) } }) },
    '/api/attachments/rename_file/': {
      post: op('Files', 'attachments_rename_file', 'Rename a stored file', {
        write: true, description: 'Whoever may change a record holding the file, or its uploader while no record holds it. The old extension is kept.',
        parameters: [
          { name: 'attachment_id', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'new_name', in: 'query', required: true, schema: { type: 'string', maxLength: 255 } },
        ],
        responses: { 200: answer('The file, renamed', ref('StoredFile')) },
      }),
    },
    '/api/files/{id}/download/': { get: op('Files', 'files_download', 'A stored file\'s bytes', { parameters: [idOf('uuid')], responses: { 200: { description: 'The bytes, in the type stored', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } } }) },
    '/api/jobs/{id}/': { get: op('Jobs', 'jobs_retrieve', 'A job\'s progress and result', { parameters: [idOf()], responses: { 200: answer('The job', ref('Job')) } }) },
    '/api/jobs/{id}/result/': { get: op('Jobs', 'jobs_result', 'The file a finished job made', { parameters: [idOf()], responses: { 200: { description: 'The file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }, 409: answer('Still running, or it made no file', detail) } }) },
    '/api/time_zones/': {
      get: op('Time zones', 'time_zones', 'The rules the server writes times by', {
        description: '`?zones=America/Edmonton,America/Dawson_Creek` (at most 20) -> per zone, from each instant `from` (ms since 1970) on, the offset from UTC in minutes and the abbreviation, 1990-2050.',
        parameters: [{ name: 'zones', in: 'query', required: true, schema: string }],
        responses: { 200: answer('The rules by zone', { type: 'object', additionalProperties: { type: 'object', properties: { zone: string, until: { type: 'number' }, rules: { type: 'array', items: { type: 'object', properties: { from: { type: 'number' }, offset: { type: 'number' }, abbreviation: string }, required: ['from', 'offset', 'abbreviation'] } } }, required: ['zone', 'rules'] } }) },
      }),
    },
    '/api/autocomplete/suggestions/': {
      get: op('Tables', 'autocomplete_suggestions', 'Distinct values of one field of the resource `model` names', {
        parameters: ['model', 'field', 'input'].map((n) => ({ name: n, in: 'query', required: n !== 'input', schema: string })),
        responses: { 200: answer('Suggestions', { type: 'array', items: ref('Suggestion') }) },
      }),
    },
    '/api/partner/picker/{name}/': {
      get: op('Partner', 'partner_picker', 'What a partner may pick from', {
        description: 'Requires `view_wheelhouserailcontract`. `search` (part of the label) and `limit`.',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { enum: PARTNER_PICKERS } }, { name: 'search', in: 'query', schema: string }, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: answer('The choices', { type: 'array', items: ref('Choice') }) },
      }),
    },
    ...bookingLinkPaths(),
    ...terminalOverviewPaths(),
    '/api/dashboard/rail/trip_metrics/': {
      get: op('Trips', 'dashboard_rail_trip_metrics', 'The slowest lanes and the longest dwells', {
        description: `Requires \`view_trip\`. Over the loaded trips completed in the last \`days\` (1-366, default 90), each list at most \`limit\` rows (1-${TRIP_METRICS_LIMIT}).`,
        parameters: [{ name: 'days', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 366 } }, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: TRIP_METRICS_LIMIT } }],
        responses: { 200: answer('The metrics', { type: 'object', properties: { lanes: { type: 'array' }, dwells: { type: 'array' } }, required: ['lanes', 'dwells'] }) },
      }),
    },
  };
}

/** The terminal overview's figures (docs/terminal.md, Terminal overview). */
function terminalOverviewPaths(): Record<string, Record<string, unknown>> {
  const tag = 'Terminal overview';
  const q = (name: string, schema: unknown, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });
  const dayQ = (name: string, description: string) => q(name, { type: 'string', format: 'date' }, description);
  const idQ = (name: string) => q(name, { type: 'string', format: 'uuid' });
  const groupby = q('groupby', { enum: [...GROUP_BYS] });
  return {
    '/api/terminalboss/overview/allocation_performance/': {
      get: op(tag, 'terminalboss_overview_allocation_performance', 'Allocations against their limits on a day', {
        description: 'Requires `view_allocation` and `view_ticket`. Each allocation\'s window holding `date` (today at the site), over the loads of `site`, grouped by `groupby`.',
        parameters: [dayQ('date', 'Default: today at the site.'), idQ('site'), idQ('product'), groupby],
        responses: { 200: answer('The performance', OVERVIEW_ANSWERS.allocation_performance) },
      }),
    },
    '/api/terminalboss/overview/allocation_performance_aggregate_sites/': {
      post: op(tag, 'terminalboss_overview_allocation_performance_aggregate_sites', 'Allocation performance over several sites', {
        description: 'The same over the loads of `sites` (every site when left out), with what each site used.',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { date: { type: 'string', format: 'date' }, product: { type: 'string', format: 'uuid' }, groupby: { enum: [...GROUP_BYS] }, sites: { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: 50 } }, additionalProperties: false } } } },
        responses: { 200: answer('The performance', OVERVIEW_ANSWERS.allocation_performance_aggregate_sites) },
      }),
    },
    '/api/terminalboss/overview/product_transferred/': {
      get: op(tag, 'terminalboss_overview_product_transferred', 'Net m³ moved per product and ticket type in each interval', {
        description: `Requires \`view_ticket\`. Completed tickets from \`from\` to \`to\` (default: the last 30 days; at most ${MAX_DAYS} days).`,
        parameters: [dayQ('from', 'Default: 29 days before `to`.'), dayQ('to', 'Default: today at the site.'), idQ('site'), q('interval', { enum: [...INTERVALS] })],
        responses: { 200: answer('The amounts', OVERVIEW_ANSWERS.product_transferred) },
      }),
    },
    '/api/terminalboss/overview/loads_widget/': {
      get: op(tag, 'terminalboss_overview_loads_widget', 'A day\'s loads by status, type and hour', {
        description: 'Requires `view_ticket` (a driver counts his own loads).',
        parameters: [dayQ('date', 'Default: today at the site.'), idQ('site')],
        responses: { 200: answer('The loads', OVERVIEW_ANSWERS.loads_widget) },
      }),
    },
  };
}

/** The carrier's booking page (docs/scheduler.md, Carrier self-booking): public, the link's token in a header. */
function bookingLinkPaths(): Record<string, Record<string, unknown>> {
  const tag = 'Booking links';
  const linkHeader = { name: LINK_HEADER, in: 'header', required: true, schema: string, description: 'The token of the link, from the fragment of its address (`/book/#<token>`).' };
  const idOf = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const booking = ref(schemaName(bookingResource));
  const base = readSchema(bookingResource);
  const page = { ...LINK_PAGE, properties: { ...(LINK_PAGE.properties as object), bookings: { type: 'array', items: { ...base, properties: { ...base.properties, changeable: { type: 'boolean' } }, required: [...base.required, 'changeable'] } } }, required: [...(LINK_PAGE.required as string[]), 'bookings'] };
  const write = (id: string, summary: string, fields: Record<string, Field>, status: number, parameters: unknown[] = []) =>
    op(tag, id, summary, { isPublic: true, write: true, parameters: [linkHeader, ...parameters], requestBody: bodyOf(summary, fields), responses: { [status]: answer('The booking', booking) } });
  return {
    '/api/schedule/book/': {
      get: op(tag, 'schedule_book', 'The link\'s location, its bookable slots and the link\'s bookings', {
        isPublic: true, parameters: [linkHeader, ...Object.keys(LINK_RANGE_INPUT).map((n) => ({ name: n, in: 'query', schema: { type: 'string', format: 'date' } }))],
        responses: { 200: answer('The page', page) },
      }),
      post: write('schedule_book_create', 'Book a slot', LINK_BOOK_INPUT, 201),
    },
    '/api/schedule/book/{id}/change/': { post: write('schedule_book_change', 'Change or move a booking made with the link', LINK_CHANGE_INPUT, 200, [idOf]) },
    '/api/schedule/book/{id}/cancel/': { post: write('schedule_book_cancel', 'Cancel a booking made with the link', LINK_CANCEL_INPUT, 200, [idOf]) },
  };
}

/** What the tags outside the resources hold. */
const TAG_TEXT: Record<string, string> = {
  Authentication: 'Sign-in, sign-out, passwords, invitations and single sign-on.',
  Operations: 'Health for load balancers, and this document.',
  Files: 'Uploaded files, attached to records by their id.',
  Jobs: 'Long work (prints, imports) followed by its progress.',
  'Time zones': 'The rules the server writes local times by.',
  Tables: 'What the shared table asks across resources.',
  'Shared actions': 'Actions several resources declare alike, at one path, the resource named in the body.',
  Partner: 'What a partner company may pick from.',
  'Booking links': 'A carrier\'s booking page behind a link a terminal sent: no account, one location, the link\'s own bookings.',
};

/** A resource's tag: its records, by its plural label and content type. */
function tagText(name: string) {
  const r = resources.find((x) => x.pluralLabel === name);
  return r ? `${r.pluralLabel} (\`${r.perms.app}.${r.perms.model}\`): the records, their descriptions and their actions.` : name;
}

export function buildOpenApi() {
  const schemas: Record<string, unknown> = {
    ...COMPONENTS,
    StoredFile: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: string, content_type: string, size: { type: 'integer' }, created_at: { type: 'string', format: 'date-time' } }, required: ['id', 'name', 'content_type', 'size', 'created_at'], additionalProperties: false },
  };
  const paths: Record<string, Record<string, unknown>> = otherPaths();
  for (const r of resources) {
    Object.assign(schemas, recordSchemas(r, readSchema(r)));
    r.aliases.forEach((alias) => Object.assign(paths, resourcePaths(r, alias), actionPaths(r, alias, false)));
    Object.assign(paths, resourcePaths(r, r.name), actionPaths(r, r.name, true));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bulk logistics API', version: pkg.version, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: 'Every call but those marked otherwise needs `Authorization: Token <key>` from `POST /api/auth/login/`. Lists accept `page`, `page_size` (0 = all), `ordering`, `search` and per-field filters; array values are comma-joined, with `\\,` for a comma inside a value. Paths end in a slash, as Django REST framework clients expect.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => (o as { tags: string[] }).tags)))].sort().map((name) => ({ name, description: TAG_TEXT[name] ?? tagText(name) })),
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <key>`' } } },
    security: [{ token: [] }],
    paths,
  };
}
