/**
 * Platform rows (docs/security.md, Platform rows): on a resource declared `platformRows`, a row of
 * no company is the platform's. Every company reads it beside its own rows; only platform staff
 * make, change or delete it, so one company's administrator never changes what another company's
 * people hold through it.
 */
import { type SQL, eq, isNull, or } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { isPlatformStaff } from '../../src/authProvider/permissions';
import type { AnyTable } from '../db/tables';
import type { Ctx } from './context';
import { forbidden } from './errors';

/** The rows of one company a user acting for it reads: its own and the platform's. */
export const ownOrPlatform = (t: AnyTable, companyId: number): SQL => or(eq(t.company, companyId), isNull(t.company))!;

const PLATFORM_ONLY = 'This is one of the platform\'s records, which every company shares: only platform staff change it. Copy it to make your company\'s own.';

/** Refuses a write to a platform row (or the making of one) by anyone but platform staff. */
export function assertMayWriteRow(ctx: Ctx, r: Resource, company: unknown) {
  if (r.platformRows && company === null && !isPlatformStaff(ctx.user.profile)) throw forbidden(PLATFORM_ONLY);
}
