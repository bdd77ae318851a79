/** Seeds the demo data (running it again changes nothing): companies, users, logistics data, the demo terminal, fleet and rail desk. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf, joinTableOf } from '../db/tables';
import { company } from '../../src/resources/accounts/company';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { user } from '../../src/resources/accounts/user';
import { applicationConfiguration } from '../../src/resources/accounts/application-configuration';
import { userPopup } from '../../src/resources/accounts/user-popup';
import { party } from '../../src/resources/logistics/party';
import { facility } from '../../src/resources/logistics/facility';
import { product } from '../../src/resources/logistics/product';
import { hashPassword } from '../auth/passwords';
import { seedTerminalDemo } from './terminal';
import { seedReports } from './reports';
import { seedRisers } from './risers';
import type { SeedVolume } from './seed-kit';
import { seedFleetDemo } from './fleet';
import { seedRailDemo } from './rail';
import { seedTrips } from './trips';
import { seedSchedule } from './schedule';
import { grantDocumentsOnce } from './documents';
import { COMPANIES, DELIVERY_FACILITIES, DEMO_PASSWORD, FACILITIES, GROUP_RULES, PARTIES, PRODUCTS, USERS } from './demo-data';
import { grantAddedCodes, grants } from './demo-grants';
import { linkDemoDriverOnce } from './demo-driver';
import { withoutAudit } from '../audit/audit-scope';
import { seedAuditSample } from './audit-sample';

export interface SeedOptions {
  /** `full`: the demo terminal's 20,000 tickets and 60 cars (npm start, e2e); `small` (default): 50 tickets and 12 cars, for the API tests. */
  volume?: SeedVolume;
}

/**
 * Seeds the demo when the database has no company, then the demo terminal when it has no site yet,
 * and the fleet when it has no car. The demo's rows are the starting point, not changes: its
 * transactions record no audit entries (docs/audit.md).
 */
export const seedDemo = (db: Db, opts: SeedOptions = {}): Promise<boolean> => withoutAudit(() => seedDemoRows(db, opts));

async function seedDemoRows(db: Db, opts: SeedOptions): Promise<boolean> {
  const c = tableOf(company);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(c);
  let passwordHash: string | undefined;
  let seeded = false;
  if (Number(n) === 0) {
    passwordHash = await hashPassword(DEMO_PASSWORD);
    await seedBase(db, passwordHash);
    seeded = true;
  } else {
    // A demo database from before a guarded ability got its own codename.
    await grantAddedCodes(db);
  }
  const terminal = COMPANIES.find((x) => x.key === 'terminal')!;
  const [own] = await db.select({ id: c.id }).from(c).where(and(eq(c.code, terminal.code), eq(c.name, terminal.name)));
  if (own) {
    const hash = passwordHash ?? await hashPassword(DEMO_PASSWORD);
    if (await db.transaction((tx) => seedTerminalDemo(tx, own.id, opts.volume ?? 'small', hash))) seeded = true;
    else await linkDemoDriverOnce(db, own.id);
    if (await db.transaction((tx) => seedFleetDemo(tx, own.id, opts.volume ?? 'small'))) seeded = true;
    const partner = COMPANIES.find((x) => x.key === 'partner')!;
    const [theirs] = await db.select({ id: c.id }).from(c).where(and(eq(c.code, partner.code), eq(c.name, partner.name)));
    if (await db.transaction((tx) => seedRailDemo(tx, own.id, theirs?.id ?? null, opts.volume ?? 'small'))) seeded = true;
    // Trips came after the shipments they are matched to (docs/trace.md).
    if (await db.transaction((tx) => seedTrips(tx, own.id))) seeded = true;
    if (await db.transaction((tx) => seedSchedule(tx, own.id))) seeded = true;
    if (await db.transaction((tx) => seedReports(tx, own.id))) seeded = true;
    if (await db.transaction((tx) => seedRisers(tx, own.id))) seeded = true;
    await grantDocumentsOnce(db);
    // In a scope of its own (the seed records nothing): recorded as a user's changes are.
    await seedAuditSample(db, own.id);
  }
  // Fresh planner statistics for the rows just loaded (docs/architecture.md, List counts): PGlite
  // has no autovacuum, and PostgreSQL's may not have run yet when the first lists are asked for.
  if (seeded) await db.execute(sql`analyze`);
  return seeded;
}

