/**
 * A record's label (its name in choices, pickers, reference cells, filter chips and breadcrumbs),
 * declared as the fields it is made of (docs/architecture.md, Record labels). The text shown here
 * and the order the server sorts a reference column by (server/engine/list-query.ts) both derive
 * from the same parts, so they cannot disagree. Plain data and pure functions: the shared layer.
 */
import type { Field } from './fields';

/**
 * One part of a label:
 * - a field name: its value;
 * - a list of field names: the first of them that has a value (`['name', 'code']`);
 * - `{ field, before, after }`: the value with text around it, only when there is a value
 *   (`{ field: 'license_plate', before: '(', after: ')' }`).
 */
export type LabelPart = string | readonly string[] | { field: string | readonly string[]; before?: string; after?: string };

/** A part as the engine reads it: the fields tried in turn, and the text around the value. */
export interface LabelPiece { fields: readonly string[]; before: string; after: string }

/** A label declaration: its parts, shown with a space between those that have a value. */
export type LabelDecl = readonly LabelPart[];

export function labelPieces(decl: LabelDecl): LabelPiece[] {
  return decl.map((p) => {
    if (typeof p === 'string') return { fields: [p], before: '', after: '' };
    if (Array.isArray(p)) return { fields: [...(p as readonly string[])], before: '', after: '' };
    const o = p as { field: string | readonly string[]; before?: string; after?: string };
    return { fields: typeof o.field === 'string' ? [o.field] : [...o.field], before: o.before ?? '', after: o.after ?? '' };
  });
}

/** A date and time in a label: `2026-03-01 14:05` (UTC), whether the row has it as a Date or as ISO text. */
function dateTimeText(v: unknown): string {
  const iso = v instanceof Date ? (Number.isNaN(v.getTime()) ? '' : v.toISOString()) : String(v);
  return iso.slice(0, 16).replace('T', ' ');
}

/** The text of one value in a label; '' when it has none. */
function valueText(kind: Field['kind'] | undefined, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (kind === 'datetime') return dateTimeText(v);
  return String(v).trim();
}

/** The label function of a declaration, given the resource's fields (for how each value is written). */
export function labelFunction(pieces: readonly LabelPiece[], fields: Record<string, Field>): (row: Record<string, unknown>) => string {
  return (row) => {
    const out: string[] = [];
    for (const p of pieces) {
      let text = '';
      for (const f of p.fields) {
        text = valueText(fields[f]?.kind, row[f]);
        if (text) break;
      }
      if (text) out.push(`${p.before}${text}${p.after}`);
    }
    return out.join(' ');
  };
}
