/**
 * Display labels of referenced records (docs/security.md, Reference labels). Whoever may read a
 * record may read the labels (name, code) of the records it references, without the right to list
 * those resources: a driver sees his ticket's product and shipper by name. A label is only sent for
 * a referenced record of the user's own companies, so another company's names never leak through a
 * reference. The values a column of readable rows holds (suggestions) are such labels too; a list
 * of every record of a resource to choose from is listing, and needs its view permission.
 */
import { and, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { RefField, RefsField } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Ctx } from './context';
import { badRequest } from './errors';
import { selectionOf, tenantScopeOf } from './operations';
import type { Row } from './serialize';

const labelColumns = new Map<Resource, ReturnType<typeof selectionOf>>();
/** The columns a label is written from (its declared pieces), not the whole record: a label look-up reads a few narrow rows. */
function labelSelection(target: Resource) {
  let s = labelColumns.get(target);
  if (!s) {
    const all = selectionOf(target);
    const wanted = new Set(['id', ...target.labelPieces.flatMap((p) => p.fields)]);
    labelColumns.set(target, (s = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k)))));
  }
  return s;
}

/**
 * Labels of the given records of `target` that lie in the user's companies, by id; `shared`: of
 * any company, for the references of a record two companies share (docs/partners.md): what a
 * shared record names is shared with it, so the partner reads the contract's product by name.
 */
export async function labelsFor(db: Db, ctx: Ctx, target: Resource, ids: unknown[], shared = false): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids.filter((x) => x !== null && x !== undefined))];
  if (!unique.length) return out;
  const t = tableOf(target);
  const rows = await db.select(labelSelection(target)).from(t).where(and(inArray(t.id, unique), shared ? undefined : tenantScopeOf(ctx, target)));
  for (const row of rows) out.set(String(row.id), target.choiceLabel(row));
  return out;
}

/** `?labels=1` asks a list or a record for its reference labels. */
export function wantsLabels(query: Record<string, unknown>): boolean {
  const v = query.labels;
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw badRequest({ labels: ['Use labels=1 to add the labels of referenced records, or leave it out.'] });
}

/**
 * Adds `_labels` to each serialized row: per reference field the referenced record's label (a
 * string, or for a list of references the labels in the same order), null where none may be sent.
 * Rows without reference fields (a narrow `fields=` selection) get none.
 * One query per referenced resource, whatever the number of rows.
 */
export async function attachLabels(db: Db, ctx: Ctx, r: Resource, rows: Row[]): Promise<Row[]> {
  const fields = Object.entries(r.fields)
    .filter((e): e is [string, RefField | RefsField] => (e[1].kind === 'ref' || e[1].kind === 'refs') && rows.some((row) => e[0] in row));
  if (!fields.length) return rows;
  const idsOf = (row: Row, name: string, f: RefField | RefsField) => (f.kind === 'refs' ? (row[name] as unknown[] | null) ?? [] : [row[name]]);
  const idsByTarget = new Map<string, unknown[]>();
  for (const [name, f] of fields) idsByTarget.set(f.to, [...(idsByTarget.get(f.to) ?? []), ...rows.flatMap((row) => idsOf(row, name, f))]);
  const labels = new Map<string, Map<string, string>>();
  for (const [to, ids] of idsByTarget) labels.set(to, await labelsFor(db, ctx, registry.get(to)!, ids, Boolean(r.partner)));
  for (const row of rows) {
    const out: Record<string, unknown> = {};
    for (const [name, f] of fields) {
      const of = labels.get(f.to)!;
      const label = (id: unknown) => (id === null || id === undefined ? null : of.get(String(id)) ?? null);
      out[name] = f.kind === 'refs' ? idsOf(row, name, f).map(label) : label(row[name]);
    }
    row._labels = out;
  }
  return rows;
}

/** A changed reference's labels in an audit row: `[before, after]`, each a label, a list of labels, or null. */
export type ChangeLabels = Record<string, [unknown, unknown]>;

/**
 * Adds `_labels` to audit rows (the ticket's and the rail history): per changed reference field
 * the labels of the value before and after, by the same rule as a record's labels, so the history
 * reads "Consignee: Gulf Coast Refining LLC → …" without a request per value; a record since
 * deleted (or of another company) gets null, shown as such instead of answering a 404.
 * One query per referenced resource, whatever the number of rows.
 */
export async function attachChangeLabels<T extends { changes: unknown }>(db: Db, ctx: Ctx, rows: T[], resourceOf: (row: T) => Resource | undefined): Promise<(T & { _labels: ChangeLabels })[]> {
  const refsOf = (row: T) => {
    const r = resourceOf(row);
    const changes = (row.changes ?? {}) as Record<string, [unknown, unknown] | undefined>;
    return Object.entries(changes).flatMap(([name, pair]) => {
      const f = r?.fields[name];
      return pair && f && (f.kind === 'ref' || f.kind === 'refs') ? [{ name, f: f as RefField | RefsField, pair }] : [];
    });
  };
  const idsOf = (v: unknown) => (Array.isArray(v) ? v : [v]);
  const idsByTarget = new Map<string, unknown[]>();
  for (const row of rows) for (const { f, pair } of refsOf(row)) idsByTarget.set(f.to, [...(idsByTarget.get(f.to) ?? []), ...pair.flatMap(idsOf)]);
  const labels = new Map<string, Map<string, string>>();
  for (const [to, ids] of idsByTarget) labels.set(to, await labelsFor(db, ctx, registry.get(to)!, ids));
  return rows.map((row) => {
    const out: ChangeLabels = {};
    for (const { name, f, pair } of refsOf(row)) {
      const of = labels.get(f.to)!;
      const label = (id: unknown) => (id === null || id === undefined ? null : of.get(String(id)) ?? null);
      const side = (v: unknown) => (Array.isArray(v) ? v.map(label) : label(v));
      out[name] = [side(pair[0]), side(pair[1])];
    }
    return { ...row, _labels: out };
  });
}
