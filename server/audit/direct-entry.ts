/**
 * Audit entries the server writes itself, for changes no table trigger sees (docs/audit.md): a file
 * renamed, a record's additional field values. Each is an update of the record it belongs to, with
 * the request's stamp, in the caller's transaction, so the record's History shows it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { crudEvent } from '../../src/resources/audit/crud-event';
import { type AuditStamp, currentStamp } from './audit-scope';

const auditCrud = tableOf(crudEvent);

export interface DirectChange { company: number | null; model: string; objectId: string; changes: Record<string, [unknown, unknown]> }

export async function recordChanges(tx: Db, entries: DirectChange[], via: string) {
  if (!entries.length) return;
  const stamp = JSON.parse(currentStamp() || '{}') as AuditStamp;
  await tx.insert(auditCrud).values(entries.map((e) => ({
    company: e.company ?? stamp.c ?? null, event_type: 'update', model: e.model, object_id: e.objectId,
    changes: e.changes, user: stamp.u ?? null, user_label: stamp.l ?? null, via: stamp.v ?? via, request_id: stamp.r ?? null, remote_ip: stamp.a ?? null,
    xact_id: sql`txid_current()::text`,
  })));
}
