/** The company's application configuration: a form of plain fields, each checked, never a raw JSON editor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let config: { id: number; version: number };
const URL = '/api/application_configuration/';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('siteadmin@demo.test');
  [config] = (await s.call('GET', `${URL}?page_size=0`, { token: admin })).body;
});
afterAll(() => s?.close());

describe('application configuration', () => {
  it('offers the time zone and title as form fields, and the free settings and the decimals no screen reads only through the API', async () => {
    const form = (await s.call('GET', `${URL}form_configuration/`, { token: admin })).body;
    const fields = JSON.stringify(form);
    expect(fields).toContain('company_universal_timezone');
    const sections = form.sections ?? form.form?.sections ?? form;
    expect(JSON.stringify(sections)).not.toMatch(/"settings"/);
    expect(JSON.stringify(sections)).not.toMatch(/"quantity_decimals"/);
  });

  it('refuses a time zone that does not exist and decimals out of range, with the field named', async () => {
    const bad = await s.call('PATCH', `${URL}${config.id}/`, { token: admin, body: { company_universal_timezone: 'Mountain Time', quantity_decimals: '9' } });
    expect(bad.status).toBe(400);
    expect(bad.body.company_universal_timezone[0]).toMatch(/Unknown time zone/);
    expect(bad.body.quantity_decimals).toBeDefined();
    const good = await s.call('PATCH', `${URL}${config.id}/`, { token: admin, body: { company_universal_timezone: 'America/Regina', quantity_decimals: '3' } });
    expect(good.status, good.text).toBe(200);
    expect(good.body).toMatchObject({ company_universal_timezone: 'America/Regina', quantity_decimals: '3' });
  });
});
