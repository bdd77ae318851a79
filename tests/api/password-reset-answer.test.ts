/**
 * The password reset answer does not tell whether the email has an account: the same status and
 * body for both, given before the account is looked up or mailed (the work runs in the reset queue,
 * server/auth/reset-queue.ts). Timing itself is measured by bench/reset-timing.ts, not tested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { mailOutbox } from '../../server/db/internal-tables';
import { resetQueueOf } from '../../server/auth/reset-queue';
import type { Mailer } from '../../server/mail/mailer';

let s: TestServer;
beforeAll(async () => { s = await startServer(); }, 120_000);
afterAll(async () => { await s?.close(); });

const mailsTo = (to: string) => s.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));

describe('the reset answer does not tell whether the email has an account', () => {
  it('is identical for a known and an unknown email, and is given before the reset mail is written', async () => {
    const services = s.app.services;
    const real = services.mailer;
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    // Hold every reset mail until the answers are in: they can only arrive if the work is off the request path.
    services.mailer = { send: async (db, mail) => { await gate; return real.send(db, mail); } } satisfies Mailer;
    try {
      const known = await s.call('POST', '/api/auth/password/reset/', { body: { email: 'partner@partner.test' } });
      const unknown = await s.call('POST', '/api/auth/password/reset/', { body: { email: 'nobody-here@partner.test' } });
      expect({ status: known.status, body: known.text }).toEqual({ status: unknown.status, body: unknown.text });
      expect(known.body).toEqual({ detail: 'Password reset e-mail has been sent.' });
      expect(await mailsTo('partner@partner.test')).toHaveLength(0);
      release();
      await resetQueueOf(services).idle();
      expect(await mailsTo('partner@partner.test')).toHaveLength(1);
      expect(await mailsTo('nobody-here@partner.test')).toHaveLength(0);
    } finally {
      release();
      services.mailer = real;
    }
  });
});
