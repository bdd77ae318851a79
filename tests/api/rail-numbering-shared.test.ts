/**
 * Numbers under concurrent writes (docs/rail.md §9.2, §9.3): many blank contracts saved at once,
 * and many shipments shipped at once, get distinct consecutive contract and BOL numbers, from one
 * server process and, on PostgreSQL, from two server processes on one database (the second with
 * its own pool, as a second `npm start` would).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../server/db/connection';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let token: string;
let body: Record<string, unknown>;
let hrd: number;

beforeAll(async () => {
  s = await startServer();
  token = await s.login('siteadmin@demo.test');
  const id = async (table: string, code: string) => (await rawRows<{ id: number }>(s.database.db, sql`select p.id from ${sql.raw(`"${table}"`)} p join company c on c.id = p.company_id where p.code = ${code} and c.code = 'PBT'`))[0].id;
  hrd = await id('facility', 'HRD');
  body = { carrier: await id('party', 'CN'), contract_type: 'sale', party: await id('party', 'GCR'), product: await id('product', 'CRUDE'), facility: await id('facility', 'FSK'), number_of_cars: 10, start_date: '2026-11-01', end_date: '2026-11-30' };
}, 120_000);
afterAll(() => s?.close());

async function send<T>(base: string, method: string, path: string, payload: unknown, status: number): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, { method, headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  const answer = await res.json() as T;
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const create = async (base: string) => (await send<{ contract_number: string }>(base, 'POST', 'contract/', body, 201)).contract_number;

let carNumber = 7000;
/** `n` open shipments of an active contract, each with a destination, a route and one car: ready to ship. */
async function readyShipments(n: number): Promise<number[]> {
  const k = await send<{ id: number }>(s.url, 'POST', 'contract/', { ...body, status: 'active', number_of_cars: 1000 }, 201);
  const [{ id: schedule }] = await send<{ id: number }[]>(s.url, 'GET', `rail_schedule/list/?contract_id=${k.id}`, undefined, 200);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = await send<{ id: number; version: number }>(s.url, 'POST', `rail_schedule/${schedule}/create_shipment/`, { date: '2026-11-05' }, 201);
    await send(s.url, 'PATCH', `rail_shipment/${x.id}/`, { destination: hrd, hazardous_certificate_person: 'Sam Site', version: x.version }, 200);
    await send(s.url, 'POST', 'loaded_rail_car/', { rail_shipment: x.id, car_mark: 'BOLX', car_number: carNumber++, shell_capacity: '30000', volume_outage: '600' }, 201);
    ids.push(x.id);
  }
  return ids;
}
const ship = async (base: string, id: number) => (await send<{ bol_number: string }>(base, 'POST', `rail_shipment/${id}/ship/`, {}, 200)).bol_number;

/** The sequence numbers of `S-2026-0042`-style numbers, sorted; and whether they run without a gap. */
function consecutive(numbers: string[]): { distinct: number; gapless: boolean } {
  const seqs = numbers.map((n) => Number(/(\d+)$/.exec(n)![1])).sort((a, b) => a - b);
  return { distinct: new Set(numbers).size, gapless: seqs.every((n, i) => n === seqs[0] + i) };
}

describe('numbers of contracts saved at once', () => {
  it('40 blank contracts saved at once on one process get 40 distinct consecutive numbers', async () => {
    const numbers = await Promise.all(Array.from({ length: 40 }, () => create(s.url)));
    expect(consecutive(numbers)).toEqual({ distinct: 40, gapless: true });
  });
});

describe('BOL numbers of shipments shipped at once', () => {
  it('20 shipments shipped at once on one process get 20 distinct consecutive BOL numbers', async () => {
    const ids = await readyShipments(20);
    expect(consecutive(await Promise.all(ids.map((id) => ship(s.url, id))))).toEqual({ distinct: 20, gapless: true });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let other: { base: string; close(): Promise<void> };
  beforeAll(async () => { other = await s.sibling(); });
  afterAll(() => other?.close());

  it('50 blank contracts on each process at once get 100 distinct consecutive numbers, following those given before', async () => {
    const before = await create(s.url);
    const numbers = await Promise.all(Array.from({ length: 100 }, (_, i) => create(i % 2 ? other.base : s.url)));
    expect(consecutive([before, ...numbers])).toEqual({ distinct: 101, gapless: true });
    const [{ n }] = await rawRows<{ n: number }>(s.database.db, sql`select count(distinct contract_number)::int as n from contract where contract_number in ${numbers}`);
    expect(n).toBe(100);
  });

  it('25 shipments shipped on each process at once get 50 consecutive BOL numbers, no gap and no duplicate', async () => {
    const ids = await readyShipments(50);
    const numbers = await Promise.all(ids.map((id, i) => ship(i % 2 ? other.base : s.url, id)));
    expect(consecutive(numbers)).toEqual({ distinct: 50, gapless: true });
  });
});
