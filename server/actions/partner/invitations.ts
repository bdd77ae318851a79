/**
 * Partner invitations (docs/partners.md, Invitations): the inviting company creates, sends (a mail
 * through the outbox with a link that expires) and revokes its invitations through the operations,
 * so its tenancy, codenames and lifecycle hold; the invited company sees the invitations addressed
 * to its users' own email (`get-incoming-invitations/`) and accepts or declines one. The answer is
 * written by the system on the inviter's record (the invitee holds no right on another company's
 * records), after the checks here: the invitation is addressed to the caller, still sent and not
 * expired, and not the caller's own company's. Accepting links the companies: the inviter's party
 * names the partner company (`party.platform_company`), which is what partner sharing reads;
 * revoking an accepted invitation clears that link again.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { company } from '../../../src/resources/accounts/company';
import { party } from '../../../src/resources/logistics/party';
import { invitation, INVITATION_RELATIONS } from '../../../src/resources/partner/invitation';
import { choiceWord } from '../../../src/resources/fields';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { invitationToken } from '../../db/internal-tables';
import { tableOf } from '../../db/tables';
import { hashKey } from '../../auth/tokens';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { defineBehaviour } from '../../engine/behaviour';
import { type Ctx, userLabel } from '../../engine/context';
import { badRequest, conflict, HttpError } from '../../engine/errors';
import { create, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { logTransitions } from '../../engine/transition-log';
import { notify } from '../../notify/raise';
import { codename } from '../../../src/resources/define';
import { companyTimeZone } from '../../engine/time-zones';

/** Whether a sent invitation's time to answer has passed. */
const hasExpired = (expiresAt: unknown, now = Date.now()) => !!expiresAt && new Date(expiresAt as string).getTime() <= now;

export async function companyName(db: Db, id: unknown): Promise<string> {
  const c = tableOf(company);
  const [row] = await db.select({ name: c.name }).from(c).where(eq(c.id, id as number));
  return String(row?.name ?? 'A company');
}

const createInvitation: ActionHandler = async ({ db, ctx, input }) => created(await create(db, ctx, invitation, input));

/** Sends a draft, or sends a sent one again: a new link (the old one stops working) and a new expiry. */
const sendInvitation: ActionHandler = async ({ services, db, ctx, record }) => db.transaction(async (tx) => {
  const inv = record!;
  if (inv.status !== 'draft' && inv.status !== 'sent') throw badRequest({ status: [`${inv.status === 'accepted' ? 'An accepted' : `A ${String(inv.status)}`} invitation is not sent again: invite again instead.`] });
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + services.config.invitationDays * 86_400_000);
  await tx.delete(invitationToken).where(eq(invitationToken.invitation_id, inv.id as number));
  await tx.insert(invitationToken).values({ token_hash: hashKey(token), invitation_id: inv.id as number, expires_at: expires });
  const sent = await update(tx, ctx, invitation, String(inv.id), { status: 'sent', sent_at: new Date().toISOString(), expires_at: expires.toISOString(), version: inv.version });
  const inviter = await companyName(tx, inv.company);
  const zone = await companyTimeZone(tx, Number(inv.company));
  const link = `${services.config.publicUrl}/auth/invitation/${String(inv.id)}/${token}/`;
  await services.mailer.send(tx, {
    to: String(inv.email),
    subject: `${inviter} invites you to trade by rail`,
    text: [
      'Hello,', '',
      `${userLabel(ctx)} of ${inviter} invites your company, as its ${choiceWord(INVITATION_RELATIONS, inv.relation).toLowerCase()}, to share contracts, orders, nominations and shipments by rail on the platform.`,
      ...(inv.message ? ['', String(inv.message)] : []),
      '', 'To accept, open:', '', link, '',
      `The link works until ${formatInZone(expires, zone)}. With an account, sign in and accept; without one, the link lets you create your account and your company's.`,
      'If you do not know this company, ignore this mail: nothing is shared until the invitation is accepted.', '',
    ].join('\n'),
  });
  return sent;
});

