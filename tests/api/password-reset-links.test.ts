/**
 * Password reset links: a new password, however it is set (reset confirm, set_password, PATCH, the
 * user's own change), ends every outstanding link of the account (server/auth/password-store.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, gt } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { mailOutbox } from '../../server/db/internal-tables';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
}, 120_000);
afterAll(async () => { await s?.close(); });

const INVALID_LINK = { token: ['This link is invalid or has expired. Ask for a new one.'] };

const newestMailId = async () => (await s.database.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0;

/** Asks for a reset link for `email` and answers its uid and token, read from the mail (sent after the answer). */
async function resetLink(email: string): Promise<{ uid: string; token: string }> {
  const after = await newestMailId();
  expect((await s.call('POST', '/api/auth/password/reset/', { body: { email } })).status).toBe(200);
  for (let i = 0; i < 200; i++) {
    const [mail] = await s.database.db.select().from(mailOutbox).where(gt(mailOutbox.id, after)).orderBy(desc(mailOutbox.id)).limit(1);
    if (mail) {
      expect(mail.to).toBe(email);
      const [, uid, token] = /password-reset\/([^/]+)\/([^/]+)\//.exec(mail.body)!;
      return { uid, token };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no reset mail for ${email}`);
}

const confirm = (link: { uid: string; token: string }, pw: string) =>
  s.call('POST', '/api/auth/password/reset/confirm/', { body: { ...link, new_password1: pw, new_password2: pw } });

const idOf = async (email: string) => (await s.ctxOf(email)).user.id;

describe('a new password ends every outstanding reset link', () => {
  it('confirming one of two links refuses the other', async () => {
    const first = await resetLink('dispatcher@demo.test');
    const second = await resetLink('dispatcher@demo.test');
    expect(second.token).not.toBe(first.token);
    expect((await confirm(second, 'Second-link-pw1')).status).toBe(200);
    expect(await confirm(first, 'First-link-pw1')).toMatchObject({ status: 400, body: INVALID_LINK });
    expect((await s.call('POST', '/api/auth/login/', { body: { email: 'dispatcher@demo.test', password: 'Second-link-pw1' } })).status).toBe(200);
  });

  it('set_password by an administrator', async () => {
    const link = await resetLink('driver@demo.test');
    expect((await s.call('POST', `/api/user/${await idOf('driver@demo.test')}/set_password/`, { token: admin, body: { password: 'Set-by-admin-1' } })).status).toBe(200);
    expect(await confirm(link, 'Via-old-link-1')).toMatchObject({ status: 400, body: INVALID_LINK });
  });

  it('a PATCH of the password', async () => {
    const link = await resetLink('operator@demo.test');
    expect((await s.call('PATCH', `/api/user/${await idOf('operator@demo.test')}/`, { token: admin, body: { password: 'Patched-pw-123' } })).status).toBe(200);
    expect(await confirm(link, 'Via-old-link-1')).toMatchObject({ status: 400, body: INVALID_LINK });
  });

  it('the user changing its own password', async () => {
    const link = await resetLink('siteadmin@demo.test');
    const token = await s.login('siteadmin@demo.test');
    const changed = await s.call('POST', '/api/auth/password/change/', { token, body: { old_password: 'demo12345', new_password1: 'My-own-new-pw1', new_password2: 'My-own-new-pw1' } });
    expect(changed.status).toBe(200);
    expect(await confirm(link, 'Via-old-link-1')).toMatchObject({ status: 400, body: INVALID_LINK });
  });
});
