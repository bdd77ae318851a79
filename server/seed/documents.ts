/**
 * Bill of lading documents in the demo (docs/documents.md, Demo): none are seeded (a person
 * uploads them), but the demo groups get their grants once, also in a demo database made before
 * the documents existed: only while no group holds any of their permissions, so an
 * administrator's later changes stay.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf, joinTableOf } from '../db/tables';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { DOCUMENT_MODELS } from './demo-data';
import { grantDemoGroups } from './demo-grants';

export async function grantDocumentsOnce(db: Db): Promise<boolean> {
  const p = tableOf(permission);
  const gp = joinTableOf(group, 'permissions');
  const [held] = await db.select({ one: sql`1` }).from(gp).innerJoin(p, sql`${p.id} = ${gp.target_id}`).where(and(inArray(p.content_type, DOCUMENT_MODELS))).limit(1);
  if (held) return false;
  await grantDemoGroups(db, DOCUMENT_MODELS);
  return true;
}
