/**
 * Risers, their schedule settings and the forms list (docs/loading.md, Risers; docs/forms.md)
 * through the real server: what each refuses, one settings record per company, and nothing of
 * another company's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let siteadmin: string;
let partner: string;

beforeAll(async () => {
  s = await startServer();
  [siteadmin, partner] = await Promise.all([s.login('siteadmin@demo.test'), s.login('partner@partner.test')]);
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('risers', () => {
  it('the demo rack has four risers, one in maintenance, and schedule settings', async () => {
    const risers = (await s.call('GET', '/api/riser/?page_size=0&ordering=position', { token: siteadmin })).body;
    expect(risers.map((r: any) => [r.name, r.status])).toEqual([['Riser 1', 'active'], ['Riser 2', 'active'], ['Riser 3', 'active'], ['Riser 4', 'maintenance']]);
    expect((await s.call('GET', '/api/riser_schedule_company_config/?page_size=0', { token: siteadmin })).body).toEqual([expect.objectContaining({ day_start: '06:00', changeover_minutes: 15 })]);
    expect((await s.call('GET', '/api/riser/?page_size=0', { token: partner })).body).toEqual([]);
  });

  it('refuses a riser named twice at a facility, at another company\'s facility, or with bad numbers, writing nothing', async () => {
    const [first] = (await s.call('GET', '/api/riser/?page_size=0&ordering=position', { token: siteadmin })).body;
    const twice = await s.call('POST', '/api/riser/', { token: siteadmin, body: { facility: first.facility, name: 'Riser 1' } });
    expect(twice.status).toBe(400);
    const partnerFacility = (await s.call('GET', '/api/facility/?page_size=0', { token: partner })).body[0];
    const foreign = await s.call('POST', '/api/riser/', { token: siteadmin, body: { facility: partnerFacility.id, name: 'Borrowed' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.facility[0]).toContain('object does not exist');
    const bad = await s.call('POST', '/api/riser/', { token: siteadmin, body: { facility: first.facility, name: 'Riser 9', cars_at_once: 0, max_rate: '-5', load_minutes: 'soon' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cars_at_once', 'load_minutes', 'max_rate']);
    expect((await s.call('GET', '/api/riser/?page_size=0', { token: siteadmin })).body).toHaveLength(4);
  });

  it('keeps one schedule settings record per company, with clock times', async () => {
    const again = await s.call('POST', '/api/riser_schedule_company_config/', { token: siteadmin, body: { day_start: '05:00', day_end: '21:00', changeover_minutes: 10, default_load_minutes: 80, days_ahead: 5 } });
    expect(again.status).toBe(400);
    const [mine] = (await s.call('GET', '/api/riser_schedule_company_config/?page_size=0', { token: siteadmin })).body;
    const badTime = await s.call('PATCH', `/api/riser_schedule_company_config/${mine.id}/`, { token: siteadmin, body: { day_start: '24:30' } });
    expect(badTime.body).toEqual({ day_start: ['A time as HH:MM, e.g. 06:00.'] });
    expect((await s.call('PATCH', `/api/riser_schedule_company_config/${mine.id}/`, { token: siteadmin, body: { day_end: '02:00' } })).status).toBe(200);
    // The partner company keeps its own.
    expect((await s.call('POST', '/api/riser_schedule_company_config/', { token: partner, body: { day_start: '07:00', day_end: '19:00', changeover_minutes: 20, default_load_minutes: 60, days_ahead: 3 } })).status).toBe(201);
    expect((await s.call('GET', `/api/riser_schedule_company_config/${mine.id}/`, { token: partner })).status).toBe(404);
  });
});

describe('forms list', () => {
  it('a form starts as a draft with an empty structure; names are unique in a company', async () => {
    const made = await s.call('POST', '/api/form/', { token: siteadmin, body: { name: 'Tank car pre-load inspection', category: 'inspection' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ status: 'draft', structure: {} });
    expect((await s.call('POST', '/api/form/', { token: siteadmin, body: { name: 'Tank car pre-load inspection' } })).status).toBe(400);
    expect((await s.call('POST', '/api/form/', { token: partner, body: { name: 'Tank car pre-load inspection' } })).status).toBe(201);
    expect((await s.call('GET', `/api/form/${made.body.id}/`, { token: partner })).status).toBe(404);
    expect((await s.call('POST', '/api/form/', { token: siteadmin, body: { name: 'x', category: 'poll' } })).body).toHaveProperty('category');
  });
});
