/**
 * The mass balance through the real server (docs/terminal.md, Mass balance): a worked day at the
 * Fort Saskatchewan site, its movements recomputed here from the ticket list, tank gaugings made
 * through the API with a known loss on one product; exact decimals; the flag at the company's
 * tolerance; a month; files; bad input; rights and tenancy.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOfWallTime } from '../../src/lib/time-zone';
import { addDays } from '../../src/lib/contract-periods';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;
type Rec = Record<string, unknown> & { id: string };
type Line = Record<string, string | null | boolean>;

const milli = (v: unknown) => { const s = String(v ?? '0'); const neg = s.startsWith('-'); const [i, f = ''] = s.replace('-', '').split('.'); const n = BigInt(i) * 1000n + BigInt((f + '000').slice(0, 3)); return neg ? -n : n; };
const text = (n: bigint) => `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 1000n}.${String((n < 0n ? -n : n) % 1000n).padStart(3, '0')}`;

let site: Rec;
let day: string;
let product: string;
let tanks: Rec[];
const LOSS = 2500n; // 2.500 m³

/** The day's movements of one product, from the ticket list: into the site's tanks, out of them, transfers across their boundary. */
function movements(tickets: Rec[], tankIds: Set<string>, productId: string) {
  const m = { receipts: 0n, deliveries: 0n, transfers: 0n };
  for (const x of tickets.filter((k) => k.product === productId && k.net_volume !== null)) {
    const into = tankIds.has(String(x.destination_location));
    const out = tankIds.has(String(x.source_location));
    const v = milli(x.net_volume);
    if (x.ticket_type === 'transfer') m.transfers += (into ? v : 0n) - (out ? v : 0n);
    else if (into && !out) m.receipts += v;
    else if (out && !into) m.deliveries += v;
  }
  return m;
}

beforeAll(async () => {
  const sites = ok(await call('GET', 'terminalboss/v3/site/?page_size=0')) as unknown as Rec[];
  site = sites.find((s) => String(s.name).includes('Fort Saskatchewan')) ?? sites[0];
  tanks = ok(await call('GET', `terminalboss/v3/location/?site=${site.id}&location_type=tank&page_size=0`)) as unknown as Rec[];
  const done = ok(await call('GET', `terminalboss/v3/ticket/?created_by_server=${site.id}&status=completed&page_size=0`)) as unknown as Rec[];
  // The busiest past day of the site whose midnights the demo's own gaugings (first of the month, yesterday, today) leave alone.
  const byDay = new Map<string, number>();
  for (const x of done) byDay.set(String(x.ticket_date), (byDay.get(String(x.ticket_date)) ?? 0) + 1);
  day = [...byDay].filter(([d]) => d < addDays(new Date().toISOString().slice(0, 10), -3) && !d.endsWith('-01') && !addDays(d, 1).endsWith('-01'))
    .sort((a, b) => b[1] - a[1])[0][0];
  product = String(done.find((x) => x.ticket_date === day && x.net_volume !== null)!.product);
});

