/**
 * Signing up by invitation (docs/partners.md, Signing up by invitation): the mailed link
 * `auth/invitation/{id}/{token}/` opens a public page that asks `GET auth/invitation/{id}/{token}/`
 * what it is (who invites, whom, until when, and whether the email has an account already). With
 * an account, the invitee signs in and accepts on the incoming invitations page. Without one,
 * `POST auth/invitation/sign-up/` creates the company (a partner subscribed to rail and the partner
 * area), its first user (its site administrator, with the invitation's email) and accepts the
 * invitation for it, all in one transaction, and answers a sign-in token. A user does not join an
 * existing company by a link another company sent: that company's site administrator adds them.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { tableOf, joinTableOf } from '../db/tables';
import { company } from '../../src/resources/accounts/company';
import { group } from '../../src/resources/accounts/group';
import { user as userRes } from '../../src/resources/accounts/user';
import { applicationConfiguration } from '../../src/resources/accounts/application-configuration';
import { badRequest, HttpError, tooMany } from '../engine/errors';
import { parseFields } from '../engine/action-input';
import type { Ctx } from '../engine/context';
import { acceptInvitation, companyName, invitationOfLink } from '../actions/partner/invitations';
import { INVITATION_LINK_INPUT, INVITATION_SIGN_UP_INPUT } from './auth-inputs';
import { newPasswordOf } from './password-reset';
import { hashPassword } from './passwords';
import { countAttempt } from './throttle';
import { issueToken } from './tokens';

const SITE_ADMINISTRATION = 'Site Administration';
const NOT_VALID = 'This invitation link does not work: it was sent again since (only the newest link works), it was used, revoked or answered, or it has expired. Ask the company that invited you to send it again.';

/** The invitation of a link (its parts parsed already), or 404; an address that tries too many links is throttled. */
async function linkedInvitation(s: Services, req: FastifyRequest, input: Record<string, unknown>) {
  const db = s.database.db;
  if ((await countAttempt(db, `invitation-ip:${req.ip}`, 3600)) > 60) throw tooMany('Too many invitation requests. Try again later.');
  const inv = await invitationOfLink(db, input.id, String(input.token));
  if (!inv) throw new HttpError(404, { detail: NOT_VALID });
  return inv;
}

/** What the link is: who invites whom, until when, and whether the invitee signs in or signs up. */
export async function describeInvitation(s: Services, req: FastifyRequest) {
  const inv = await linkedInvitation(s, req, parseFields(INVITATION_LINK_INPUT, req.params));
  const db = s.database.db;
  const u = tableOf(userRes);
  const [account] = await db.select({ id: u.id }).from(u).where(eq(sql`lower(${u.email})`, String(inv.email).toLowerCase()));
  return { email: inv.email, inviter: await companyName(db, inv.company), relation: inv.relation, message: inv.message, expires_at: inv.expires_at, account: Boolean(account) };
}

/** A new company and its first user, who accepts the invitation; answers a sign-in token. */
export async function signUpByInvitation(s: Services, req: FastifyRequest) {
  const input = parseFields(INVITATION_SIGN_UP_INPUT, req.body);
  const inv = await linkedInvitation(s, req, input);
  const email = String(inv.email).toLowerCase();
  const password = newPasswordOf(input, email);
  const db = s.database.db;
  const u = tableOf(userRes);
  const c = tableOf(company);
  const hash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    if ((await tx.select({ id: u.id }).from(u).where(eq(sql`lower(${u.email})`, email))).length) {
      throw badRequest({ email: [`${email} has an account already: sign in, and accept the invitation under Incoming invitations.`] });
    }
    const name = String(input.company_name);
    if ((await tx.select({ id: c.id }).from(c).where(eq(sql`lower(${c.name})`, name.toLowerCase()))).length) {
      throw badRequest({ company_name: [`${name} is on the platform already: ask its site administrator to add you, then sign in and accept the invitation.`] });
    }
    const [made] = await tx.insert(c).values({
      name, company_type: 'partner', country: String(input.country), subscribed: true,
      features: [{ name: 'rail', subscribed: true }, { name: 'partner', subscribed: true }],
    }).returning({ id: c.id });
    // Written whole, the declared defaults included: this insert does not pass through the engine's create.
    await tx.insert(tableOf(applicationConfiguration)).values({
      company: made.id, company_universal_timezone: String(input.time_zone), application_title: name, settings: {},
      quantity_decimals: String(applicationConfiguration.fields.quantity_decimals.default),
    });
    const [person] = await tx.insert(u).values({
      email, name: String(input.name), username: email, is_active: true, is_superuser: false, password: hash,
      company: made.id, roles: [SITE_ADMINISTRATION], ui_config: {}, app_config: {},
    }).returning({ id: u.id, name: u.name });
    const g = tableOf(group);
    const [admins] = await tx.select({ id: g.id }).from(g).where(eq(g.name, SITE_ADMINISTRATION));
    if (admins) await tx.insert(joinTableOf(userRes, 'groups')).values({ owner_id: person.id, target_id: admins.id });
    // The new user answers as himself: the transition log names him.
    const ctx = { user: { id: person.id, name: person.name, email, companyId: made.id } } as unknown as Ctx;
    await acceptInvitation(tx, ctx, inv, made.id as number);
    return person.id as number;
  });
  return { key: (await issueToken(db, userId, 'invitation')).key };
}
