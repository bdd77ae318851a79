/**
 * Contract numbers under concurrent saves (docs/rail.md §9.2, §9.3): many blank contracts saved at
 * once get distinct consecutive numbers, from one server process and, on PostgreSQL, from two
 * server processes on one database (the second with its own pool, as a second `npm start` would).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../server/db/connection';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let token: string;
let body: Record<string, unknown>;

beforeAll(async () => {
  s = await startServer();
  token = await s.login('siteadmin@demo.test');
  const id = async (table: string, code: string) => (await rawRows<{ id: number }>(s.database.db, sql`select p.id from ${sql.raw(`"${table}"`)} p join company c on c.id = p.company_id where p.code = ${code} and c.code = 'PBT'`))[0].id;
  body = { contract_type: 'sale', party: await id('party', 'GCR'), product: await id('product', 'CRUDE'), facility: await id('facility', 'FSK'), number_of_cars: 10, start_date: '2026-11-01', end_date: '2026-11-30' };
}, 120_000);
afterAll(() => s?.close());

async function create(base: string): Promise<string> {
  const res = await fetch(`${base}/api/contract/`, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await res.json() as { contract_number: string };
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(answer)}`);
  return answer.contract_number;
}

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
});
