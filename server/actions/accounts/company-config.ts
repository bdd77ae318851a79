/** `application_configuration/get_company_config/`: the settings of the company the user acts for. */
import { eq } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { tableOf } from '../../db/tables';
import { serializeRows, selectionOf } from '../../engine/operations';

export const getCompanyConfig: ActionHandler = async ({ db, ctx, resource }) => {
  if (ctx.user.companyId === null) return null;
  const t = tableOf(resource);
  const rows = await db.select(selectionOf(resource)).from(t).where(eq(t.company, ctx.user.companyId));
  if (!rows.length) return { company: ctx.user.companyId, company_universal_timezone: 'UTC', application_title: null, quantity_decimals: '2', settings: {} };
  return (await serializeRows(db, resource, rows))[0];
};
