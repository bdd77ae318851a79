/** Sign-in, tokens, throttling, password reset and change, Django hash import, the session profile. */
import { pbkdf2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { mailOutbox } from '../../server/db/internal-tables';
import { tableOf } from '../../server/db/tables';
import { user } from '../../src/resources/accounts/user';
import { passwordReset } from '../../server/db/internal-tables';
import { resetQueueOf } from '../../server/auth/reset-queue';

let s: TestServer;
beforeAll(async () => { s = await startServer({ LOGIN_LIMIT_PER_EMAIL_ADDRESS: '5', LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_ADDRESS: '100000' }); });
afterAll(() => s?.close());

const login = (email: string, password: string) => s.call('POST', '/api/auth/login/', { body: { email, password } });
/** The newest mail, once the reset mails queued so far are written (they are sent after the answer). */
const lastMail = async () => {
  await resetQueueOf(s.app.services).idle();
  return (await s.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0];
};

describe('sign-in and tokens', () => {
  it('answers a 40-hex key; wrong password and unknown email look the same', async () => {
    const ok = await login('dispatcher@demo.test', 'demo12345');
    expect(ok.status).toBe(200);
    expect(ok.body.key).toMatch(/^[0-9a-f]{40}$/);
    const wrong = await login('dispatcher@demo.test', 'nope-nope');
    const unknown = await login('nobody@demo.test', 'nope-nope');
    expect(wrong).toMatchObject({ status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } });
    expect(unknown.body).toEqual(wrong.body);
    expect((await login('', '')).body).toEqual({ email: ['This field may not be blank.'], password: ['This field may not be blank.'] });
  });

  it('logout revokes the token', async () => {
    const { key } = (await login('dispatcher@demo.test', 'demo12345')).body;
    expect((await s.call('GET', '/api/user/me/', { token: key })).status).toBe(200);
    expect((await s.call('POST', '/api/auth/logout/', { token: key })).status).toBe(200);
    expect(await s.call('GET', '/api/user/me/', { token: key })).toMatchObject({ status: 401, body: { detail: 'Invalid token.' } });
  });

  it('regenerate_token revokes the old tokens and returns a working one (a service account\'s)', async () => {
    const admin = await s.login('admin@demo.test');
    const svc = (await s.call('POST', '/api/user/', { token: admin, body: { email: 'feed@demo.test', is_service_account: true, password: 'Feed-pass-123' } })).body;
    const { key: old } = (await login('feed@demo.test', 'Feed-pass-123')).body;
    const res = await s.call('POST', `/api/user/${svc.id}/regenerate_token/`, { token: admin });
    expect(res.body.key).toMatch(/^[0-9a-f]{40}$/);
    expect((await s.call('GET', '/api/user/me/', { token: old })).status).toBe(401);
    expect((await s.call('GET', '/api/user/me/', { token: res.body.key })).body.email).toBe('feed@demo.test');
  });

  it('user_tokens issues a token for a service account of the same company only', async () => {
    const siteadmin = await s.login('siteadmin@demo.test');
    await s.call('POST', '/api/user/', { token: siteadmin, body: { email: 'scale-feed@demo.test', is_service_account: true } });
    const res = await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 'scale-feed@demo.test' } });
    expect(res.status).toBe(200);
    expect((await s.call('GET', '/api/user/me/', { token: res.body.key })).body.email).toBe('scale-feed@demo.test');
    const other = await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 'partner@partner.test' } });
    expect(other).toMatchObject({ status: 400, body: { email: ['No user with this email.'] } });
  });
});

