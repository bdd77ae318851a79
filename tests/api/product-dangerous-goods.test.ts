/**
 * The product's dangerous goods entries and the shipment's residue through the real server
 * (docs/rail.md §10.7): the fields are taken and answered as sent; each bad value is a 400 on its
 * own field with nothing written, also where two fields contradict each other (a subsidiary class
 * that is the primary one, zone C or D on a material that is not a gas).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillDemoShippingFacts } from '../../server/seed/demo-products';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { call, refused } = suite;
let n = 0;
const code = () => `DG${Date.now() % 100000}${++n}`;

const ENTRIES = {
  subsidiary_classes: '6.1, 8', rq: true, hazardous_substance: 'Allyl alcohol', marine_pollutant: true, inhalation_hazard_zone: 'B',
  elevated_temperature: false, emergency_registrant: 'CCN 204871', erap_number: '2-0340', erap_phone: '+1 780-555-0148',
};

beforeAll(() => shippingIds(suite));

describe('product: the dangerous goods entries (docs/rail.md §10.7)', () => {
  it('takes every entry and answers it as sent', async () => {
    const p = ok(await call('POST', 'product/', { name: 'Test toxic liquid', code: code(), unCode: 'UN2929', class: '3', packingGroup: 'I', ...ENTRIES }), 201);
    expect(p).toMatchObject(ENTRIES);
    const read = ok(await call('GET', `product/${p.id as number}/`));
    expect(read).toMatchObject(ENTRIES);
  });

  it('refuses each bad value on its own field, with nothing written', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['subsidiary_classes', '9.9', /^9\.9 is not a hazard class or division/],
      ['subsidiary_classes', '8, 8', /^Name each subsidiary class once\.$/],
      ['subsidiary_classes', '3, 6.1, 8, 9', /^At most 3 subsidiary classes\.$/],
      ['inhalation_hazard_zone', 'E', /./],
      ['erap_phone', 'call the plant', /^Enter a telephone number/],
      ['rq', 'maybe', /./],
      ['marine_pollutant', 'sometimes', /./],
      ['elevated_temperature', 12, /./],
      ['hazardous_substance', 'x'.repeat(121), /./],
      ['emergency_registrant', 'x'.repeat(121), /./],
    ];
    for (const [field, value, message] of cases) {
      const res = await refused('POST', 'product/', { name: `Bad ${field}`, code: code(), unCode: 'UN2929', class: '3', [field]: value });
      expect(res.status, `${field} ${String(value)}`).toBe(400);
      const body = res.body as Record<string, string[]>;
      expect(Object.keys(body), `${field} ${String(value)}`).toEqual([field]);
      expect(body[field][0]).toMatch(message);
      expect(res.changed).toEqual([]);
    }
  });

  it('refuses a subsidiary class that is the primary one, and zone C or D on a material that is not a gas', async () => {
    const same = await refused('POST', 'product/', { name: 'Same class', code: code(), unCode: 'UN1830', class: '8', subsidiary_classes: '6.1, 8' });
    expect(same.body).toEqual({ subsidiary_classes: ['8 is the primary class; list only the subsidiary ones.'] });
    expect(same.changed).toEqual([]);
    const gas = ok(await call('POST', 'product/', { name: 'Test toxic gas', code: code(), unCode: 'UN1005', class: '2.3', subsidiary_classes: '8', inhalation_hazard_zone: 'D' }), 201);
    // The class changed to a liquid's: the zone the product keeps no longer fits.
    const liquid = await refused('PATCH', `product/${gas.id as number}/`, { class: '6.1', version: gas.version });
    expect(liquid.body).toEqual({ inhalation_hazard_zone: ['Zone D is for gases; a class 6.1 material is in zone A or B.'] });
    expect(liquid.changed).toEqual([]);
    ok(await call('PATCH', `product/${gas.id as number}/`, { class: '6.1', inhalation_hazard_zone: 'B', version: gas.version }));
  });

  it('checks them when an update sets one of them: a change of anything else is the plain update, whatever is stored', async () => {
    const p = ok(await call('POST', 'product/', { name: 'Test old entry', code: code(), unCode: 'UN1830', class: '8' }), 201);
    // Stored before the rule existed (or by plain SQL): a subsidiary class equal to the primary one.
    await suite.s.database.db.execute(sql`update product set subsidiary_classes = '8' where id = ${p.id as number}`);
    ok(await call('PATCH', `product/${p.id as number}/`, { description: 'Renamed drums' }));
    const touched = await refused('PATCH', `product/${p.id as number}/`, { class: '8' });
    expect(touched.body).toEqual({ subsidiary_classes: ['8 is the primary class; list only the subsidiary ones.'] });
  });
});

describe('rail_shipment: residue', () => {
  it('is a yes or no, no by default', async () => {
    const x = await readyShipment(suite, { cars: 1 });
    expect(x.shipment.residue).toBe(false);
    const bad = await refused('PATCH', `rail_shipment/${x.id}/`, { residue: 'empty', version: x.shipment.version });
    expect(Object.keys(bad.body as object)).toEqual(['residue']);
    expect(bad.changed).toEqual([]);
    expect(ok(await call('PATCH', `rail_shipment/${x.id}/`, { residue: true, version: x.shipment.version }))).toMatchObject({ residue: true });
  });
});

describe('a demo database made before the shipping facts (docs/rail.md §13)', () => {
  it('gets the demo products\' shipping name, 24-hour number and ERAP telephone where they are empty, and keeps what an administrator wrote', async () => {
    const company = suite.ids.pbt;
    await suite.rows(sql`update product set shipping_name = null, emergency_phone = null, erap_phone = null where company_id = ${company} and code = 'CRUDE'`);
    await suite.rows(sql`update product set shipping_name = 'BUTANE, COMMERCIAL', emergency_phone = null where company_id = ${company} and code = 'C4'`);
    await fillDemoShippingFacts(suite.s.database.db, [company]);
    const read = async (c: string) => (await suite.rows<Record<string, string | null>>(
      sql`select shipping_name, emergency_phone, erap_phone from product where company_id = ${company} and code = ${c}`))[0];
    expect(await read('CRUDE')).toEqual({ shipping_name: 'PETROLEUM CRUDE OIL', emergency_phone: '+1 780-555-0147', erap_phone: '+1 780-555-0148' });
    expect(await read('C4')).toMatchObject({ shipping_name: 'BUTANE, COMMERCIAL', emergency_phone: '+1 780-555-0147' });
    // A product that is no dangerous good gets none.
    expect(await read('WHT')).toEqual({ shipping_name: null, emergency_phone: null, erap_phone: null });
    await suite.rows(sql`update product set shipping_name = 'BUTANE' where company_id = ${company} and code = 'C4'`);
  });
});
