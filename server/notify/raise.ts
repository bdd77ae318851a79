/**
 * The one way an area tells people something (docs/notifications.md): `notify` writes an in-app
 * notification for each recipient in the given company and, when asked, mails it through the
 * outbox. Called inside the write's transaction it is undone with it. Recipients are named users,
 * or everyone of the company who holds a codename (who may act on what it announces). A notice
 * with a `key` reaches each user once, whoever raises it again and from whichever process.
 */
import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import { notification, NOTIFICATION_KINDS, NOTIFICATION_LEVELS } from '../../src/resources/notifications/notification';
import { user } from '../../src/resources/accounts/user';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import type { Db } from '../db/connection';
import { joinTableOf, tableOf } from '../db/tables';
import type { Services } from '../services';

type Kind = (typeof NOTIFICATION_KINDS)[number][0];
type Level = (typeof NOTIFICATION_LEVELS)[number][0];

export interface Notice {
  kind: Kind;
  level?: Level;
  title: string;
  body?: string;
  /** An app path (`/company/…`) the notification opens. */
  link?: string;
  /** Once per user: a notice with a key a user already has is not raised again. */
  key?: string;
}

/** Named users, or the company's users holding a codename (directly, through a group, or as superusers acting for it). */
export type Recipients = { users: readonly number[] } | { holding: string };

const TITLE_MAX = 200;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Active users of the company (acting for it or allowed to switch to it) who hold the codename. */
function holders(company: number, codename: string): SQL {
  const u = tableOf(user);
  const uc = joinTableOf(user, 'companies');
  const up = joinTableOf(user, 'user_permissions');
  const ug = joinTableOf(user, 'groups');
  const gp = joinTableOf(group, 'permissions');
  const p = tableOf(permission);
  const granted = sql`(select ${p.id} from ${p} where ${p.codename} = ${codename})`;
  return and(
    or(eq(u.company, company), inArray(u.id, sql`(select ${uc.owner_id} from ${uc} where ${uc.target_id} = ${company})`)),
    or(
      and(eq(u.is_superuser, true), eq(u.company, company)),
      inArray(u.id, sql`(select ${up.owner_id} from ${up} where ${up.target_id} in ${granted})`),
      inArray(u.id, sql`(select ${ug.owner_id} from ${ug} join ${gp} on ${gp.owner_id} = ${ug.target_id} where ${gp.target_id} in ${granted})`),
    ),
  )!;
}

/**
 * Raises the notice for the recipients in `company` (inactive users get none); answers how many
 * were raised (without those a key had already reached). With `mail`, each raised one is also
 * mailed to its user's address.
 */
export async function notify(db: Db, company: number, to: Recipients, n: Notice, mail?: Pick<Services, 'mailer' | 'config'>): Promise<number> {
  const u = tableOf(user);
  const who = 'users' in to ? and(inArray(u.id, to.users.length ? [...to.users] : [-1]), eq(u.is_active, true)) : and(holders(company, to.holding), eq(u.is_active, true));
  const people = await db.select({ id: u.id, email: u.email }).from(u).where(who);
  if (!people.length) return 0;
  const t = tableOf(notification);
  const raised = await db.insert(t).values(people.map((p) => ({
    company, user: p.id, kind: n.kind, level: n.level ?? 'info', title: clip(n.title, TITLE_MAX), body: n.body ?? null,
    link: n.link ?? null, key: n.key ?? null, mailed: Boolean(mail),
  }))).onConflictDoNothing().returning({ user: t.user });
  if (mail) {
    const reached = new Set(raised.map((r) => r.user));
    const link = n.link ? `${mail.config.publicUrl}${n.link}` : null;
    const text = [n.body ?? n.title, ...(link ? ['', link] : []), ''].join('\n');
    for (const p of people) if (reached.has(p.id)) await mail.mailer.send(db, { to: p.email, subject: clip(n.title, TITLE_MAX), text });
  }
  return raised.length;
}