describe('throttling', () => {
  it('counts parallel failures atomically: with a limit of 5, of 12 parallel attempts 7 are refused, then even the right password', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => login('siteadmin@demo.test', 'wrong-password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 429)).toHaveLength(7);
    expect(statuses.filter((x) => x === 400)).toHaveLength(5);
    const right = await login('siteadmin@demo.test', 'demo12345');
    expect(right.status).toBe(429);
    expect(right.body.detail).toMatch(/Too many sign-in attempts/);
  });

  it('per address as well', async () => {
    const t = await startServer({ LOGIN_LIMIT_PER_EMAIL: '1000', LOGIN_LIMIT_PER_ADDRESS: '3' }, { seed: false });
    try {
      const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((x) => t.call('POST', '/api/auth/login/', { body: { email: `${x}@x.test`, password: 'whatever1' } })));
      expect(results.map((r) => r.status).sort()).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('password reset and change', () => {
  it('mails a single-use link that sets a new password and revokes old tokens', async () => {
    const { key: before } = (await login('driver@demo.test', 'demo12345')).body;
    const res = await s.call('POST', '/api/auth/password/reset/', { body: { email: 'Driver@demo.test' } });
    expect(res.body).toEqual({ detail: 'Password reset e-mail has been sent.' });
    const mail = await lastMail();
    expect(mail.to).toBe('driver@demo.test');
    const m = /http:\/\/app\.test\/auth\/password-reset\/([^/]+)\/([^/]+)\//.exec(mail.body);
    expect(m).not.toBeNull();
    const [, uid, token] = m!;
    const mismatch = await s.call('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, new_password1: 'Brand-new-pw1', new_password2: 'other' } });
    expect(mismatch.body).toEqual({ new_password2: ["The two password fields didn't match."] });
    const weak = await s.call('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, new_password1: '1234', new_password2: '1234' } });
    expect(weak.body.new_password1).toEqual(['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.']);
    const done = await s.call('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, new_password1: 'Brand-new-pw1', new_password2: 'Brand-new-pw1' } });
    expect(done.status).toBe(200);
    expect((await s.call('GET', '/api/user/me/', { token: before })).status).toBe(401);
    expect((await login('driver@demo.test', 'Brand-new-pw1')).status).toBe(200);
    const again = await s.call('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, new_password1: 'Another-pw-22', new_password2: 'Another-pw-22' } });
    expect(again).toMatchObject({ status: 400, body: { token: ['This link is invalid or has expired. Ask for a new one.'] } });
  });

  it('an expired link is refused; an unknown email gets the same answer and no mail', async () => {
    await s.call('POST', '/api/auth/password/reset/', { body: { email: 'dispatcher@demo.test' } });
    const mail = await lastMail();
    const [, uid, token] = /password-reset\/([^/]+)\/([^/]+)\//.exec(mail.body)!;
    await s.database.db.update(passwordReset).set({ expires_at: sql`now() - interval '1 minute'` });
    const res = await s.call('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, new_password1: 'Brand-new-pw1', new_password2: 'Brand-new-pw1' } });
    expect(res.status).toBe(400);
    const unknown = await s.call('POST', '/api/auth/password/reset/', { body: { email: 'ghost@demo.test' } });
    expect(unknown.body).toEqual({ detail: 'Password reset e-mail has been sent.' });
    expect((await lastMail()).id).toBe(mail.id);
  });

  it('change needs the old password', async () => {
    const token = (await login('partner@partner.test', 'demo12345')).body.key;
    const wrong = await s.call('POST', '/api/auth/password/change/', { token, body: { old_password: 'nope', new_password1: 'Northern-pw-1', new_password2: 'Northern-pw-1' } });
    expect(wrong.body).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    const similar = await s.call('POST', '/api/auth/password/change/', { token, body: { old_password: 'demo12345', new_password1: 'my-partner-pw', new_password2: 'my-partner-pw' } });
    expect(similar.body).toEqual({ new_password1: ['This password is too similar to the email address.'] });
    const ok = await s.call('POST', '/api/auth/password/change/', { token, body: { old_password: 'demo12345', new_password1: 'Northern-pw-1', new_password2: 'Northern-pw-1' } });
    expect(ok.status).toBe(200);
    expect((await login('partner@partner.test', 'Northern-pw-1')).status).toBe(200);
    await s.call('POST', '/api/auth/password/change/', { token, body: { old_password: 'Northern-pw-1', new_password1: 'demo12345', new_password2: 'demo12345' } });
  });
});

describe('users imported from Django', () => {
  it('sign in with a pbkdf2_sha256 hash, which is then replaced by scrypt', async () => {
    const salt = 'Qx7salt';
    const hash = pbkdf2Sync('imported-pw-1', salt, 260000, 32, 'sha256').toString('base64');
    const u = tableOf(user);
    const [me] = await s.database.db.select({ company: u.company }).from(u).where(eq(u.email, 'operator@demo.test'));
    await s.database.db.insert(u).values({ email: 'legacy@demo.test', password: `pbkdf2_sha256$260000$${salt}$${hash}`, is_active: true, is_superuser: false, company: me.company, roles: [], ui_config: {}, app_config: {} });
    expect((await login('legacy@demo.test', 'wrong-pw-1')).status).toBe(400);
    expect((await login('legacy@demo.test', 'imported-pw-1')).status).toBe(200);
    const [row] = await s.database.db.select({ password: u.password }).from(u).where(eq(u.email, 'legacy@demo.test'));
    expect(row.password).toMatch(/^scrypt\$/);
    expect((await login('legacy@demo.test', 'imported-pw-1')).status).toBe(200);
  });
});

describe('the session profile', () => {
  it('user/me/ has the shape of the session profile (docs/api.md)', async () => {
    const token = await s.login('operator@demo.test');
    const me = (await s.call('GET', '/api/user/me/', { token })).body;
    expect(me).toMatchObject({ email: 'operator@demo.test', is_superuser: false, roles: ['Operator'], groups: [{ name: 'Operator' }], ui_config: {}, app_config: {} });
    expect(me.user_access).toEqual(expect.arrayContaining([{ app: 'logistics', models: expect.arrayContaining([{ model: 'product', codenames: ['add_product', 'change_product', 'view_product'] }]) }]));
    expect(me.company).toMatchObject({ name: 'Prairie Bulk Terminals Ltd.', application_configuration: { company_universal_timezone: 'America/Edmonton' } });
    expect(me.company.features).toEqual(expect.arrayContaining([{ name: 'rail', subscribed: true }, { name: 'customs', subscribed: true }]));
    expect(me.company.companies).toEqual([{ id: me.company.id, name: 'Prairie Bulk Terminals Ltd.', subscribed: true }]);
  });

  it('PATCH user/me/ merges ui_config per table and refuses other fields', async () => {
    const token = await s.login('operator@demo.test');
    await s.call('PATCH', '/api/user/me/', { token, body: { ui_config: { product: { columns: ['name'] } } } });
    const res = await s.call('PATCH', '/api/user/me/', { token, body: { ui_config: { party: { columns: ['code'] } }, app_config: { dark_mode: 'dark' } } });
    expect(res.body.ui_config).toEqual({ product: { columns: ['name'] }, party: { columns: ['code'] } });
    expect(res.body.app_config).toEqual({ dark_mode: 'dark' });
    const bad = await s.call('PATCH', '/api/user/me/', { token, body: { email: 'x@y.z', ui_config: [] } });
    expect(bad).toMatchObject({ status: 400, body: { email: ['Unknown field.'], ui_config: ['Value must be a JSON object.'] } });
  });

  it('backend_version needs no token', async () => {
    const res = await s.call('GET', '/api/user/backend_version/');
    expect(res.status).toBe(200);
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('popups', () => {
  it('lists the active popups a user has not viewed, until the user marks one viewed', async () => {
    const admin = await s.login('admin@demo.test');
    const token = await s.login('operator@demo.test');
    const popup = (await s.call('POST', '/api/user_popup/', { token: admin, body: { title: 'Maintenance tonight', message: 'The API is down from 22:00 to 23:00.' } })).body;
    const listed = await s.call('GET', '/api/user_popup/get_user_popups/', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: popup.id, title: 'Maintenance tonight', active: true }));
    const viewed = await s.call('POST', '/api/user_popup/view_user_popup/', { token, body: { popupId: popup.id } });
    expect(viewed).toMatchObject({ status: 200, body: { detail: 'Popup marked as viewed.' } });
    expect((await s.call('GET', '/api/user_popup/get_user_popups/', { token })).body.map((p: { id: number }) => p.id)).not.toContain(popup.id);
  });
});
