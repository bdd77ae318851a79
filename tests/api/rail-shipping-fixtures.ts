/**
 * A shipment ready to ship, as the shipping and printing tests start from: an active November
 * sale of Prairie Bulk's crude oil to Gulf Coast Refining from Fort Saskatchewan, its schedule, and
 * an open shipment for one of its days with a destination, a route and loaded tank cars of the
 * worked example (docs/rail.md §4.4: 30,000 US gal shell, 600 outage, factor 0.985, density 0.87).
 */
import { expect } from 'vitest';
import type { RailSuite } from './rail-fixtures';
import type { Answer } from './contract/client';

export const ok = (res: Answer, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
};

export const TANK_CAR = { shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700' };

/** Looks up the demo records these shipments name (call in beforeAll). */
export async function shippingIds(r: RailSuite) {
  for (const [key, table, code] of [['gcr', 'party', 'GCR'], ['cn', 'party', 'CN'], ['crude', 'product', 'CRUDE'], ['fsk', 'facility', 'FSK'], ['hrd', 'facility', 'HRD']] as const) {
    r.ids[key] = await r.idOf(table, code);
  }
}

let carSeq = 500;
export const nextCarNumber = () => carSeq++;

export async function readyShipment(r: RailSuite, o: { day?: string; cars?: number; contract?: Record<string, unknown>; mark?: string } = {}) {
  const { ids, call } = r;
  const day = o.day ?? '2026-11-10';
  const k = ok(await call('POST', 'contract/', {
    contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 10,
    start_date: '2026-11-01', end_date: '2026-11-30', status: 'active', ...o.contract,
  }), 201);
  const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${k.id as number}`)) as unknown as { id: number }[];
  const s = ok(await call('POST', `rail_schedule/${schedule.id}/create_shipment/`, { date: day }), 201);
  const patched = ok(await call('PATCH', `rail_shipment/${s.id as number}/`, { destination: ids.hrd, routing: 'CN', version: s.version }));
  for (let i = 0; i < (o.cars ?? 2); i++) {
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: s.id, car_mark: o.mark ?? 'SHPX', car_number: nextCarNumber(), ...TANK_CAR }), 201);
  }
  return { contract: k, scheduleId: schedule.id, shipment: patched, id: s.id as number };
}
