/**
 * Customs invoices (docs/invoicing.md, Customs) through the real server: made from cars crossing
 * the border with a cross-border contract's terms (values exact, one open customs invoice per car,
 * also under two calls at once), the lifecycle (sent only by send/, through the outbox with the PDF
 * and the CSV; returned for correction; cleared with an entry number; void frees the cars), the
 * broker CSV, the printed PDF with the TSCA certification, the counts, and who may do what. Every
 * refusal writes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/internal-tables';
import { CSV_COLUMNS } from '../../server/actions/invoice/customs-values';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';
import { getBinary, pdfText } from './terminal-tickets-fixtures';

const r = railSuite();
const { call, refused, ids, t } = r;
let xbc = '';

/** A shipped shipment of `cars` worked-example tank cars (28,959.00 US gal net: 689.500 bbl) to Port Arthur, TX. */
async function crossing(o: { cars?: number; contract?: Record<string, unknown>; destination?: number } = {}) {
  const x = await readyShipment(r, {
    cars: o.cars ?? 2, mark: 'CUSX',
    contract: { price: '75.50', price_unit: 'per_bbl', currency: 'USD', cross_border_contract: xbc, ...o.contract },
  });
  const s = ok(await call('GET', `rail_shipment/${x.id}/`));
  ok(await call('PATCH', `rail_shipment/${x.id}/`, { destination: o.destination ?? ids.par, custom_broker_us: ids.scb, version: s.version }));
  ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Siteadmin' }));
  const cars = ok(await call('GET', `loaded_rail_car/?rail_shipment=${x.id}&page_size=0&ordering=car_number`)) as unknown as { id: number }[];
  return { ...x, cars: cars.map((c) => c.id) };
}

type Made = { made: number; invoices: { id: number; label: string; cars: number; total: string; currency: string }[] };
const make = async (cars: number[], body: Record<string, unknown> = {}, token = t.siteadmin) => ok(await call('POST', 'customs/create_invoice/', { cars, ...body }, token)) as unknown as Made;
const linesOf = async (id: number) => ok(await call('GET', `customs_item/?customs_invoice=${id}&page_size=0&ordering=position`)) as unknown as Record<string, string>[];
const outbox = async () => (await r.s.database.db.select().from(mailOutbox)).filter((m) => String(m.subject).startsWith('Customs invoice'));

beforeAll(async () => {
  await shippingIds(r);
  ids.par = await r.idOf('facility', 'PAR');
  ids.scb = await r.idOf('party', 'SCB');
  [{ id: xbc }] = await r.rows<{ id: string }>(sql`select id from terminalboss_v3_xborder_contract where company_id = ${ids.pbt} and name like 'Crude oil to %'`);
}, 180_000);