describe('mass balance', () => {
  it('balances a day per product: measured opening + receipts - deliveries + transfers against the measured closing, the loss exact and flagged', async () => {
    const zone = String(site.timezone);
    const tankIds = new Set(tanks.map((x) => x.id));
    const tickets = ok(await call('GET', `terminalboss/v3/ticket/?created_by_server=${site.id}&status=completed&ticket_date=${day}&page_size=0`)) as unknown as Rec[];
    const m = movements(tickets, tankIds, product);
    expect(m.receipts + m.deliveries, 'the day moved the product').toBeGreaterThan(0n);
    const mine = tanks.filter((x) => x.product_location === product);
    expect(mine.length).toBeGreaterThan(0);
    // Opening: 1,000.250 m³ in each of the product's tanks at the day's first midnight; closing: the book less the loss.
    const opening = 1000250n * BigInt(mine.length);
    const book = opening + m.receipts - m.deliveries + m.transfers;
    const startsAt = instantOfWallTime(`${day}T00:00`, zone)!;
    const endsAt = instantOfWallTime(`${addDays(day, 1)}T00:00`, zone)!;
    const gauge = async (location: string, at: string, volume: string) =>
      ok(await call('POST', 'terminalboss/v3/tank-gauging/', { location, product, gauged_at: at, net_volume: volume, method: 'atg' }), 201);
    for (const tank of mine) {
      await gauge(tank.id, startsAt, '1000.250');
      // An earlier gauging of the day before is not the opening: the latest at or before the start is.
      await gauge(tank.id, instantOfWallTime(`${addDays(day, -1)}T12:00`, zone)!, '5.000');
    }
    // The whole closing in the first tank, the others empty.
    await gauge(mine[0].id, endsAt, text(book - LOSS));
    for (const tank of mine.slice(1)) await gauge(tank.id, endsAt, '0.000');

    const b = ok(await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${day}`)) as unknown as { products: Line[]; total: Line; tolerance_percent: string; ended: boolean; starts_at: string; ends_at: string };
    expect(b.ended).toBe(true);
    expect([b.starts_at, b.ends_at]).toEqual([startsAt, endsAt]);
    const line = b.products.find((x) => x.product === product)!;
    expect(line).toMatchObject({
      opening: text(opening), receipts: text(m.receipts), deliveries: text(m.deliveries), transfers: text(m.transfers),
      book_closing: text(book), closing: text(book - LOSS), difference: '-2.500',
    });
    // -2.5 x 100 / (opening + receipts), to 3 places.
    expect(Math.abs(Number(line.percent) - (-250 / Number(text(opening + m.receipts))))).toBeLessThanOrEqual(0.0005);
    expect(line.percent).toMatch(/^-0\.\d{3}$/);
    // 2.5 m³ of about a thousand is about 0.2 %: inside the default 0.5 % tolerance.
    expect(b.tolerance_percent).toBe('0.500');
    expect(line.flagged).toBe(Math.abs(Number(line.percent)) > 0.5);
    // The site's total is the products' figures added exactly.
    const sum = (k: string) => text(b.products.reduce((n, x) => n + milli(x[k]), 0n));
    for (const k of ['opening', 'receipts', 'deliveries', 'transfers', 'book_closing']) expect(b.total[k], k).toBe(sum(k));

    // A tolerance below the loss flags it.
    const [conf] = ok(await call('GET', 'application_configuration/?page_size=0')) as unknown as Rec[];
    ok(await call('PATCH', `application_configuration/${conf.id}/`, { mass_balance_tolerance_percent: '0.100', version: conf.version }));
    const tight = ok(await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${day}`)) as unknown as { products: Line[] };
    expect(tight.products.find((x) => x.product === product)!.flagged).toBe(Math.abs(Number(line.percent)) > 0.1);
    expect(Math.abs(Number(line.percent))).toBeGreaterThan(0.1);

    // The next day opens with this one's closing.
    const next = ok(await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${addDays(day, 1)}`)) as unknown as { products: Line[] };
    expect(next.products.find((x) => x.product === product)!.opening).toBe(text(book - LOSS));
  });

  it('balances a month, writes CSV and XLSX, and refuses a bad period', async () => {
    const month = day.slice(0, 7);
    const b = ok(await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${month}`)) as unknown as { first_day: string; last_day: string; products: Line[] };
    expect(b.first_day).toBe(`${month}-01`);
    expect(b.last_day.slice(0, 7)).toBe(month);
    const x = await fetch(`${suite.s.url}/api/terminalboss/v3/site/${site.id}/mass_balance/?period=${day}&format=xlsx`, { headers: { authorization: `Token ${t.siteadmin}` } });
    expect(x.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Product', 'Opening (measured) (m³)', 'Receipts (m³)']);
    expect(sheet.lastRow!.getCell(1).value).toBe('Total');
    expect(typeof sheet.getRow(2).getCell(2).value).toBe('number');
    const c = await (await fetch(`${suite.s.url}/api/terminalboss/v3/site/${site.id}/mass_balance/?period=${day}&format=csv`, { headers: { authorization: `Token ${t.siteadmin}` } })).text();
    expect(c).toContain('"Gain (+) or loss (-) (m³)"');
    for (const bad of ['2026-13', '2026-02-30', 'yesterday']) {
      const r = await refused('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.period, bad).toBeDefined();
    }
  });

  it('shows the demo\'s known loss: yesterday at Fort Saskatchewan its Mixed Sweet Blend is 1.500 m³ short, everything else balances', async () => {
    const zone = String(site.timezone);
    const yesterday = addDays(new Date(Date.now()).toLocaleDateString('en-CA', { timeZone: zone }), -1);
    const b = ok(await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${yesterday}`)) as unknown as { products: Line[]; total: Line };
    const short = b.products.filter((x) => x.difference !== '0.000');
    expect(short.map((x) => [x.product_name, x.difference])).toEqual([['Mixed Sweet Blend', '-1.500']]);
    // Every line the site's tanks held is gauged, so the site's total is measured too, and short by the same.
    expect(b.total.difference).toBe('-1.500');
  });

  it('is the site\'s company\'s only, for those who read tickets and tank gaugings', async () => {
    expect((await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${day}`, undefined, t.partner)).status).toBeGreaterThanOrEqual(403);
    expect((await call('GET', `terminalboss/v3/site/${site.id}/mass_balance/?period=${day}`, undefined, t.dispatcher)).status).toBe(403);
    expect((await suite.s.call('GET', `/api/terminalboss/v3/site/${site.id}/mass_balance/?period=${day}`)).status).toBe(401);
  });
});
