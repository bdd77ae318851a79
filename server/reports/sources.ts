/**
 * The sources a user's reports may read (docs/reports.md, Sources and columns): every declared
 * resource he may read (its feature, its view or view-own right), and through each of its
 * references the referenced resource's fields, where he may read that resource too. Decided per
 * call from the user's rights as they are now, so a right taken away takes the columns with it.
 */
import { areaOf } from '../../src/resources/areas';
import { type Resource } from '../../src/resources/define';
import type { RefField } from '../../src/resources/fields';
import { registry, resources } from '../../src/resources/index';
import { fieldLabel } from '../../src/resources/define';
import { type ColumnInfo, columnInfo, readableNames, reportField } from '../../src/resources/reports/report-columns';
import { tableOf } from '../db/tables';
import type { Ctx } from '../engine/context';
import { can } from '../engine/operations';
import { hasResourceFeature } from '../../src/authProvider/permissions';
import { fieldError } from '../engine/errors';

/** The user may read records of this resource (some of them: his own, where that is all he may read). */
export const mayRead = (ctx: Ctx, r: Resource) => hasResourceFeature(ctx.user.profile, r) && can(ctx, r, 'view');

/** A reference of the source a report may follow: to another table, whose records the user may read. */
export interface Join { ref: string; label: string; target: Resource }

export function joinsOf(ctx: Ctx, r: Resource): Join[] {
  const own = tableOf(r);
  const out: Join[] = [];
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind !== 'ref' || f.computed) continue;
    const target = registry.get((f as RefField).to);
    // A reference to its own table (a company's parent) would read itself in the subquery: not offered.
    if (!target || tableOf(target) === own || !mayRead(ctx, target)) continue;
    out.push({ ref: name, label: fieldLabel(r, name), target });
  }
  return out;
}

export interface SourceInfo { source: string; label: string; area: string; columns?: ColumnInfo[] }

/** The sources the user may read, by label. */
export function sourcesFor(ctx: Ctx): SourceInfo[] {
  return resources.filter((r) => mayRead(ctx, r))
    .map((r) => ({ source: r.name, label: r.pluralLabel, area: areaOf(r) }))
    .sort((a, b) => a.area.localeCompare(b.area) || a.label.localeCompare(b.label));
}

/** Every column of a source the user may read: its own, then each reference's. */
export function columnsOf(ctx: Ctx, r: Resource): ColumnInfo[] {
  return [
    ...readableNames(r).map((n) => columnInfo(r, n)),
    ...joinsOf(ctx, r).flatMap((j) => readableNames(j.target).map((n) => columnInfo(j.target, n, j))),
  ];
}

/** The source named, if the user may read it; else a 400 on `field` (an unknown one and one he may not read alike). */
export function sourceOf(ctx: Ctx, name: unknown, field = 'source'): Resource {
  const r = typeof name === 'string' ? registry.get(name) : undefined;
  if (!r || !mayRead(ctx, r)) throw fieldError(field, `"${String(name)}" is no source you may read (sources/ lists them).`);
  return r;
}

/** A column key resolved: the resource whose field it is, the field, and the reference it is reached through. */
export interface ColumnRef { key: string; owner: Resource; name: string; join?: Join; info: ColumnInfo }

/** The column a key names in this source for this user, or an error message. */
export function resolveColumn(r: Resource, joins: Join[], key: string): ColumnRef | string {
  const dot = key.indexOf('.');
  if (dot < 0) {
    if (!reportField(r, key)) return `"${key}" is no column of ${r.pluralLabel}.`;
    return { key, owner: r, name: key, info: columnInfo(r, key) };
  }
  const ref = key.slice(0, dot);
  const name = key.slice(dot + 1);
  const join = joins.find((j) => j.ref === ref);
  if (!join) return `"${ref}" is no reference of ${r.pluralLabel} whose records you may read.`;
  if (!reportField(join.target, name)) return `"${name}" is no column of ${join.target.pluralLabel}.`;
  return { key, owner: join.target, name, join, info: columnInfo(join.target, name, join) };
}