/** Revokes a draft, a sent or an accepted invitation; an accepted one's partnership ends with it. */
const revokeInvitation: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const inv = record!;
  const revoked = await update(tx, ctx, invitation, String(inv.id), { status: 'revoked', revoke_reason: input.reason ?? null, version: inv.version });
  await tx.delete(invitationToken).where(eq(invitationToken.invitation_id, inv.id as number));
  if (inv.status === 'accepted' && inv.partner_company) await unlinkParty(tx, inv.party, inv.partner_company);
  return revoked;
});

/** The party names the partner company no more (unless another accepted invitation still links them). */
async function unlinkParty(db: Db, partyId: unknown, partnerCompany: unknown) {
  const i = tableOf(invitation);
  const [still] = await db.select({ id: i.id }).from(i).where(and(eq(i.party, partyId as number), eq(i.partner_company, partnerCompany as number), eq(i.status, 'accepted'))).limit(1);
  if (still) return;
  const p = tableOf(party);
  await db.update(p).set({ platform_company: null }).where(and(eq(p.id, partyId as number), eq(p.platform_company, partnerCompany as number)));
}

/** Invitations addressed to the caller's own email and still open, and those its company has answered. */
const incomingInvitations: ActionHandler = async ({ db, ctx }) => {
  const i = tableOf(invitation);
  const c = tableOf(company);
  const mine = sql`lower(${i.email}) = ${ctx.user.email.toLowerCase()} and ${i.status} = 'sent'`;
  const rows = await db.select({
    id: i.id, email: i.email, relation: i.relation, message: i.message, status: i.status, sent_at: i.sent_at, expires_at: i.expires_at,
    responded_at: i.responded_at, responded_by: i.responded_by, partner_company_name: i.partner_company_name, inviter: c.name, inviter_id: c.id,
  }).from(i).innerJoin(c, eq(c.id, i.company))
    .where(ctx.user.companyId === null ? mine : or(mine, and(eq(i.partner_company, ctx.user.companyId), sql`${i.status} in ('accepted', 'revoked')`)))
    .orderBy(desc(i.sent_at)).limit(200);
  const now = Date.now();
  return rows.map((r) => ({ ...r, expired: r.status === 'sent' && hasExpired(r.expires_at, now) }));
};

/**
 * The invitation the caller may answer: addressed to its own email (any other is not found, so
 * ids cannot be probed), still sent and not expired, from another company.
 */
async function answerable(db: Db, ctx: Ctx, id: unknown): Promise<Row> {
  const i = tableOf(invitation);
  const [inv] = await db.select().from(i).where(eq(i.id, Number(id))).for('update');
  if (!inv || String(inv.email).toLowerCase() !== ctx.user.email.toLowerCase()) throw new HttpError(404, { detail: 'Not found.' });
  const row = inv as unknown as Row;
  if (row.status !== 'sent') throw conflict(`This invitation is ${String(row.status)}: there is nothing to answer.`);
  if (hasExpired(row.expires_at)) {
    throw badRequest({ invitation: [`This invitation expired: ask ${await companyName(db, row.company)} to send it again.`] });
  }
  if (ctx.user.companyId === null) throw badRequest({ invitation: ['Act for a company to answer an invitation.'] });
  if (row.company === ctx.user.companyId) throw badRequest({ invitation: ['This invitation is from your own company.'] });
  return row;
}