describe('making customs invoices (docs/invoicing.md, Making customs invoices)', () => {
  it("makes one per shipment from the cross-border contract's terms: tariff code, dangerous goods, barrels, the contract's value, freight per car", async () => {
    const x = await crossing({ cars: 2 });
    const made = await make(x.cars);
    expect(made.made).toBe(1);
    const [one] = made.invoices;
    expect(one.label).toMatch(/^CI-\d{4}-\d{5}$/);
    const row = ok(await call('GET', `customs/${one.id}/`));
    expect(row).toMatchObject({
      status: 'draft', rail_shipment: x.id, cross_border_contract: xbc, currency: 'USD', export_country: 'CA', import_country: 'US', origin_country: 'CA',
      unit_or_basis_for_measurement: 'barrel', TSCA_statement: 'Complies with all TSCA Rules', end_use: 'FS', census_schedule: 'D', broker: ids.scb,
      car_count: 2, quantity_total: '1379.000', goods_value: '104114.50', cost_of_freight: '8500.00', discount_amount: '0.00', total: '112614.50',
    });
    const parties = row.parties as Record<string, { name: string; email?: string } | null>;
    expect(parties.exporter!.name).toBe('Prairie Bulk Terminals Ltd.');
    expect(parties.buyer!.name).toBe('Gulf Coast Refining LLC');
    expect(parties.broker!.email).toBe('entries@sweetgrass-customs.example');
    const lines = await linesOf(one.id);
    // 28,959.000 US gal / 42 = 689.500 bbl; x 75.50 USD/bbl = 52,057.25, rounded once.
    expect(lines.map((l) => [l.hs_code, l.un_number, l.hazard_class, l.packing_group, l.quantity, l.unit, l.unit_value, l.value])).toEqual([
      ['2709.00', 'UN1267', '3', 'I', '689.500', 'barrel', '75.5000', '52057.25'], ['2709.00', 'UN1267', '3', 'I', '689.500', 'barrel', '75.5000', '52057.25'],
    ]);
    expect(lines[0].value_source).toMatch(/^contract /);
    const car = ok(await call('GET', `loaded_rail_car/${x.cars[0]}/`));
    expect(car).toMatchObject({ crossing: 'CA-US', customs_invoice: one.id });
  });

  it('values a car invoiced as product at what it was invoiced for', async () => {
    const x = await crossing({ cars: 1 });
    const inv = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { invoices: { id: number }[] };
    const billed = (ok(await call('GET', `invoice_item/?invoice=${inv.invoices[0].id}&page_size=0`)) as unknown as { amount: string; unit: string }[]).find((l) => l.unit === 'usgal');
    const [one] = (await make(x.cars)).invoices;
    const [line] = await linesOf(one.id);
    expect(line.value).toBe(billed!.amount);
    expect(line.value_source).toMatch(/^invoice /);
  });

  it('refuses, naming each car, what does not cross, has no terms or is on one already; writes nothing', async () => {
    const home = await crossing({ cars: 1, destination: ids.hrd });
    const noTerms = await crossing({ cars: 1, contract: { cross_border_contract: null } });
    const cad = await crossing({ cars: 1, contract: { currency: 'CAD' } });
    const done = await crossing({ cars: 1 });
    await make(done.cars);
    const res = await refused('POST', 'customs/create_invoice/', { cars: [...home.cars, ...noTerms.cars, ...cad.cars, ...done.cars] });
    expect(res.status).toBe(400);
    expect(res.body.cars).toHaveLength(4);
    expect(res.body.cars[0]).toMatch(/^CUSX \d+ \(RS-\d+, BOL .+\): it does not cross a border \(CA to CA\)\.$/);
    expect(res.body.cars[1]).toMatch(/: contract .+ names no cross-border contract: name one\.$/);
    expect(res.body.cars[2]).toMatch(/: its value \(contract .+\) is in CAD; cross-border contract .+ is in USD\.$/);
    expect(res.body.cars[3]).toMatch(/: it is already on customs invoice CI-\d{4}-\d{5}\.$/);
    expect(res.changed).toEqual([]);
    // Naming the terms covers the car whose contract has none.
    expect((await make(noTerms.cars, { cross_border_contract: xbc })).made).toBe(1);
  });

  it('refuses bad input per field and another company\'s cars, and a plain POST; writes nothing', async () => {
    for (const body of [{}, { cars: [] }, { cars: ['x'] }, { cars: [99999999] }, { cars: [1], cross_border_contract: 'not-a-uuid' }]) {
      const res = await refused('POST', 'customs/create_invoice/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.changed).toEqual([]);
    }
    const plain = await refused('POST', 'customs/', { invoice_date: '2026-11-10', port_of_entry: 'Sweetgrass' });
    expect(plain.status).toBe(400);
    expect(plain.body.non_field_errors[0]).toMatch(/made from its cars/);
    expect(plain.changed).toEqual([]);
  });

  it('puts a car on one customs invoice under two calls at once', async () => {
    const x = await crossing({ cars: 2 });
    const both = await Promise.all([1, 2].map(() => call('POST', 'customs/create_invoice/', { cars: x.cars })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 400]);
    const [{ n }] = await r.rows<{ n: number }>(sql`select count(*)::int as n from customs_invoice_item where loaded_rail_car_id = any(${`{${x.cars.join(',')}}`}::int[]) and open`);
    expect(n).toBe(2);
  });
});

describe('the lifecycle (docs/invoicing.md, Customs lifecycle)', () => {
  it('is sent only by send/: the broker gets the PDF and the CSV through the outbox; a sent one is not edited', async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars)).invoices;
    const row = ok(await call('GET', `customs/${one.id}/`));
    const patch = await refused('PATCH', `customs/${one.id}/`, { status: 'sent', version: row.version });
    expect(patch.status).toBe(400);
    expect(patch.body.status[0]).toMatch(/sent with "Send to broker"/);
    const before = (await outbox()).length;
    expect(ok(await call('POST', 'customs/send/', { invoices: [one.id], message: 'Cars at the border tomorrow.' }))).toEqual({ sent: 1, invoices: 1 });
    const [mail] = (await outbox()).slice(before);
    expect(mail).toMatchObject({ to: 'entries@sweetgrass-customs.example', subject: `Customs invoice ${one.label}` });
    expect(mail.body).toContain('Cars at the border tomorrow.');
    expect((mail.attachments as { filename: string; contentType: string }[]).map((a) => [a.filename, a.contentType])).toEqual([[`${one.label}.pdf`, 'application/pdf'], [`${one.label}.csv`, 'text/csv']]);
    const sent = ok(await call('GET', `customs/${one.id}/`));
    expect(sent).toMatchObject({ status: 'sent', sent_to: 'entries@sweetgrass-customs.example' });
    const edit = await refused('PATCH', `customs/${one.id}/`, { port_of_entry: 'Elsewhere', version: sent.version });
    expect(edit.status).toBe(400);
    expect(edit.body.status[0]).toMatch(/mark it returned for correction/);
  });

  it('returned needs the reason and is corrected and sent again; cleared needs the entry number and is final', async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars)).invoices;
    ok(await call('POST', 'customs/send/', { invoices: [one.id] }));
    let row = ok(await call('GET', `customs/${one.id}/`));
    const bare = await refused('PATCH', `customs/${one.id}/`, { status: 'returned', version: row.version });
    expect(bare.body.return_reason).toEqual(['Say what the broker asked to correct.']);
    row = ok(await call('PATCH', `customs/${one.id}/`, { status: 'returned', return_reason: 'Port of entry missing', version: row.version }));
    row = ok(await call('PATCH', `customs/${one.id}/`, { port_of_entry: '3310 Sweetgrass, MT', version: row.version }));
    expect(row.port_of_entry).toBe('3310 Sweetgrass, MT');
    ok(await call('POST', 'customs/send/', { invoices: [one.id] }));
    row = ok(await call('GET', `customs/${one.id}/`));
    const noEntry = await refused('PATCH', `customs/${one.id}/`, { status: 'cleared', version: row.version });
    expect(noEntry.body.entry_number[0]).toMatch(/entry/);
    row = ok(await call('PATCH', `customs/${one.id}/`, { status: 'cleared', entry_number: 'scb-1234567-8', version: row.version }));
    expect(row).toMatchObject({ status: 'cleared', entry_number: 'SCB-1234567-8' });
    const after = await refused('PATCH', `customs/${one.id}/`, { comments: 'late', version: row.version });
    expect(after.status).toBe(400);
    const again = await refused('POST', 'customs/send/', { invoices: [one.id] });
    expect(again.status).toBe(400);
    expect(again.body.invoices[0]).toMatch(/is cleared: it is not sent again/);
  });

  it('void frees the cars for a new customs invoice; a draft is deleted', async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars)).invoices;
    const row = ok(await call('GET', `customs/${one.id}/`));
    ok(await call('PATCH', `customs/${one.id}/`, { status: 'void', void_reason: 'Wrong contract', version: row.version }));
    expect(ok(await call('GET', `loaded_rail_car/${x.cars[0]}/`)).customs_invoice).toBeNull();
    const [next] = (await make(x.cars)).invoices;
    ok(await call('DELETE', `customs/${next.id}/`), 204);
    expect(ok(await call('GET', `loaded_rail_car/${x.cars[0]}/`)).customs_invoice).toBeNull();
  });

  it("a draft's freight and discount move its total, exactly; a discount above it all is refused", async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars)).invoices;
    let row = ok(await call('GET', `customs/${one.id}/`));
    row = ok(await call('PATCH', `customs/${one.id}/`, { cost_of_freight: '0.10', discount_amount: '0.20', version: row.version }));
    // 52,057.25 - 0.20 + 0.10
    expect(row.total).toBe('52057.15');
    const res = await refused('PATCH', `customs/${one.id}/`, { discount_amount: '99999999.00', version: row.version });
    expect(res.status).toBe(400);
    expect(res.body.discount_amount[0]).toMatch(/more than the goods/);
  });
});

