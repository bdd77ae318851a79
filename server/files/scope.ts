/** Which uploaded files a user may see: those of its current company (superusers: all). */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../engine/context';
import { storedFile } from '../db/internal-tables';

export const fileScope = (ctx: Ctx): SQL | undefined =>
  ctx.user.isSuperuser ? undefined : ctx.user.companyId === null ? sql`false` : eq(storedFile.company_id, ctx.user.companyId);
