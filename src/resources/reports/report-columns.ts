/**
 * What a report may read (docs/reports.md, Sources and columns), derived from the declarations:
 * a source is a declared resource; its columns are its own fields and, for each reference to
 * another resource, that record's fields (`product.name`). Which sources and references a user
 * gets is decided by the server (his right to read each); this module only says what a field
 * offers. Plain data: the server and the builder screen read it alike.
 */
import { type Resource, fieldLabel } from '../define';
import { type Field, isFilterable } from '../fields';
import { AGGREGATES, type Aggregate } from './report-terms';

/** Fields no report reads: secrets, files, free-form JSON and lists of references. */
const UNREADABLE = new Set(['password', 'file', 'json', 'refs']);
/** Kinds whose values make groups. */
const GROUPABLE = new Set(['text', 'integer', 'boolean', 'date', 'datetime', 'choice', 'ref']);

export const SYSTEM_COLUMNS: Record<string, Field> = {
  id: { kind: 'integer', identifier: true, label: 'ID' },
  created_at: { kind: 'datetime', label: 'Created' },
  updated_at: { kind: 'datetime', label: 'Updated' },
};

/** A resource's field (or system column) by name, as a report reads it; undefined where none may be read. */
export function reportField(r: Resource, name: string): Field | undefined {
  const f = Object.hasOwn(r.fields, name) ? r.fields[name] : Object.hasOwn(SYSTEM_COLUMNS, name) ? SYSTEM_COLUMNS[name] : undefined;
  if (!f || UNREADABLE.has(f.kind)) return undefined;
  if (name === 'id' && r.idKind === 'uuid') return { kind: 'text', max: 36, label: 'ID' };
  return f;
}

/** The names of a resource's readable columns, the id and its fields first, the timestamps last. */
export const readableNames = (r: Resource): string[] =>
  ['id', ...Object.keys(r.fields), 'created_at', 'updated_at'].filter((n) => reportField(r, n));

/** The totals a field offers: a quantity or a count, not a number that names something. */
export function totalsOf(f: Field, name: string): Aggregate[] {
  if (f.kind === 'decimal') return AGGREGATES.map(([a]) => a);
  if (f.kind === 'integer' && !f.identifier && !f.identity && name !== 'id') return AGGREGATES.map(([a]) => a);
  return [];
}

export const isGroupable = (f: Field) => GROUPABLE.has(f.kind);
export const isDateKind = (f: Field) => f.kind === 'date' || f.kind === 'datetime';

/** One column as the builder offers it and files head it. */
export interface ColumnInfo {
  key: string;
  label: string;
  kind: Field['kind'];
  /** The unit of a quantity; `per row` where each row names its own (the column `unitKey` holds it). */
  unit: string | null;
  unitKey?: string;
  /** The record it belongs to: the source's label, or the reference's label. */
  group: string;
  filterable: boolean;
  groupable: boolean;
  totals: Aggregate[];
  choices: { value: string; label: string }[];
}

/** A column of `owner`'s field `name`, reached through the reference `via` of the source (or the source's own). */
export function columnInfo(owner: Resource, name: string, via?: { ref: string; label: string }): ColumnInfo {
  const f = reportField(owner, name)!;
  const own = fieldLabel(owner, name);
  return {
    key: via ? `${via.ref}.${name}` : name,
    label: via ? `${via.label} · ${own}` : own,
    kind: f.kind,
    unit: f.kind === 'decimal' ? (f.unitField ? 'per row' : f.unit ?? null) : null,
    ...(f.kind === 'decimal' && f.unitField ? { unitKey: via ? `${via.ref}.${f.unitField}` : f.unitField } : {}),
    group: via ? via.label : owner.label,
    filterable: isFilterable(f) || name === 'id',
    groupable: isGroupable(f),
    totals: totalsOf(f, name),
    choices: f.kind === 'choice' ? f.choices.map(([value, label]) => ({ value, label })) : [],
  };
}