async function seedBase(db: Db, passwordHash: string) {
  const c = tableOf(company);
  await db.transaction(async (tx) => {
    const companyIds: Record<string, number> = {};
    for (const { key, ...row } of COMPANIES) {
      const [inserted] = await tx.insert(c).values({ ...row, features: [...row.features], subscribed: true }).returning({ id: c.id });
      companyIds[key] = inserted.id;
      await tx.insert(tableOf(applicationConfiguration)).values({ company: inserted.id, company_universal_timezone: 'America/Edmonton', application_title: row.name, quantity_decimals: '2', settings: {} });
    }

    const perms = await tx.select().from(tableOf(permission));
    const g = tableOf(group);
    const gp = joinTableOf(group, 'permissions');
    const groupIds: Record<string, number> = {};
    for (const [name, rule] of Object.entries(GROUP_RULES)) {
      const [inserted] = await tx.insert(g).values({ name }).returning({ id: g.id });
      groupIds[name] = inserted.id;
      const granted = perms.filter((p) => grants(rule, p as { content_type: string; codename: string }));
      if (granted.length) await tx.insert(gp).values(granted.map((p) => ({ owner_id: inserted.id, target_id: p.id })));
    }

    const u = tableOf(user);
    for (const d of USERS) {
      const [inserted] = await tx.insert(u).values({
        email: d.email, name: d.name, username: d.email.split('@')[0], is_active: true, is_superuser: d.superuser,
        password: passwordHash, company: companyIds[d.company], roles: d.role ? [d.role] : [], ui_config: {}, app_config: {},
      }).returning({ id: u.id });
      if (d.role) await tx.insert(joinTableOf(user, 'groups')).values({ owner_id: inserted.id, target_id: groupIds[d.role] });
      if (d.superuser) await tx.insert(joinTableOf(user, 'companies')).values(Object.values(companyIds).map((id) => ({ owner_id: inserted.id, target_id: id })));
    }

    const partyIds: Record<string, number> = {};
    for (const p of PARTIES) {
      const [inserted] = await tx.insert(tableOf(party)).values({ ...p, company: companyIds.terminal, enabled: true }).returning({ id: tableOf(party).id });
      partyIds[p.code] = inserted.id;
    }
    await tx.insert(tableOf(party)).values([
      { name: 'Canadian National Railway', code: 'CN', party_type: 'railroad', scac: 'CN', city: 'Montreal', province: 'QC', country: 'CA', company: companyIds.partner, enabled: true },
      { name: 'Prairie Bulk Terminals Ltd.', code: 'PBT', party_type: 'shipper', city: 'Fort Saskatchewan', province: 'AB', country: 'CA', company: companyIds.partner, enabled: true },
    ]);
    for (const { railroad, ...f } of FACILITIES) {
      await tx.insert(tableOf(facility)).values({ ...f, serving_railroad: partyIds[railroad], country: 'CA', timezone: 'America/Edmonton', company: companyIds.terminal, enabled: true });
    }
    for (const { railroad, buyer: _b, ...f } of DELIVERY_FACILITIES) {
      await tx.insert(tableOf(facility)).values({ ...f, serving_railroad: partyIds[railroad], country: 'US', company: companyIds.terminal, enabled: true });
    }
    await tx.insert(tableOf(facility)).values({ name: 'Sarnia Refinery', code: 'SAR', facility_type: 'plant', city: 'Sarnia', province: 'ON', country: 'CA', latitude: '42.974500', longitude: '-82.405000', timezone: 'America/Toronto', company: companyIds.partner, enabled: true });
    await tx.insert(tableOf(product)).values(PRODUCTS.map((p) => ({ ...p, company: companyIds.terminal, enabled: true })));
    await tx.insert(tableOf(product)).values(PRODUCTS.slice(0, 3).map((p) => ({ ...p, company: companyIds.partner, enabled: true })));
    await tx.insert(tableOf(userPopup)).values({ title: 'Welcome to the demo', message: 'This is demo data. Every demo account uses the password demo12345.', active: true });
  });
}

/** Used by `createsuperuser` and tests. */
export async function findUserId(db: Db, email: string): Promise<number | undefined> {
  const u = tableOf(user);
  const [row] = await db.select({ id: u.id }).from(u).where(eq(u.email, email));
  return row?.id;
}
