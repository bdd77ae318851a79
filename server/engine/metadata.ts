/**
 * Descriptions of a resource derived from its declaration: DRF-style OPTIONS (`actions.POST`),
 * `metadata/` (list columns), `schema/` (JSON Schema of the create payload) and `form_configuration/`.
 */
import { type Resource, contentType, fieldLabel } from '../../src/resources/define';
import { type Field, isFilterable, isSortable } from '../../src/resources/fields';
import { takesAdditionalFields } from '../../src/resources/additional-values';
import { registry } from '../../src/resources/index';
import { canWriteField, mayCallAction } from '../../src/authProvider/permissions';
import type { Ctx } from './context';
import { can } from './operations';
import { inputShape } from './action-input';
import { allowedMoves } from '../../src/lib/lifecycle';

/** The type names Django REST framework's metadata uses. */
function drfType(f: Field): string {
  switch (f.kind) {
    case 'text': return f.format === 'email' ? 'email' : f.format === 'url' ? 'url' : 'string';
    case 'longtext': case 'password': return 'string';
    case 'ref': case 'refs': return 'field';
    case 'file': return 'file upload';
    case 'tags': return 'list';
    default: return f.kind;
  }
}

/** One field as DRF describes it; `read_only` is what this user may write (staff-only fields are read-only to tenants). */
function fieldInfo(ctx: Ctx, r: Resource, name: string, f: Field) {
  const info: Record<string, unknown> = {
    type: drfType(f),
    kind: f.kind,
    required: Boolean(f.required),
    read_only: !canWriteField(ctx.user.profile, f),
    label: fieldLabel(r, name),
  };
  if (f.help) info.help_text = f.help;
  if (f.default !== undefined) info.default = f.default;
  if (f.kind === 'text') info.max_length = f.max;
  if (f.kind === 'text' && f.pattern) info.pattern = f.pattern.source;
  if (f.kind === 'decimal') Object.assign(info, { max_digits: f.digits, decimal_places: f.places, unit: f.unit, unit_field: f.unitField, min_value: f.min, max_value: f.max });
  if (f.kind === 'integer') Object.assign(info, { min_value: f.min, max_value: f.max });
  if (f.kind === 'choice' || (f.kind === 'tags' && f.choices)) info.choices = f.choices!.map(([value, display_name]) => ({ value, display_name }));
  if (f.kind === 'ref' || f.kind === 'refs') Object.assign(info, { related_resource: f.to, many: f.kind === 'refs' });
  if (f.kind === 'file') Object.assign(info, { accept: f.accept, max_bytes: f.maxBytes });
  if (f.kind === 'password') info.write_only = true;
  return info;
}

const SYSTEM_INFO = (r: Resource) => ({
  id: { type: r.idKind === 'uuid' ? 'string' : 'integer', required: false, read_only: true, label: 'ID' },
  version: { type: 'integer', required: false, read_only: true, label: 'Version' },
});

export function options(ctx: Ctx, r: Resource) {
  const out: Record<string, unknown> = {
    name: r.label,
    name_plural: r.pluralLabel,
    description: `${r.pluralLabel} (${contentType(r)})`,
    renders: ['application/json'],
    parses: ['application/json', 'multipart/form-data'],
  };
  const fields = { ...SYSTEM_INFO(r), ...Object.fromEntries(Object.entries(r.fields).map(([n, f]) => [n, fieldInfo(ctx, r, n, f)])) };
  const actions: Record<string, unknown> = {};
  if (can(ctx, r, 'add')) actions.POST = fields;
  if (can(ctx, r, 'change')) actions.PUT = fields;
  if (Object.keys(actions).length) out.actions = actions;
  return out;
}

/**
 * The list description of a resource; given a record (`metadata/?id=`), also the lifecycle moves
 * this user may make on it, so the screen shows only those buttons.
 */
export function metadata(ctx: Ctx, r: Resource, record?: Record<string, unknown>) {
  const columns = ['id', ...Object.keys(r.fields)].filter((n) => n === 'id' || r.fields[n].kind !== 'password').map((n) => {
    const f = r.fields[n];
    return {
      field: n,
      label: fieldLabel(r, n),
      type: f ? f.kind : r.idKind === 'uuid' ? 'text' : 'integer',
      sortable: f ? isSortable(f) : true,
      filterable: f ? isFilterable(f) : true,
      ...(f?.kind === 'ref' || f?.kind === 'refs' ? { related_resource: f.to } : {}),
      ...(f?.kind === 'choice' ? { choices: f.choices.map(([value, display_name]) => ({ value, display_name })) } : {}),
    };
  });
  return {
    resource: r.name,
    label: r.label,
    label_plural: r.pluralLabel,
    id_kind: r.idKind,
    columns,
    default_columns: r.list.columns,
    ordering: r.list.ordering,
    search_fields: r.list.search,
    paged: r.list.paged,
    permissions: { view: can(ctx, r, 'view'), add: can(ctx, r, 'add'), change: can(ctx, r, 'change'), delete: can(ctx, r, 'delete') },
    actions: Object.entries(r.actions)
      .filter(([, a]) => mayCallAction(ctx.user.profile, r, a))
      .map(([name, a]) => ({ name, path: a.path ?? name, on: a.on, method: a.method, label: a.label ?? name.replace(/_/g, ' '), result: a.result ?? 'object', takes_input: Boolean(a.input) })),
    ...(record ? { transitions: allowedMoves(ctx.user.profile, r, record) } : {}),
  };
}

