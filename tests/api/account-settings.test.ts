/** A user's personal settings (ui_config, app_config): merged key by key, and bounded as a whole. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { SETTINGS_MAX_BYTES } from '../../src/resources/accounts/user';

let s: TestServer;
let driver: string;
beforeAll(async () => {
  s = await startServer();
  driver = await s.login('driver@demo.test');
});
afterAll(() => s?.close());

const big = (n: number) => 'x'.repeat(n);

describe('personal settings', () => {
  it('saved key by key, they cannot grow past the cap, and a refused save changes nothing', async () => {
    const third = Math.floor(SETTINGS_MAX_BYTES / 3);
    expect((await s.call('PATCH', '/api/user/me/', { token: driver, body: { ui_config: { a: big(third) } } })).status).toBe(200);
    expect((await s.call('PATCH', '/api/user/me/', { token: driver, body: { ui_config: { b: big(third) } } })).status).toBe(200);
    const over = await s.call('PATCH', '/api/user/me/', { token: driver, body: { ui_config: { c: big(third) } } });
    expect(over).toMatchObject({ status: 400, body: { non_field_errors: ['Settings are too large (512 KB at most).'] } });
    const me = (await s.call('GET', '/api/user/me/', { token: driver })).body;
    expect(Object.keys(me.ui_config)).toEqual(expect.arrayContaining(['a', 'b']));
    expect(me.ui_config.c).toBeUndefined();
    // Replacing a key with a smaller value still fits.
    expect((await s.call('PATCH', '/api/user/me/', { token: driver, body: { ui_config: { b: 'small' } } })).status).toBe(200);
  });

  it('the same cap holds through the generic user API', async () => {
    const admin = await s.login('admin@demo.test');
    const me = (await s.call('GET', '/api/user/me/', { token: driver })).body;
    expect((await s.call('PATCH', `/api/user/${me.id}/`, { token: admin, body: { app_config: { table: big(100 * 1024) } } })).status).toBe(200);
    const over = await s.call('PATCH', `/api/user/${me.id}/`, { token: admin, body: { app_config: { table: big(SETTINGS_MAX_BYTES) } } });
    expect(over.status).toBe(400);
    expect(over.body.app_config[0]).toMatch(/at most 524288 bytes/);
  });
});