describe('documents (docs/invoicing.md, The broker CSV, The printed customs invoice)', () => {
  it('generate_csv/ gives one row per car in the documented columns', async () => {
    const x = await crossing({ cars: 2 });
    const [one] = (await make(x.cars)).invoices;
    const res = await getBinary(r.s, t.siteadmin, '/api/customs/generate_csv/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invoices: [one.id] }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = res.body.toString('utf8').trim().split('\r\n').map((l) => l.slice(1, -1).split('","'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const rec = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[1][i]]));
    expect(rec).toMatchObject({ invoice_number: one.label, hs_code: '2709.00', un_number: 'UN1267', quantity: '689.500', unit: 'barrel', value: '52057.25', currency: 'USD', export_country: 'CA', import_country: 'US', tsca: 'Complies with all TSCA Rules', related_parties: 'N' });
  });

  it('print/ is the customs invoice with the parties, the lines and the TSCA certification in its words', async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars)).invoices;
    const res = await getBinary(r.s, t.siteadmin, `/api/customs/${one.id}/print/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`${one.label}.pdf`);
    const text = pdfText(res.body, 'raw').replace(/\s+/g, ' ');
    for (const want of ['CUSTOMS INVOICE', one.label, 'Gulf Coast Refining LLC', 'Sweetgrass Customs Brokerage LLC', '2709.00', 'UN1267, class 3, PG I', '689.500', '52,057.25',
      'I certify that all chemical substances in this shipment comply with all applicable rules or orders under TSCA and that I am not offering a chemical substance for entry in violation of TSCA or any applicable rule or order under TSCA.']) {
      expect(text).toContain(want);
    }
    const bad = await getBinary(r.s, t.siteadmin, `/api/customs/${one.id}/print/?code=other`);
    expect(bad.status).toBe(400);
  });

  it('status_options/, count/ and summary/ come from the server', async () => {
    const options = ok(await call('GET', 'customs/status_options/')) as unknown as { value: string; final: boolean }[];
    expect(options.map((o) => o.value)).toEqual(['draft', 'sent', 'returned', 'cleared', 'void']);
    expect(options.filter((o) => o.final).map((o) => o.value)).toEqual(['cleared', 'void']);
    await crossing({ cars: 1 });
    const drafts = ok(await call('GET', 'customs/count/?status=draft')) as unknown as { count: number };
    const counts = ok(await call('GET', 'customs/summary/')) as unknown as { total: number; by_status: Record<string, number>; cars_waiting: number };
    expect(counts.total).toBe(Object.values(counts.by_status).reduce((a, b) => a + b, 0));
    expect(counts.by_status.draft).toBe(drafts.count);
    // The demo's year: cleared, sent, one returned, a void one; and its newest shipments' cars wait.
    expect(counts.by_status.cleared).toBeGreaterThan(0);
    expect(counts.by_status.returned).toBeGreaterThan(0);
    expect(counts.by_status.void).toBeGreaterThan(0);
    expect(counts.cars_waiting).toBeGreaterThan(1);
  });
});

describe('who may (docs/invoicing.md, Customs: who may)', () => {
  it('dispatchers make and send; voiding is Site Administration\'s', async () => {
    const x = await crossing({ cars: 1 });
    const [one] = (await make(x.cars, {}, t.dispatcher)).invoices;
    ok(await call('POST', 'customs/send/', { invoices: [one.id] }, t.dispatcher));
    const row = ok(await call('GET', `customs/${one.id}/`, undefined, t.dispatcher));
    const res = await refused('PATCH', `customs/${one.id}/`, { status: 'void', void_reason: 'No', version: row.version }, t.dispatcher);
    expect(res.status).toBe(403);
  });

  it('operators and drivers are refused every call; the partner sees no customs invoice of ours', async () => {
    const [{ id }] = await r.rows<{ id: number }>(sql`select id from customs_invoice where company_id = ${ids.pbt} limit 1`);
    for (const who of ['operator', 'driver']) {
      expect((await call('GET', 'customs/', undefined, t[who])).status).toBe(403);
      expect((await call('POST', 'customs/create_invoice/', { cars: [1] }, t[who])).status).toBe(403);
    }
    const partner = await call('GET', `customs/${id}/`, undefined, t.partner);
    expect([403, 404]).toContain(partner.status);
  });
});
