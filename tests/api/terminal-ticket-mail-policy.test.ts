/**
 * email_multiple is guarded: its own codename (can_email_tickets), recipients outside the company's
 * contacts only with can_email_tickets_to_anyone, and TICKET_MAILS_PER_HOUR mails per user per hour.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/internal-tables';
import { joinTableOf, tableOf } from '../../server/db/tables';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { eventually, startServer, type TestServer } from './harness';

const TB = '/api/terminalboss/v3';
let s: TestServer;
let admin: string;
let op: string;
let driver: string;
let ticketId: string;

beforeAll(async () => {
  s = await startServer({ TICKET_MAILS_PER_HOUR: '3' });
  [admin, op, driver] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
  // One of the driver's own loads, which the operator reads too (docs/terminal.md, Drivers).
  ticketId = (await s.call('GET', `${TB}/ticket/?page_size=1`, { token: driver })).body.results[0].id;
});
afterAll(() => s?.close());

const mail = (token: string, recipients: string[]) => s.call('POST', `${TB}/ticket/email_multiple/`, { token, body: { ticket_ids: [ticketId], recipients } });
const outbox = async () => (await s.database.db.select({ to: mailOutbox.to }).from(mailOutbox)).map((m) => m.to);

describe('email_multiple', () => {
  it('sends to the company\'s contacts (a logistics party, a user) for a holder of can_email_tickets', async () => {
    const before = (await outbox()).length;
    expect(await mail(op, ['Receiving@Gulfcoast.example'])).toMatchObject({ status: 200, body: { sent: 1 } });
    expect(await mail(driver, ['dispatcher@demo.test'])).toMatchObject({ status: 200, body: { sent: 1 } });
    expect((await outbox()).slice(before)).toEqual(['receiving@gulfcoast.example', 'dispatcher@demo.test']);
  });

  it('refuses recipients outside the contacts without can_email_tickets_to_anyone, and sends nothing', async () => {
    const before = (await outbox()).length;
    const res = await mail(op, ['dispatcher@demo.test', 'stranger@elsewhere.example']);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^Not contacts of your company: stranger@elsewhere\.example\. .*"Can email tickets to anyone" permission\.$/);
    expect(await outbox()).toHaveLength(before);
    // A user of another company is no contact of this one.
    expect((await mail(op, ['partner@partner.test'])).status).toBe(403);
    // Site Administration holds the permission.
    expect(await mail(admin, ['stranger@elsewhere.example'])).toMatchObject({ status: 200, body: { sent: 1 } });
  });

  it('needs can_email_tickets, not just view', async () => {
    const db = s.database.db;
    const p = tableOf(permission);
    const g = tableOf(group);
    const gp = joinTableOf(group, 'permissions');
    const [code] = await db.select({ id: p.id }).from(p).where(eq(p.codename, 'can_email_tickets'));
    const [drivers] = await db.select({ id: g.id }).from(g).where(eq(g.name, 'Driver'));
    await db.delete(gp).where(and(eq(gp.owner_id, drivers.id), eq(gp.target_id, code.id)));
    try {
      expect(await eventually(async () => (await mail(driver, ['dispatcher@demo.test'])).status, 403, 5000)).toBe(403);
      expect((await s.call('GET', `${TB}/ticket/${ticketId}/`, { token: driver })).status).toBe(200); // still views tickets
    } finally {
      await db.insert(gp).values({ owner_id: drivers.id, target_id: code.id });
    }
    expect((await s.call('POST', `${TB}/ticket/email_multiple/`, { token: await s.login('dispatcher@demo.test'), body: { ticket_ids: [ticketId], recipients: ['driver@demo.test'] } })).status).toBe(403);
  });

  it('limits each user to TICKET_MAILS_PER_HOUR mails, one per recipient', async () => {
    // The operator sent one mail above; the limit is 3.
    expect(await mail(op, ['driver@demo.test'])).toMatchObject({ status: 200, body: { sent: 1 } });
    const before = (await outbox()).length;
    const over = await mail(op, ['driver@demo.test', 'dispatcher@demo.test']);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(/^You may send at most 3 ticket mails per hour \(one per recipient\); you sent 2 in the last hour, and this would send 2\. Try again in \d+ minutes?\.$/);
    expect(await outbox()).toHaveLength(before);
    expect(await mail(op, ['driver@demo.test'])).toMatchObject({ status: 200, body: { sent: 1 } });
    expect((await mail(op, ['driver@demo.test'])).status).toBe(429);
    // The limit is per user.
    expect(await mail(driver, ['operator@demo.test'])).toMatchObject({ status: 200, body: { sent: 1 } });
  });
});
