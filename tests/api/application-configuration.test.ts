/** The company's application configuration: a form of plain fields, each checked, never a raw JSON editor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { applicationConfiguration } from '../../src/resources/accounts/application-configuration';

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

  it('get_company_config answers the configuration of the company the user acts for', async () => {
    const operator = await s.login('operator@demo.test');
    const res = await s.call('GET', `${URL}get_company_config/`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: config.id, company: expect.any(Number), company_universal_timezone: expect.any(String) });
  });

  it('get_company_config answers the defaults for a company that has no configuration stored', async () => {
    const t = tableOf(applicationConfiguration);
    await s.database.db.delete(t).where(eq(t.id, config.id));
    const res = await s.call('GET', `${URL}get_company_config/`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { company: expect.any(Number), company_universal_timezone: 'UTC', application_title: null, quantity_decimals: '2', settings: {} } });
  });
});
