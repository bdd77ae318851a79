/**
 * Sign-in throttling (server/auth/login-throttle.ts): a burst of wrong passwords stops the
 * attacker's own address, not the user signing in from elsewhere; each further attempt of a pair
 * waits longer; the per-email ceiling still stops a guess spread over many addresses, except from
 * an address the user signed in from. Addresses come from X-Forwarded-For (TRUST_PROXY=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { DEMO_PASSWORD } from '../../server/seed/demo-data';

const DELAY_MS = 150;
let s: TestServer;
const trustProxyBefore = process.env.TRUST_PROXY;

beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  s = await startServer({
    TRUST_PROXY: '1',
    LOGIN_LIMIT_PER_EMAIL_ADDRESS: '4',
    LOGIN_DELAY_AFTER: '2',
    LOGIN_DELAY_MS: String(DELAY_MS),
    LOGIN_LIMIT_PER_EMAIL: '12',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
  });
}, 120_000);
afterAll(async () => {
  await s?.close();
  if (trustProxyBefore === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxyBefore;
});

const login = (email: string, password: string, address: string) =>
  s.call('POST', '/api/auth/login/', { body: { email, password }, headers: { 'x-forwarded-for': address } });

describe('sign-in throttling', () => {
  it('an attacker\'s burst throttles the attacker\'s address, not the user signing in from another', async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, () => login('operator@demo.test', 'guess-guess-1', '203.0.113.66')));
    expect(burst.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    expect((await login('operator@demo.test', DEMO_PASSWORD, '203.0.113.66')).status).toBe(429);
    expect((await login('operator@demo.test', DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it('each further attempt of a pair waits longer before the password is checked', async () => {
    const timed = async () => {
      const t0 = performance.now();
      const res = await login('driver@demo.test', 'guess-guess-1', '203.0.113.80');
      return { status: res.status, ms: performance.now() - t0 };
    };
    await timed();
    await timed();
    const third = await timed();
    const fourth = await timed();
    expect([third.status, fourth.status]).toEqual([400, 400]);
    // Lower bounds only: a slow machine cannot make these fail.
    expect(third.ms).toBeGreaterThanOrEqual(DELAY_MS * 0.95);
    expect(fourth.ms).toBeGreaterThanOrEqual(2 * DELAY_MS * 0.95);
    expect((await timed()).status).toBe(429);
  });

  it('the per-email ceiling stops a distributed guess, but not the user at an address it signed in from', async () => {
    expect((await login('dispatcher@demo.test', DEMO_PASSWORD, '192.0.2.10')).status).toBe(200);
    // Four addresses, three guesses each: under the pair limit, 12 attempts on the email.
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const statuses = await Promise.all(addresses.map(async (a) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await login('dispatcher@demo.test', 'guess-guess-1', a)).status);
      return out;
    }));
    expect(statuses.flat().every((x) => x === 400)).toBe(true);
    expect((await login('dispatcher@demo.test', DEMO_PASSWORD, '203.0.113.99')).status).toBe(429);
    expect((await login('dispatcher@demo.test', DEMO_PASSWORD, '192.0.2.10')).status).toBe(200);
  });
});
