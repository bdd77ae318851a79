/** `user/me/`: the session user profile (docs/api.md, Users and the session profile); PATCH updates one's own ui_config / app_config. */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { SETTINGS_MAX_BYTES, user as userRes } from '../../../src/resources/accounts/user';
import { applicationConfiguration } from '../../../src/resources/accounts/application-configuration';
import { invalidateAccess, loadUser } from '../../auth/access';
import { badRequest, unauthorized } from '../../engine/errors';

async function companyConfig(db: Db, companyId: number | null) {
  if (companyId === null) return null;
  const t = tableOf(applicationConfiguration);
  const [row] = await db.select({ company_universal_timezone: t.company_universal_timezone, application_title: t.application_title, quantity_decimals: t.quantity_decimals, settings: t.settings })
    .from(t).where(eq(t.company, companyId));
  return row ?? { company_universal_timezone: 'UTC', application_title: null, quantity_decimals: '2', settings: {} };
}

export async function profileOf(db: Db, userId: number) {
  const u = await loadUser(db, userId);
  if (!u) throw unauthorized('User inactive or deleted.');
  const current = u.companies.find((c) => c.id === u.companyId) ?? null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    username: u.username,
    is_superuser: u.isSuperuser,
    groups: u.groups,
    roles: u.roles,
    user_access: u.profile.user_access,
    company: current && {
      id: current.id,
      name: current.name,
      subscribed: current.subscribed,
      features: current.features,
      companies: u.companies.map((c) => ({ id: c.id, name: c.name, subscribed: c.subscribed })),
      application_configuration: await companyConfig(db, current.id),
    },
    ui_config: u.uiConfig,
    app_config: u.appConfig,
  };
}

export const me: ActionHandler = async ({ db, ctx }) => profileOf(db, ctx.user.id);

/** Only the two personal settings objects may be changed through `me` (the declared input); each is merged key by key. */
export const updateMe: ActionHandler = async ({ db, ctx, input }) => {
  const u = tableOf(userRes);
  const set: Record<string, unknown> = { version: sql`${u.version} + 1` };
  const fits: SQL[] = [];
  // jsonb `||` merges top-level keys atomically, so two tabs saving different tables do not clobber each other.
  // The merged object must stay within the cap too, or settings saved key by key would grow without end.
  for (const k of ['ui_config', 'app_config'] as const) {
    if (!input[k]) continue;
    const merged = sql`(coalesce(${u[k]}, '{}'::jsonb) || ${JSON.stringify(input[k])}::jsonb)`;
    set[k] = merged;
    fits.push(sql`octet_length(${merged}::text) <= ${SETTINGS_MAX_BYTES}`);
  }
  const updated = await db.update(u).set(set).where(and(eq(u.id, ctx.user.id), ...fits)).returning({ id: u.id });
  if (!updated.length) throw badRequest({ non_field_errors: [`Settings are too large (${SETTINGS_MAX_BYTES / 1024} KB at most).`] });
  invalidateAccess();
  return profileOf(db, ctx.user.id);
};
