/**
 * Partner invitations through the real server (docs/partners.md, Invitations): invite, send (a mail
 * with a link that expires; sending again replaces the link), sign up by the link (a new company and
 * its site administrator, the invitation accepted), accept and decline by an existing account,
 * revoke (an accepted one ends the partnership), and what is refused with nothing written: who may
 * not, the other side's invitations, an expired link, a party linked to another company, moves off
 * the lifecycle, bad input.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;
const INV = 'partner/invitations';
let n = 0;

/** A party of Prairie Bulk Terminals that no company on the platform is yet. */
async function freshParty(name = `Invitee ${++n} ${Date.now() % 100000}`) {
  return ok(await call('POST', 'party/', { name, code: `INV${n}${Date.now() % 10000}`, party_type: 'consignee', enabled: true }), 201).id as number;
}
async function invite(email: string, party?: number, token = t.siteadmin) {
  return ok(await call('POST', `${INV}/create-invitation/`, { email, party: party ?? await freshParty(), relation: 'customer', message: 'Welcome aboard.' }, token), 201);
}
/** Sends it and reads the link out of the mail. */
async function send(id: number) {
  const sent = ok(await call('POST', `${INV}/${id}/send-invitation/`, {}));
  const [mail] = await rows<{ to: string; subject: string; body: string }>(sql`select "to", subject, body from mail_outbox order by id desc limit 1`);
  const [, linkId, token] = /\/auth\/invitation\/(\d+)\/([\w-]+)\//.exec(mail.body)!;
  return { sent, mail, linkId: Number(linkId), token };
}
const platformCompanyOf = async (party: number) => (await rows<{ c: number | null }>(sql`select platform_company_id as c from party where id = ${party}`))[0].c;

beforeAll(async () => {
  [{ id: ids.gcr }] = await rows<{ id: number }>(sql`select id from party where code = 'GCR' and company_id = ${ids.pbt}`);
});

describe('invite, send and sign up by the link', () => {
  it('mails a link that tells the invitee what it is, and signs up a new company that accepts', async () => {
    const party = await freshParty('Lakehead Asphalt Co.');
    const inv = await invite('Rail@Lakehead.example', party);
    expect(inv).toMatchObject({ email: 'rail@lakehead.example', status: 'draft', party });
    const { sent, mail, linkId, token } = await send(inv.id as number);
    expect(sent).toMatchObject({ status: 'sent', sent_at: expect.any(String), expires_at: expect.any(String) });
    expect(mail.to).toBe('rail@lakehead.example');
    expect(mail.subject).toBe('Prairie Bulk Terminals Ltd. invites you to trade by rail');
    expect(mail.body).toContain('Welcome aboard.');
    expect(mail.body).toContain(`http://app.test/auth/invitation/${String(inv.id)}/`);

    const about = await suite.s.call('GET', `/api/auth/invitation/${linkId}/${token}/`);
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({ email: 'rail@lakehead.example', inviter: 'Prairie Bulk Terminals Ltd.', relation: 'customer', account: false });

    // A weak password and a company already on the platform are refused, and nothing is made.
    const base = { id: String(linkId), token, name: 'Lee Lakehead', company_name: 'Lakehead Asphalt Co.', country: 'ca', time_zone: 'America/Toronto', new_password1: 'correct horse 42', new_password2: 'correct horse 42' };
    const weak = await suite.s.call('POST', '/api/auth/invitation/sign-up/', { body: { ...base, new_password1: 'abc', new_password2: 'abc' } });
    expect(weak.status).toBe(400);
    expect(weak.body.new_password1).toBeDefined();
    const taken = await suite.s.call('POST', '/api/auth/invitation/sign-up/', { body: { ...base, company_name: 'Northern Refining Partners Inc.' } });
    expect(taken.body).toEqual({ company_name: [expect.stringMatching(/is on the platform already: ask its site administrator to add you/)] });

    const made = await suite.s.call('POST', '/api/auth/invitation/sign-up/', { body: base });
    expect(made.status, made.text).toBe(200);
    const me = (await suite.s.call('GET', '/api/user/me/', { token: made.body.key })).body;
    expect(me).toMatchObject({ email: 'rail@lakehead.example', name: 'Lee Lakehead', company: { name: 'Lakehead Asphalt Co.' } });
    // Its configuration is whole: the declared defaults are written too.
    expect(me.company.application_configuration).toMatchObject({ company_universal_timezone: 'America/Toronto', application_title: 'Lakehead Asphalt Co.', quantity_decimals: '2' });
    const [company] = await rows<{ id: number; company_type: string; country: string; zone: string }>(sql`
      select c.id, c.company_type, c.country, a.company_universal_timezone as zone from company c join application_configuration a on a.company_id = c.id where c.name = 'Lakehead Asphalt Co.'`);
    expect(company).toMatchObject({ company_type: 'partner', country: 'CA', zone: 'America/Toronto' });
    const after = ok(await call('GET', `${INV}/${inv.id as number}/`));
    expect(after).toMatchObject({ status: 'accepted', partner_company: company.id, partner_company_name: 'Lakehead Asphalt Co.', responded_by: 'Lee Lakehead' });
    expect(await platformCompanyOf(party)).toBe(company.id);
    // Its incoming invitations show the one it accepted; the link works no more.
    const incoming = ok(await call('GET', `${INV}/get-incoming-invitations/`, undefined, made.body.key)) as unknown as { id: number; status: string; inviter: string }[];
    expect(incoming).toEqual([expect.objectContaining({ id: inv.id, status: 'accepted', inviter: 'Prairie Bulk Terminals Ltd.' })]);
    expect((await suite.s.call('GET', `/api/auth/invitation/${linkId}/${token}/`)).status).toBe(404);
    expect((await refused('POST', `${INV}/${inv.id as number}/send-invitation/`, {})).body).toEqual({ status: ['An accepted invitation is not sent again: invite again instead.'] });
  });

  it('replaces the link when sent again, and refuses an expired one', async () => {
    const inv = await invite('second@lakehead.example');
    const first = await send(inv.id as number);
    const second = await send(inv.id as number);
    expect((await suite.s.call('GET', `/api/auth/invitation/${first.linkId}/${first.token}/`)).status).toBe(404);
    expect((await suite.s.call('GET', `/api/auth/invitation/${second.linkId}/${second.token}/`)).status).toBe(200);
    await rows(sql`update invitation_token set expires_at = now() - interval '1 minute' where invitation_id = ${inv.id as number}`);
    const expired = await suite.s.call('GET', `/api/auth/invitation/${second.linkId}/${second.token}/`);
    expect(expired.status).toBe(404);
    expect(expired.body.detail).toMatch(/has expired\. Ask the company that invited you to send it again\./);
    const signUp = await suite.s.call('POST', '/api/auth/invitation/sign-up/', { body: { id: String(second.linkId), token: second.token, name: 'X', company_name: 'Nobody Ltd', country: 'CA', time_zone: 'America/Toronto', new_password1: 'correct horse 42', new_password2: 'correct horse 42' } });
    expect(signUp.status).toBe(404);
    expect((await rows(sql`select 1 from company where name = 'Nobody Ltd'`)).length).toBe(0);
  });
});

