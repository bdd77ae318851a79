/**
 * Keeps the permission table in step with the declarations: inserts what is missing, at every
 * start. The catalogue follows the code, so its rows are no audited change.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { permission } from '../../src/resources/accounts/permission';
import { resources } from '../../src/resources/index';
import { permissionCatalogue } from '../../src/resources/access-codes';
import { withoutAudit } from '../audit/audit-scope';

export const syncPermissions = (db: Db): Promise<number> => withoutAudit(() => db.transaction(async (tx) => {
  const rows = permissionCatalogue(resources);
  const t = tableOf(permission);
  const inserted = await tx.insert(t).values(rows).onConflictDoUpdate({
    target: [t.content_type, t.codename],
    set: { name: sql`excluded.name` },
    setWhere: sql`${t.name} <> excluded.name`,
  }).returning({ id: t.id });
  return inserted.length;
}));
