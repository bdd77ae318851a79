/**
 * Today as a terminal site's calendar has it (docs/terminal.md, Site time): the site's zone, else
 * the company's (a record of no site), converted with the server's zone rules.
 */
import { eq } from 'drizzle-orm';
import { site } from '../../../src/resources/terminal/site';
import { localDateIn, zoneOr } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { companyTimeZone } from '../../engine/time-zones';

const sites = tableOf(site);

export async function todayAtSite(db: Db, siteId: unknown, companyId: number | null | undefined): Promise<string> {
  const [s] = siteId ? await db.select({ zone: sites.timezone }).from(sites).where(eq(sites.id, String(siteId))) : [];
  return localDateIn(new Date(), zoneOr(s?.zone, await companyTimeZone(db, companyId)))!;
}
