/**
 * An invitation to trade by rail on the platform (docs/partners.md, Invitations): a company invites
 * the company one of its parties is (a customer or a supplier) by mail; the invitee signs in or
 * signs up through the mailed link and accepts, which links the two companies as partners (the
 * party names the partner company), or declines. Revoking an accepted invitation ends the
 * partnership. The invitation belongs to the inviting company; the invitee reaches it only through
 * `get-incoming-invitations/`, `accept-invitation/` and `decline-invitation/`, by its own email.
 */
import { defineResource } from '../define';
import { choice, datetime, integer, longText, ref, text } from '../fields';
import { bool, instant, int, maybe, obj, oneOf, oneOfChoices, str } from '../answers';

export const INVITATION_STATUSES = [
  ['draft', 'Draft'], ['sent', 'Sent'], ['accepted', 'Accepted'], ['declined', 'Declined'], ['revoked', 'Revoked'],
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number][0];

export const INVITATION_RELATIONS = [['customer', 'Customer'], ['supplier', 'Supplier']] as const;

/** The right to invite, send, revoke, and to accept or decline for one's own company. */
export const MANAGE_INVITATIONS = 'manage_invitations';

/** What accepting or declining answers: the invitation, its status now and who invited. */
const answered = (status: InvitationStatus) => obj({ id: int('The invitation.'), status: oneOf([status]), inviter: str('The inviting company\'s name.') });

export const invitation = defineResource({
  name: 'partner/invitations',
  label: 'Invitation',
  perms: { app: 'wheelhouse', model: 'wheelhouseinvitation' },
  tenant: 'company',
  table: 'partner_invitation',
  extraCodenames: { [MANAGE_INVITATIONS]: 'Can invite partner companies, and accept or decline their invitations' },
  fields: {
    email: text({ required: true, max: 254, format: 'email', label: 'Email', help: 'Who is invited: a person at the partner company.' }),
    party: ref('party', { required: true, onDelete: 'restrict', label: 'Party', help: 'The party in your records that this company is: its contracts and shipments are what you share.' }),
    relation: choice(INVITATION_RELATIONS, { required: true, default: 'customer', label: 'They are your' }),
    message: longText({ label: 'Message', help: 'A few words of your own, sent with the link.' }),
    status: choice(INVITATION_STATUSES, {
      required: true, default: 'draft', index: true, readOnly: true, copy: false,
      chip: { accepted: 'active', declined: 'inactive', revoked: 'inactive' },
      transitions: {
        initial: ['draft'],
        moves: { draft: ['sent', 'revoked'], sent: ['accepted', 'declined', 'revoked'], accepted: ['revoked'], declined: [], revoked: [] },
        final: ['declined', 'revoked'],
        deletable: ['draft'],
        instead: 'Revoke it instead.',
        permission: MANAGE_INVITATIONS,
        locked: { sent: 'Revoke it and invite again.', accepted: 'Revoke it to end the partnership.' },
      },
    }),
    sent_at: datetime({ readOnly: true, copy: false, label: 'Sent' }),
    expires_at: datetime({ readOnly: true, copy: false, label: 'Link expires' }),
    responded_at: datetime({ readOnly: true, copy: false, label: 'Answered' }),
    responded_by: text({ max: 200, readOnly: true, copy: false, label: 'Answered by' }),
    partner_company: ref('company', { readOnly: true, onDelete: 'set null', copy: false, label: 'Partner company' }),
    partner_company_name: text({ max: 200, readOnly: true, copy: false, label: 'Partner company' }),
    revoke_reason: text({ max: 255, readOnly: true, copy: false, label: 'Why revoked' }),
  },
  labelFields: [['email']],
  list: {
    columns: ['email', 'party', 'status', 'sent_at', 'expires_at', 'partner_company_name'],
    compact: ['email', 'party', 'status'],
    search: ['email', 'partner_company_name'],
    ordering: ['-created_at'],
  },
  form: { sections: [{ label: 'Invitation', fields: ['email', 'party', 'relation', 'message'] }] },
  actions: {
    create_invitation: {
      path: 'create-invitation', on: 'collection', method: 'POST', permission: MANAGE_INVITATIONS, label: 'Invite a partner', result: 'record',
      input: {
        email: text({ required: true, max: 254, format: 'email', label: 'Email' }),
        party: ref('party', { required: true, label: 'Party' }),
        relation: choice(INVITATION_RELATIONS, { default: 'customer', label: 'They are your' }),
        message: longText({ label: 'Message' }),
      },
    },
    send_invitation: { path: 'send-invitation', on: 'detail', method: 'POST', permission: MANAGE_INVITATIONS, label: 'Send', result: 'record', writes: ['status', 'sent_at', 'expires_at'] },
    revoke_invitation: {
      path: 'revoke-invitation', on: 'detail', method: 'POST', permission: MANAGE_INVITATIONS, label: 'Revoke', result: 'record', writes: ['status', 'revoke_reason'],
      input: { reason: text({ max: 255, trim: true, label: 'Reason', help: 'Told to the partner when it had accepted.' }) },
    },
    get_incoming_invitations: {
      path: 'get-incoming-invitations', on: 'collection', method: 'GET', permission: ['view', MANAGE_INVITATIONS], label: 'Incoming invitations', result: 'list',
      // Sent ones to the caller's email, and those its company accepted (revoked since, or not).
      answer: obj({
        id: int(),
        email: str('Who is invited.'),
        relation: oneOfChoices(INVITATION_RELATIONS, 'What the invitee is to the inviter.'),
        message: maybe(str()),
        status: oneOfChoices(INVITATION_STATUSES),
        sent_at: instant(),
        expires_at: instant('When the link stops working.'),
        responded_at: maybe(instant()),
        responded_by: maybe(str()),
        partner_company_name: maybe(str('The company that accepted.')),
        inviter: str('The inviting company\'s name.'),
        inviter_id: int('The inviting company.'),
        expired: bool('Sent, and its link has expired.'),
      }),
    },
    accept_invitation: {
      path: 'accept-invitation', on: 'collection', method: 'POST', permission: MANAGE_INVITATIONS, label: 'Accept', result: 'object',
      input: { invitation: integer({ required: true, min: 1, label: 'Invitation' }) },
      answer: answered('accepted'),
    },
    decline_invitation: {
      path: 'decline-invitation', on: 'collection', method: 'POST', permission: MANAGE_INVITATIONS, label: 'Decline', result: 'object',
      input: { invitation: integer({ required: true, min: 1, label: 'Invitation' }) },
      answer: answered('declined'),
    },
  },
});
