/**
 * In-app notifications through the real server (docs/notifications.md): raised by one function to
 * named users or to the company's holders of a codename, once per key, optionally mailed; read by
 * their user only (an administrator, a superuser, another company see none of them); marked read
 * one by one or all at once; never written through the generic routes. Certificates due to expire
 * are announced once by the sweep, whichever process sweeps.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/notify/raise';
import { sweepCertificates } from '../../server/notify/certificate-sweep';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Rec, dayFrom, mailsTo } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t, ids } = suite;
const db = () => suite.s.database.db;
const me: Record<string, number> = {};

/** The caller's notifications, newest first. */
export const inbox = async (token: string) => ok(await call('GET', 'notification/?page_size=0', undefined, token)) as unknown as Rec[];
const unread = async (token: string) => Number((ok(await call('GET', 'notification/unread_count/', undefined, token)) as Rec).count);

beforeAll(async () => {
  for (const who of ['siteadmin', 'dispatcher', 'driver', 'operator', 'admin', 'partner']) me[who] = (ok(await call('GET', 'user/me/', undefined, t[who])) as Rec).id;
});

describe('notifications', () => {
  it('reach the named user only: others, an administrator and a superuser included, neither list nor open them', async () => {
    const before = await unread(t.dispatcher);
    expect(await notify(db(), ids.pbt, { users: [me.dispatcher] }, { kind: 'message', title: 'Rack 2 closes at noon', body: 'Maintenance.', link: '/scheduler/slots/' })).toBe(1);
    const [n] = await inbox(t.dispatcher);
    expect(n).toMatchObject({ user: me.dispatcher, kind: 'message', level: 'info', title: 'Rack 2 closes at noon', body: 'Maintenance.', link: '/scheduler/slots/', read_at: null, company: ids.pbt });
    expect(await unread(t.dispatcher)).toBe(before + 1);
    for (const who of ['siteadmin', 'admin', 'operator', 'partner']) {
      expect((await inbox(t[who])).map((x) => x.id), who).not.toContain(n.id);
      expect((await call('GET', `notification/${n.id}/`, undefined, t[who])).status, who).toBe(404);
      expect((await refused('POST', `notification/${n.id}/mark_read/`, {}, t[who])).status, who).toBe(404);
    }
    // Every signed-in user has a bell, whatever his permissions: the driver holds none of this resource's.
    expect(await unread(t.driver)).toBe(0);
    expect(await inbox(t.driver)).toEqual([]);
    expect((await suite.s.call('GET', '/api/notification/unread_count/')).status).toBe(401);
  });

  it('are marked read once, one at a time or all together', async () => {
    await notify(db(), ids.pbt, { users: [me.operator] }, { kind: 'message', title: 'First' });
    await notify(db(), ids.pbt, { users: [me.operator] }, { kind: 'message', title: 'Second' });
    const [second, first] = await inbox(t.operator);
    const read = ok(await call('POST', `notification/${first.id}/mark_read/`, {}, t.operator));
    expect(read).toMatchObject({ id: first.id, title: 'First', read_at: expect.any(String) });
    const again = ok(await call('POST', `notification/${first.id}/mark_read/`, {}, t.operator));
    expect(again.read_at).toBe(read.read_at);
    expect(await unread(t.operator)).toBe(1);
    expect(ok(await call('GET', 'notification/?read_at__isnull=true&page_size=0', undefined, t.operator))).toHaveLength(1);
    expect(ok(await call('POST', 'notification/mark_all_read/', {}, t.operator))).toEqual({ marked: 1 });
    expect(ok(await call('POST', 'notification/mark_all_read/', {}, t.operator))).toEqual({ marked: 0 });
    expect((await inbox(t.operator)).find((x) => x.id === second.id)!.read_at).toEqual(expect.any(String));
    // Marking all read marks only one's own.
    await notify(db(), ids.pbt, { users: [me.siteadmin] }, { kind: 'message', title: 'Still unread' });
    ok(await call('POST', 'notification/mark_all_read/', {}, t.operator));
    expect((await inbox(t.siteadmin))[0]).toMatchObject({ title: 'Still unread', read_at: null });
  });

  it('only the server writes them: the generic routes are refused, with nothing written', async () => {
    const [n] = await inbox(t.siteadmin);
    for (const [method, path, body] of [
      ['POST', 'notification/', { user: me.siteadmin, title: 'Forged', kind: 'message' }],
      ['PATCH', `notification/${n.id}/`, { title: 'Changed', version: n.version }],
      ['DELETE', `notification/${n.id}/`, { version: n.version }],
      ['POST', `notification/${n.id}/clone/`, {}],
    ] as const) {
      const res = await refused(method, path, body, t.admin);
      expect(res.changed, `${method} ${path}`).toEqual([]);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
  });

  it('reach the holders of a codename in the company, once per key, and are mailed when asked', async () => {
    const key = `test:${Date.now()}`;
    const notice = { kind: 'message' as const, level: 'warning' as const, title: 'Bookings need a look', link: '/scheduler/slots/', key };
    const mail = { mailer: suite.s.app.services.mailer, config: suite.s.config };
    // view_booking: the site administrator, the dispatcher, the operator; the superuser acting for the company; not the driver.
    expect(await notify(db(), ids.pbt, { holding: 'view_booking' }, notice, mail)).toBe(4);
    for (const who of ['siteadmin', 'dispatcher', 'operator', 'admin']) expect((await inbox(t[who]))[0], who).toMatchObject({ title: 'Bookings need a look', level: 'warning', mailed: true });
    expect((await inbox(t.driver)).map((x) => x.title)).not.toContain('Bookings need a look');
    // Another company's holders are not this company's.
    expect((await inbox(t.partner)).map((x) => x.title)).not.toContain('Bookings need a look');
    const [mailed] = await mailsTo(suite, 'dispatcher@demo.test');
    expect(mailed).toMatchObject({ subject: 'Bookings need a look' });
    expect(mailed.body).toContain('http://app.test/scheduler/slots/');
    // The same key again: nobody gets it twice, nothing is mailed twice.
    expect(await notify(db(), ids.pbt, { holding: 'view_booking' }, notice, mail)).toBe(0);
    expect((await mailsTo(suite, 'dispatcher@demo.test')).filter((m) => m.subject === 'Bookings need a look')).toHaveLength(1);
    // An inactive user gets none.
    await suite.rows(sql`update "user" set is_active = false where id = ${me.operator}`);
    try {
      expect(await notify(db(), ids.pbt, { users: [me.operator] }, { kind: 'message', title: 'Nobody home' })).toBe(0);
    } finally {
      await suite.rows(sql`update "user" set is_active = true where id = ${me.operator}`);
    }
  });
});

describe('certificate expiry', () => {
  it('is announced once before and once after, to those who change certificates, and again for a new date', async () => {
    const company = [ok(await call('POST', 'terminalboss/v3/company/', { name: 'Expiring Carriers', company_code: 'EXPC' }), 201)];
    const kinds = ok(await call('GET', 'terminalboss/v3/certification/?page_size=0&certificate_type=COM')) as unknown as Rec[];
    const kind = kinds[0] ?? ok(await call('POST', 'terminalboss/v3/certification/', { name: 'Carrier insurance', certificate_type: 'COM' }), 201);
    const R = 'terminalboss/v3/companycertification';
    const soon = ok(await call('POST', `${R}/`, { certification: kind.id, company_table: company[0].id, certificate_number: 'SOON-1', expiry_date: dayFrom(5) }), 201);
    const gone = ok(await call('POST', `${R}/`, { certification: kind.id, company_table: company[0].id, certificate_number: 'GONE-1', expiry_date: dayFrom(-3) }), 201);
    const old = ok(await call('POST', `${R}/`, { certification: kind.id, company_table: company[0].id, certificate_number: 'OLD-1', expiry_date: dayFrom(-90) }), 201);
    const far = ok(await call('POST', `${R}/`, { certification: kind.id, company_table: company[0].id, certificate_number: 'FAR-1', expiry_date: dayFrom(200) }), 201);

    await sweepCertificates(db());
    const titles = async () => (await inbox(t.siteadmin)).filter((x) => x.kind === 'certificate').map((x) => `${String(x.level)} ${String(x.title)}`);
    const got = await titles();
    expect(got).toContain(`warning Company certification expires soon: ${String(kind.name)} SOON-1, on ${dayFrom(5)}`);
    expect(got).toContain(`alert Company certification expired: ${String(kind.name)} GONE-1, on ${dayFrom(-3)}`);
    expect(got.join('\n')).not.toMatch(/OLD-1|FAR-1/);
    const [one] = (await inbox(t.siteadmin)).filter((x) => String(x.title).includes('SOON-1'));
    expect(one.link).toBe(`/company/terminalboss/v3/certification/${String(kind.id)}/`);
    // Those who may not change certificates hear nothing of them.
    expect((await inbox(t.driver)).filter((x) => x.kind === 'certificate')).toEqual([]);
    // A second sweep (another process, a restart) adds nothing.
    await sweepCertificates(db());
    expect(await titles()).toEqual(got);
    // Renewed with a new date inside the reminder window: announced again.
    ok(await call('PATCH', `${R}/${String(soon.id)}/`, { expiry_date: dayFrom(6), version: soon.version }));
    await sweepCertificates(db());
    expect((await titles()).filter((x) => x.includes('SOON-1'))).toHaveLength(2);
    for (const c of [soon, gone, old, far]) ok(await call('DELETE', `${R}/${String(c.id)}/`, { version: c.id === soon.id ? Number(soon.version) + 1 : c.version }), 204);
  });
});
