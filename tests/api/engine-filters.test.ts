/** The list query language: include/exclude lists, ranges, contains, null checks, search, escapes, links and tags. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let op: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
  op = await s.login('operator@demo.test');
});
afterAll(() => s?.close());

const codes = async (q: string, token = op) => {
  const res = await s.call('GET', `/api/product/?page_size=0&ordering=code&${q}`, { token });
  expect(res.status, `${q}: ${res.text}`).toBe(200);
  return res.body.map((p: any) => p.code);
};

describe('filters on products', () => {
  it('include and exclude lists; excluding keeps rows without a value', async () => {
    expect(await codes('class=3,8')).toEqual(['CRUDE', 'H2SO4', 'MEOH', 'ULSD']);
    expect(await codes('class__in=9')).toEqual(['SUL']);
    expect(await codes('class__not_in=3,8,2.1')).toEqual(['CANOLA', 'SUL', 'WHT']);
  });

  it('an empty value matches rows without one', async () => {
    expect(await codes('packingGroup=')).toEqual(['C3', 'C4', 'CANOLA', 'WHT']);
    expect(await codes('packingGroup=,I')).toEqual(['C3', 'C4', 'CANOLA', 'CRUDE', 'WHT']);
    expect(await codes('unCode__isnull=true')).toEqual(['CANOLA', 'WHT']);
    expect(await codes('unCode__isnull=false&class=2.1')).toEqual(['C3', 'C4']);
  });

  it('a comma inside a value is escaped', async () => {
    expect(await codes(`name=${encodeURIComponent('Sulphur\\, Molten,Propane')}`)).toEqual(['C3', 'SUL']);
  });

  it('ranges on decimals and contains on text', async () => {
    expect(await codes('density__gte=1.5')).toEqual(['H2SO4', 'SUL']);
    expect(await codes('density__lt=0.6')).toEqual(['C3', 'C4']);
    expect(await codes('density__gt=0.8&density__lte=0.87')).toEqual(['CRUDE', 'ULSD']);
    expect(await codes('name__icontains=SULPH')).toEqual(['H2SO4', 'SUL']);
    expect(await codes(`name__icontains=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('search needs every term to match one of the search fields', async () => {
    expect(await codes('search=acid')).toEqual(['H2SO4']);
    expect(await codes('search=un1 49')).toEqual(['C3', 'C4', 'CRUDE', 'H2SO4', 'MEOH', 'ULSD']);
    expect(await codes('search=propane butane')).toEqual([]);
  });

  it('ordering by several fields, descending with -', async () => {
    const res = await s.call('GET', '/api/product/?page_size=0&ordering=class,-name&class=2.1,3', { token: op });
    expect(res.body.map((p: any) => p.name)).toEqual(['Propane', 'Butane', 'Petroleum Crude Oil', 'Methanol', 'Diesel Fuel']);
  });

  it('dates and datetimes range', async () => {
    expect((await codes('created_at__gte=2000-01-01T00:00:00Z')).length).toBe(9);
    expect(await codes('created_at__lt=2000-01-01T00:00:00Z')).toEqual([]);
  });
});

describe('filters on links and tags', () => {
  it('many-to-many: any linked id matches; empty means no link', async () => {
    const groups = (await s.call('GET', '/api/groups/', { token: admin })).body;
    const driver = groups.find((g: any) => g.name === 'Driver').id;
    const operator = groups.find((g: any) => g.name === 'Operator').id;
    const emails = async (q: string) => {
      const res = await s.call('GET', `/api/user/?page_size=0&ordering=email&${q}`, { token: admin });
      expect(res.status, `${q}: ${res.text}`).toBe(200);
      return res.body.map((u: any) => u.email);
    };
    expect(await emails(`groups=${driver},${operator}`)).toEqual(['driver@demo.test', 'operator@demo.test']);
    expect(await emails('groups=')).toEqual(['admin@demo.test']);
    expect(await emails(`groups__not_in=${driver}&company=1`)).not.toContain('driver@demo.test');
    expect(await emails('roles=Driver,Operator')).toEqual(['driver@demo.test', 'operator@demo.test']);
    expect(await emails('roles__not_in=Site Administration&roles__isnull=false')).toEqual(['dispatcher@demo.test', 'driver@demo.test', 'operator@demo.test']);
  });
});
