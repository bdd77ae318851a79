/**
 * A loaded car's temperature correction through the real server (docs/loading.md, The loaded car's
 * correction): computed by API MPMS 11.1 from the load temperature, the density and the product's
 * commodity group; recomputed when they change; a typed factor is an override that the car and its
 * history keep; a product without a group, or a reading outside the standard, refused on its field.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { nextCarNumber, ok, readyShipment as ready, shippingIds } from './rail-shipping-fixtures';
import { carFactors } from '../../src/lib/car-correction';

const suite = railSuite();
const { t, ids, call, refused } = suite;
const readyShipment = () => ready(suite, { day: '2026-11-12', cars: 0 });
const car = (shipment: number, o: Record<string, unknown> = {}) => ({ rail_shipment: shipment, car_mark: 'SHPX', car_number: nextCarNumber(), shell_capacity: '30000.00', volume_outage: '600.00', density: '0.8500', ...o });

beforeAll(() => shippingIds(suite));

describe('the computed correction', () => {
  it('a car given its load temperature and no factor is computed: crude of 850 kg/m³ at 86 °F (30 °C)', async () => {
    const x = await readyShipment();
    const made = ok(await call('POST', 'loaded_rail_car/', car(x.id, { load_temperature: '86' }), t.dispatcher), 201);
    // API MPMS 11.1: 0.98720 to 15 °C (the worked example of docs/loading.md); to 60 °F from the same density.
    expect(made).toMatchObject({ correction: 'computed', temperature_correction_factor_at_15c: '0.987200', temperature_correction_factor: `${carFactors('86', '0.85', 'crude').temperature_correction_factor}0` });
    // The net volume uses the factor to 60 °F: 29,400 gal × the factor, to the cent.
    expect(made.net_volume).toBe((Math.round(29400 * Number(made.temperature_correction_factor) * 100) / 100).toFixed(2));
    // A new temperature is corrected again.
    const warmer = ok(await call('PATCH', `loaded_rail_car/${made.id as number}/`, { load_temperature: '104', version: made.version }, t.dispatcher));
    expect(warmer).toMatchObject({ correction: 'computed', temperature_correction_factor_at_15c: `${carFactors('104', '0.85', 'crude').temperature_correction_factor_at_15c}0` });
    expect(Number(warmer.temperature_correction_factor)).toBeLessThan(Number(made.temperature_correction_factor));
  });

  it('a factor typed on a computed car is an override: kept, and the change from computed to typed is in the history', async () => {
    const x = await readyShipment();
    const made = ok(await call('POST', 'loaded_rail_car/', car(x.id, { load_temperature: '86' })), 201);
    const typed = ok(await call('PATCH', `loaded_rail_car/${made.id as number}/`, { temperature_correction_factor: '0.990000', version: made.version }));
    expect(typed).toMatchObject({ correction: 'typed', temperature_correction_factor: '0.990000' });
    // Typed stays typed: a new temperature leaves the factor alone.
    const later = ok(await call('PATCH', `loaded_rail_car/${made.id as number}/`, { load_temperature: '50', version: typed.version }));
    expect(later.temperature_correction_factor).toBe('0.990000');
    const history = ok(await call('GET', `rail_shipment/${x.id}/history/`)) as unknown as { resource: string; changes: Record<string, unknown> }[];
    expect(history.find((h) => h.resource === 'loaded_rail_car' && 'correction' in h.changes)?.changes.correction).toEqual(['computed', 'typed']);
    // Asked for again, it is computed from what the car holds now.
    const again = ok(await call('PATCH', `loaded_rail_car/${made.id as number}/`, { correction: 'computed', version: later.version }));
    expect(again.temperature_correction_factor_at_15c).toBe(`${carFactors('50', '0.85', 'crude').temperature_correction_factor_at_15c}0`);
  });

  it('a car with its factor sent stays typed, as before', async () => {
    const x = await readyShipment();
    const made = ok(await call('POST', 'loaded_rail_car/', car(x.id, { load_temperature: '86', temperature_correction_factor: '0.985000' })), 201);
    expect(made).toMatchObject({ correction: 'typed', temperature_correction_factor: '0.985000' });
  });

  it('refuses what the standard cannot correct, on its field, and writes nothing', async () => {
    const x = await readyShipment();
    expect((await refused('POST', 'loaded_rail_car/', car(x.id, { correction: 'computed', load_temperature: '86', density: '1.3000' }))).body)
      .toEqual({ density: [expect.stringMatching(/^A density of 1,300\.0 kg\/m³ at 15 °C is outside the range of crude oils/)] });
    expect((await refused('POST', 'loaded_rail_car/', car(x.id, { correction: 'computed', load_temperature: '350' }))).body)
      .toEqual({ load_temperature: [expect.stringMatching(/^A temperature of 176\.\d+ °C is outside the range of the standard/)] });
    // Canola oil has no commodity group.
    const [{ id: canola }] = await suite.rows<{ id: number }>(sql`select id from product where code = 'CANOLA' and company_id = ${ids.pbt}`);
    const k = ok(await call('POST', 'contract/', {
      contract_type: 'sale', party: ids.gcr, product: canola, facility: ids.fsk, carrier: ids.cn, number_of_cars: 4, start_date: '2026-11-01', end_date: '2026-11-30', status: 'active',
    }), 201);
    const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${k.id as number}`)) as unknown as { id: number }[];
    const s = ok(await call('POST', `rail_schedule/${schedule.id}/create_shipment/`, { date: '2026-11-12' }), 201);
    expect((await refused('POST', 'loaded_rail_car/', car(s.id as number, { correction: 'computed', load_temperature: '60', car_type: 'T' }))).body)
      .toEqual({ correction: ['Canola Oil has no commodity group for API MPMS 11.1: type the factors, or give the product its group.'] });
  });
});
