/**
 * The demo's first audit entries (docs/audit.md): the seed itself records nothing, so the demo site
 * administrator makes two changes a terminal makes in its first days, recorded as any change is:
 * a carrier's telephone and a product's description. Once: a company with entries gets none.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { user } from '../../src/resources/accounts/user';
import { party } from '../../src/resources/logistics/party';
import { product } from '../../src/resources/logistics/product';
import { crudEvent } from '../../src/resources/audit/crud-event';
import { withAuditScope } from '../audit/audit-scope';

export async function seedAuditSample(db: Db, companyId: number) {
  const a = tableOf(crudEvent);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(a).where(eq(a.company, companyId));
  if (Number(n)) return;
  const u = tableOf(user);
  const [admin] = await db.select({ id: u.id, name: u.name }).from(u).where(eq(u.email, 'siteadmin@demo.test'));
  if (!admin) return;
  const stamp = { u: admin.id, l: admin.name, c: companyId, v: 'PATCH party/{id}/', r: 'demo', a: null };
  await withAuditScope(() => stamp, () => db.transaction(async (tx) => {
    const p = tableOf(party);
    const [carrier] = await tx.select({ id: p.id }).from(p).where(and(eq(p.company, companyId), eq(p.party_type, 'carrier'))).orderBy(p.id).limit(1);
    if (carrier) await tx.update(p).set({ phone: '780-555-0142', version: sql`${p.version} + 1` }).where(eq(p.id, carrier.id));
  }));
  await withAuditScope(() => ({ ...stamp, v: 'PATCH product/{id}/' }), () => db.transaction(async (tx) => {
    const t = tableOf(product);
    const [first] = await tx.select({ id: t.id }).from(t).where(and(eq(t.company, companyId), isNull(t.description))).orderBy(t.id).limit(1);
    if (first) await tx.update(t).set({ description: 'Loaded at the north rack only.', version: sql`${t.version} + 1` }).where(eq(t.id, first.id));
  }));
}