/** Writes the answer on the inviter's record as the system, with its transition logged under the caller's name. */
async function answer(db: Db, ctx: Ctx, inv: Row, status: 'accepted' | 'declined', partnerCompany: number) {
  const i = tableOf(invitation);
  const who = await companyName(db, partnerCompany);
  const values = {
    status, responded_at: new Date(), responded_by: userLabel(ctx), version: sql`${i.version} + 1`, updated_at: new Date(),
    ...(status === 'accepted' ? { partner_company: partnerCompany, partner_company_name: who } : {}),
  };
  const [after] = await db.update(i).set(values as never).where(and(eq(i.id, inv.id as number), eq(i.status, 'sent'))).returning();
  // Revoked or answered since it was read (a sign-up checks its link before its transaction): refused, and the transaction undone.
  if (!after) throw conflict('This invitation was revoked or answered meanwhile: there is nothing to answer.');
  await logTransitions(db, ctx, invitation, inv, after as unknown as Row);
  // The inviter's people who invite hear the answer (docs/notifications.md, Kinds).
  await notify(db, inv.company as number, { holding: codename(invitation, 'change') }, {
    kind: 'invitation', level: status === 'accepted' ? 'info' : 'warning',
    title: `${who} ${status} your invitation`,
    body: status === 'accepted'
      ? `${who} accepted the invitation sent to ${String(inv.email)}: what you share with its party is now shared with it.`
      : `${who} declined the invitation sent to ${String(inv.email)}. Nothing is shared.`,
    link: '/partner/invitations/',
  });
  await db.update(invitationToken).set({ used_at: new Date() }).where(and(eq(invitationToken.invitation_id, inv.id as number), isNull(invitationToken.used_at)));
}

/**
 * Accepts for the company `partnerCompany` (the caller's): the inviter's party then names it. A
 * party already linked to another company on the platform is refused, and nothing is written.
 */
export async function acceptInvitation(db: Db, ctx: Ctx, inv: Row, partnerCompany: number) {
  const p = tableOf(party);
  const [linked] = await db.update(p).set({ platform_company: partnerCompany })
    .where(and(eq(p.id, inv.party as number), or(isNull(p.platform_company), eq(p.platform_company, partnerCompany)))).returning({ id: p.id });
  if (!linked) throw conflict(`${await companyName(db, inv.company)} already links this party to another company on the platform; ask them to check the invitation.`);
  await answer(db, ctx, inv, 'accepted', partnerCompany);
  return { id: inv.id, status: 'accepted', inviter: await companyName(db, inv.company) };
}

const accept: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const inv = await answerable(tx, ctx, input.invitation);
  return acceptInvitation(tx, ctx, inv, ctx.user.companyId!);
});

const decline: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const inv = await answerable(tx, ctx, input.invitation);
  await answer(tx, ctx, inv, 'declined', ctx.user.companyId!);
  return { id: inv.id, status: 'declined', inviter: await companyName(tx, inv.company) };
});

/** The invitation a link names, when the link is the newest, unused and not expired and the invitation still sent; else null. */
export async function invitationOfLink(db: Db, id: unknown, token: string): Promise<Row | null> {
  const t = invitationToken;
  const [hit] = await db.select({ id: t.invitation_id }).from(t)
    .where(and(eq(t.token_hash, hashKey(token)), eq(t.invitation_id, Number(id)), isNull(t.used_at), gt(t.expires_at, new Date())));
  if (!hit) return null;
  const i = tableOf(invitation);
  const [inv] = await db.select().from(i).where(and(eq(i.id, hit.id), eq(i.status, 'sent')));
  return (inv as unknown as Row | undefined) ?? null;
}

/** The partner companies of a company: those its accepted invitations link, and those whose accepted invitations link it. */
export async function partnerCompaniesOf(db: Db, companyId: number): Promise<number[]> {
  const i = tableOf(invitation);
  const rows = await db.select({ a: i.company, b: i.partner_company }).from(i)
    .where(and(eq(i.status, 'accepted'), or(eq(i.company, companyId), eq(i.partner_company, companyId))));
  return [...new Set(rows.map((r) => (r.a === companyId ? r.b : r.a) as number))].filter((x) => x !== null && x !== companyId);
}

export const invitationBehaviour = defineBehaviour(invitation, {
  hooks: {
    // An address is one whatever its case: the incoming list and the answer compare it so, and the mail goes to it as kept.
    async beforeWrite({ input }) {
      if (typeof input.values.email === 'string') input.values.email = input.values.email.toLowerCase();
    },
  },
  actions: {
    create_invitation: createInvitation, send_invitation: sendInvitation, revoke_invitation: revokeInvitation,
    get_incoming_invitations: incomingInvitations, accept_invitation: accept, decline_invitation: decline,
  },
});

