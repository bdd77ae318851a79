/**
 * Which stored files a user may read (docs/security.md, Stored files). One rule, used by
 * `GET /api/files/{id}/` and its download, and by every write that names a file in a file field
 * (server/engine/operations.ts `checkReferences`), so a user attaches only a file he may read:
 *
 * - a file that a record he may read refers to, through any declared `file` field (a ticket
 *   attachment, a certificate, an unattached scan...): he holds the resource's view codename (or
 *   its own-rows codename) and the record is in the same row scope as its list and record
 *   (`scopeOf`: tenancy, own rows);
 * - a file no record refers to yet that he uploaded himself, for the company he acts for (his
 *   pending upload);
 * - superusers read every file.
 *
 * A job's result file (no uploader, referenced by the job alone) is read through its job, by the
 * user who started it (server/jobs), never here.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import { resources } from '../../src/resources/index';
import { storedFile } from '../db/internal-tables';
import { type AnyTable, tableOf } from '../db/tables';
import { columnOf } from '../engine/computed';
import type { Ctx } from '../engine/context';
import { can, scopeOf } from '../engine/operations';

interface FileColumn { resource: Resource; field: string; table: AnyTable; column: PgColumn }

let columns: FileColumn[] | null = null;

/** Every column that holds a stored file's id: the `file` fields of every declared resource. */
export function fileColumns(): FileColumn[] {
  columns ??= resources.flatMap((r) => Object.entries(r.fields)
    .filter(([, f]) => f.kind === 'file' && !f.computed)
    .map(([name]) => ({ resource: r, field: name, table: tableOf(r), column: columnOf(r, name) })));
  return columns;
}

/** A row of this column's table refers to the file (and, when given, matches `where`). */
const refersTo = (c: FileColumn, where?: SQL) =>
  sql`exists (select 1 from ${c.table} where ${c.column} = ${storedFile.id}${where ? sql` and ${where}` : sql``})`;

/** One `not exists` per file column: no record refers to the file (a pending upload). */
export const unreferenced = (): SQL[] => fileColumns().map((c) => sql`not ${refersTo(c)}`);

/**
 * The condition on `stored_file` of the files this user may read (undefined: all, for superusers).
 * One statement: an EXISTS per file column of a resource he may read, or his own pending upload.
 * With `change`: the files he may change (rename), held by a record he may change, or pending.
 */
export function fileScope(ctx: Ctx, verb: 'view' | 'change' = 'view'): SQL | undefined {
  if (ctx.user.isSuperuser) return undefined;
  const referenced = fileColumns()
    .filter((c) => can(ctx, c.resource, verb))
    .map((c) => refersTo(c, scopeOf(ctx, c.resource)));
  const pending = ctx.user.companyId === null ? undefined
    : and(eq(storedFile.uploaded_by, ctx.user.id), eq(storedFile.company_id, ctx.user.companyId), ...unreferenced());
  return or(...referenced, pending) ?? sql`false`;
}