function jsonSchemaOf(r: Resource, name: string, f: Field): Record<string, unknown> {
  const base: Record<string, unknown> = { title: fieldLabel(r, name) };
  if (f.help) base.description = f.help;
  if (f.default !== undefined) base.default = f.default;
  if (f.readOnly) base.readOnly = true;
  const nullable = (s: Record<string, unknown>) => (f.required ? s : { ...s, type: [s.type, 'null'] });
  const idType = (to: string) => (registry.get(to)?.idKind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer', minimum: 1 });
  switch (f.kind) {
    case 'text': return { ...base, ...nullable({ type: 'string', maxLength: f.max, ...(f.required ? { minLength: 1 } : {}), ...(f.format === 'email' ? { format: 'email' } : {}), ...(f.pattern ? { pattern: `^(?:${f.pattern.source})$` } : {}) }) };
    case 'longtext': return { ...base, ...nullable({ type: 'string' }) };
    case 'password': return { ...base, type: 'string', writeOnly: true, ...(f.secret ? { minLength: 1, maxLength: 1000 } : { minLength: 8 }) };
    case 'integer': return { ...base, ...nullable({ type: 'integer', ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}) }) };
    case 'decimal': return { ...base, ...nullable({ type: 'string', pattern: `^-?\\d{1,${f.digits - f.places}}(\\.\\d{1,${f.places}})?$` }), 'x-unit': f.unit, 'x-unit-field': f.unitField };
    case 'boolean': return { ...base, ...nullable({ type: 'boolean' }) };
    case 'date': return { ...base, ...nullable({ type: 'string', format: 'date' }) };
    case 'datetime': return { ...base, ...nullable({ type: 'string', format: 'date-time' }) };
    case 'choice': return { ...base, oneOf: [...f.choices.map(([v, l]) => ({ const: v, title: l })), ...(f.required ? [] : [{ type: 'null', title: '—' }])] };
    case 'tags': return { ...base, ...nullable({ type: 'array' }), uniqueItems: true, items: f.choices ? { enum: f.choices.map(([v]) => v) } : { type: 'string' } };
    case 'ref': return { ...base, ...nullable(idType(f.to)), 'x-resource': f.to };
    case 'refs': return { ...base, type: 'array', uniqueItems: true, items: idType(f.to), 'x-resource': f.to };
    case 'json': return { ...base, ...(f.shape === 'any' ? {} : nullable({ type: f.shape })) };
    case 'file': return { ...base, ...nullable({ type: 'string', format: 'uuid' }), 'x-accept': f.accept };
  }
}

/** JSON Schema (draft 2020-12) of a create payload. */
export function jsonSchema(r: Resource) {
  const properties = Object.fromEntries(Object.entries(r.fields).filter(([n]) => n !== 'company').map(([n, f]) => [n, jsonSchemaOf(r, n, f)]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: r.label,
    type: 'object',
    properties,
    required: Object.entries(r.fields).filter(([n, f]) => f.required && f.default === undefined && n !== 'company').map(([n]) => n),
    additionalProperties: false,
  };
}

/**
 * JSON Schema of a record as the API answers it (serialize.ts): id, version, every field but a
 * password (the tenant's `company` too), the times, and `_labels` when asked for (`labels=1`).
 * Only id and version are always there: `fields=` narrows the rest.
 */
export function readSchema(r: Resource) {
  const fields = Object.entries(r.fields).filter(([, f]) => f.kind !== 'password');
  return {
    title: r.label,
    type: 'object',
    properties: {
      id: r.idKind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer' },
      version: { type: 'integer' },
      ...Object.fromEntries(fields.map(([n, f]) => [n, jsonSchemaOf(r, n, f)])),
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      ...(takesAdditionalFields(r) ? {
        additional_fields: {
          type: 'object',
          description: 'Your company\'s additional fields of the record, `{key: value}`: text, a decimal as text, a date as YYYY-MM-DD, true or false (a list: with `additional_fields=1`).',
          additionalProperties: { type: ['string', 'boolean'] },
        },
      } : {}),
      _labels: {
        type: 'object',
        description: 'With `labels=1`: per reference field the referenced record\'s label, null where it may not be shown.',
        additionalProperties: { oneOf: [{ type: 'string' }, { type: 'null' }, { type: 'array', items: { type: ['string', 'null'] } }] },
      },
    },
    required: ['id', 'version'],
    additionalProperties: false,
  };
}

export function formConfiguration(ctx: Ctx, r: Resource) {
  // The forms of the actions this user may call that take input (the same field descriptions).
  const actionForms = Object.entries(r.actions)
    .filter(([, a]) => a.input && mayCallAction(ctx.user.profile, r, a))
    .map(([name, a]) => ({ name, label: a.label ?? name.replace(/_/g, ' '), fields: Object.entries(a.input!).map(([n, f]) => ({ name: n, ...fieldInfo(ctx, inputShape(r, name, a), n, f) })) }));
  return {
    resource: r.name,
    actions: actionForms,
    sections: r.form.sections.map((s) => ({ label: s.label, fields: s.fields.map((n) => ({ name: n, ...fieldInfo(ctx, r, n, r.fields[n]) })) })),
    read_only: !can(ctx, r, 'change'),
  };
}