describe('an existing account accepts or declines', () => {
  it('the partner sees an invitation to its own email, accepts it, and the revoke ends the partnership', async () => {
    const party = await freshParty();
    const inv = await invite('partner@partner.test', party);
    await send(inv.id as number);
    const incoming = ok(await call('GET', `${INV}/get-incoming-invitations/`, undefined, t.partner)) as unknown as { id: number; status: string; expired: boolean }[];
    expect(incoming).toContainEqual(expect.objectContaining({ id: inv.id, status: 'sent', expired: false }));
    // Nobody else answers it: another user's email, the inviter's own users.
    for (const who of ['operator', 'siteadmin']) expect((await refused('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t[who])).changed).toEqual([]);
    expect((await call('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t.operator)).status).toBe(403);
    expect((await call('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t.siteadmin)).status).toBe(404);

    expect(ok(await call('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t.partner))).toMatchObject({ status: 'accepted', inviter: 'Prairie Bulk Terminals Ltd.' });
    expect(await platformCompanyOf(party)).toBe(ids.nrp);
    // The inviter's people who invite hear of it in the app (docs/notifications.md); the partner's not.
    const [heard] = ok(await call('GET', 'notification/?kind=invitation&page_size=0')) as unknown as Record<string, unknown>[];
    expect(heard).toMatchObject({ level: 'info', title: 'Northern Refining Partners Inc. accepted your invitation', link: '/partner/invitations/', body: expect.stringContaining('partner@partner.test') });
    expect(ok(await call('GET', 'notification/?kind=invitation&page_size=0', undefined, t.partner))).toEqual([]);
    const again = await refused('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t.partner);
    expect(again.status).toBe(409);
    expect(again.changed).toEqual([]);

    const revoked = ok(await call('POST', `${INV}/${inv.id as number}/revoke-invitation/`, { reason: 'Contract ended' }));
    expect(revoked).toMatchObject({ status: 'revoked', revoke_reason: 'Contract ended' });
    expect(await platformCompanyOf(party)).toBeNull();
    const seen = ok(await call('GET', `${INV}/get-incoming-invitations/`, undefined, t.partner)) as unknown as { id: number; status: string }[];
    expect(seen).toContainEqual(expect.objectContaining({ id: inv.id, status: 'revoked' }));
    // Revoked is final.
    expect((await refused('POST', `${INV}/${inv.id as number}/send-invitation/`, {})).changed).toEqual([]);
  });

  it('declines, and an expired invitation or a party linked to another company is refused with nothing written', async () => {
    const declined = await invite('partner@partner.test');
    await send(declined.id as number);
    expect(ok(await call('POST', `${INV}/decline-invitation/`, { invitation: declined.id }, t.partner))).toMatchObject({ status: 'declined' });
    expect((ok(await call('GET', 'notification/?kind=invitation&page_size=0')) as unknown as Record<string, unknown>[])[0]).toMatchObject({ level: 'warning', title: expect.stringMatching(/declined your invitation$/) });
    expect(ok(await call('GET', `${INV}/${declined.id as number}/`))).toMatchObject({ status: 'declined', responded_by: 'Pat Partner' });

    const late = await invite('partner@partner.test');
    await send(late.id as number);
    await rows(sql`update partner_invitation set expires_at = now() - interval '1 day' where id = ${late.id as number}`);
    const expired = await refused('POST', `${INV}/accept-invitation/`, { invitation: late.id }, t.partner);
    expect(expired.body).toEqual({ invitation: ['This invitation expired: ask Prairie Bulk Terminals Ltd. to send it again.'] });
    expect(expired.changed).toEqual([]);

    // Gulf Coast Refining's party is linked to another company by a superuser: the partner's acceptance would take it over.
    await rows(sql`update party set platform_company_id = ${ids.pbt} where id = ${ids.gcr}`);
    const taken = await invite('partner@partner.test', ids.gcr);
    await send(taken.id as number);
    const refusal = await refused('POST', `${INV}/accept-invitation/`, { invitation: taken.id }, t.partner);
    expect(refusal.status).toBe(409);
    expect(refusal.changed).toEqual([]);
    await rows(sql`update party set platform_company_id = null where id = ${ids.gcr}`);
  });
});

describe('who may, and the lifecycle', () => {
  it('lets only who manages invitations invite, and keeps each company to its own invitations', async () => {
    const party = await freshParty();
    for (const who of ['dispatcher', 'operator', 'driver']) {
      const res = await refused('POST', `${INV}/create-invitation/`, { email: 'x@y.example', party, relation: 'customer' }, t[who]);
      expect(res.status, who).toBe(403);
      expect(res.changed).toEqual([]);
    }
    const inv = await invite('third@lakehead.example', party);
    // The partner's own invitations do not include Prairie Bulk's; its records answer 404.
    expect((await call('GET', `${INV}/${inv.id as number}/`, undefined, t.partner)).status).toBe(404);
    expect((await refused('POST', `${INV}/${inv.id as number}/send-invitation/`, {}, t.partner)).status).toBe(404);
    const theirs = ok(await call('GET', `${INV}/?page_size=100`, undefined, t.partner)) as unknown as { results: { id: number }[] };
    expect(theirs.results.map((r) => r.id)).not.toContain(inv.id);
    // Bad input: an email that is none, another company's party.
    const [nrpParty] = await rows<{ id: number }>(sql`select id from party where company_id = ${ids.nrp} limit 1`);
    const bad = await refused('POST', `${INV}/create-invitation/`, { email: 'not an email', party, relation: 'friend' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['email', 'relation']);
    expect(bad.changed).toEqual([]);
    const theirParty = await refused('POST', `${INV}/create-invitation/`, { email: 'x@y.example', party: nrpParty.id, relation: 'customer' });
    expect(theirParty.status).toBe(400);
    expect(Object.keys(theirParty.body)).toEqual(['party']);
    expect(theirParty.changed).toEqual([]);
  });

  it('keeps a sent invitation as sent (revoke and invite again), deletes only a draft, and refuses one\'s own company\'s', async () => {
    const inv = await invite('siteadmin@demo.test');
    const draft = await invite('fourth@lakehead.example');
    expect((await call('DELETE', `${INV}/${draft.id as number}/`)).status).toBe(204);
    const { sent } = await send(inv.id as number);
    const edit = await refused('PATCH', `${INV}/${inv.id as number}/`, { email: 'other@lakehead.example', version: sent.version });
    expect(edit.body).toEqual({ status: [expect.stringMatching(/Revoke it and invite again\./)] });
    expect((await refused('DELETE', `${INV}/${inv.id as number}/`)).status).toBe(409);
    const own = await refused('POST', `${INV}/accept-invitation/`, { invitation: inv.id }, t.siteadmin);
    expect(own.body).toEqual({ invitation: ['This invitation is from your own company.'] });
  });
});
