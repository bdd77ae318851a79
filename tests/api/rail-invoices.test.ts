/**
 * Rail invoicing (docs/invoicing.md) through the real server: prices that never overlap, invoice
 * products and conditions, invoices made from shipped cars (exact decimals; totals are the sums of
 * the lines; a car charged once per invoice product, also under two calls at once), the lifecycle
 * (issue numbers it, issued is never edited or deleted, void lets the cars go, a credit note
 * corrects), the printed PDF, the pickers, and who may see and do what. Every refusal writes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';
import { getBinary, pdfText } from './terminal-tickets-fixtures';

const r = railSuite();
const { call, refused, ids, t } = r;
const ip: Record<string, number> = {};
let stamp = 0;

/** A shipped shipment of `cars` worked-example tank cars (28,959.00 US gal net each), its cars' ids. */
async function shipped(o: { cars?: number; contract?: Record<string, unknown>; day?: string } = {}) {
  const x = await readyShipment(r, { cars: o.cars ?? 2, contract: o.contract, day: o.day, mark: 'INVX' });
  ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Siteadmin' }));
  const cars = ok(await call('GET', `loaded_rail_car/?rail_shipment=${x.id}&page_size=0&ordering=car_number`)) as unknown as Record<string, unknown>[];
  return { ...x, cars: cars.map((c) => c.id as number) };
}

const linesOf = async (invoiceId: number) => ok(await call('GET', `invoice_item/?invoice=${invoiceId}&page_size=0&ordering=position`)) as unknown as Record<string, string>[];
const cents = (v: string) => { const neg = v.startsWith('-'); const [w, f = ''] = v.replace('-', '').split('.'); const c = BigInt(w) * 100n + BigInt((f + '00').slice(0, 2)); return neg ? -c : c; };

beforeAll(async () => {
  await shippingIds(r);
  // The demo's own invoice products (docs/invoicing.md, Demo data) are set aside: these tests price with theirs.
  for (const p of ok(await call('GET', 'invoice_product/?page_size=0')) as unknown as { id: number; version: number }[]) {
    ok(await call('PATCH', `invoice_product/${p.id}/`, { enabled: false, version: p.version }));
  }
  const product = async (body: Record<string, unknown>) => (ok(await call('POST', 'invoice_product/', body), 201)).id as number;
  ip.crude = await product({ code: 'CRUDE-SALE', name: 'Crude oil', category: 'product', basis: 'per_volume', unit: 'usgal' });
  ip.freight = await product({ code: 'FRT', name: 'Rail freight Fort Saskatchewan - Hardisty', category: 'freight', basis: 'per_car' });
  ip.docs = await product({ code: 'DOC', name: 'Documentation fee', category: 'fee', basis: 'per_shipment', taxable: false });
  const price = async (body: Record<string, unknown>) => ok(await call('POST', 'unit_price/', { party: ids.gcr, currency: 'USD', valid_from: '2026-01-01', valid_to: '2026-12-31', ...body }), 201);
  await price({ invoice_product: ip.crude, product: ids.crude, price: '2.3456' });
  await price({ invoice_product: ip.freight, price: '1850' });
  await price({ invoice_product: ip.docs, price: '75' });
}, 180_000);

describe('prices (docs/invoicing.md, Prices)', () => {
  it('refuses a price whose period overlaps another of the same party, invoice product and product, naming both; writes nothing', async () => {
    const res = await refused('POST', 'unit_price/', { party: ids.gcr, invoice_product: ip.crude, product: ids.crude, price: '2.5', currency: 'USD', valid_from: '2026-06-01' });
    expect(res.status).toBe(400);
    expect(res.body.valid_from[0]).toMatch(/This price \(2026-06-01 – open\) overlaps price \d+ .*\(2026-01-01 – 2026-12-31, 2\.3456 USD\)/);
    expect(res.changed).toEqual([]);
  });

  it('takes the next period and another product; refuses a period that ends before it starts', async () => {
    const next = ok(await call('POST', 'unit_price/', { party: ids.gcr, invoice_product: ip.crude, product: ids.crude, price: '2.40', currency: 'USD', valid_from: '2027-01-01' }), 201);
    expect(next.valid_to).toBeNull();
    const backwards = await refused('POST', 'unit_price/', { party: ids.gcr, invoice_product: ip.freight, price: '1', currency: 'USD', valid_from: '2028-02-01', valid_to: '2028-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.valid_to).toEqual(['The period ends before it starts.']);
    ok(await call('DELETE', `unit_price/${next.id as number}/`), 204);
  });

  it('get_products/ lists the invoice products, the party\'s contracted products first, and its prices in force', async () => {
    const out = ok(await call('GET', `unit_price/get_products/?party=${ids.gcr}`)) as unknown as { invoice_products: { code: string; unit: string }[]; products: { id: number; contracted: string | null }[]; in_force: unknown[] };
    expect(out.invoice_products.map((p) => p.code)).toEqual(expect.arrayContaining(['CRUDE-SALE', 'FRT', 'DOC']));
    expect(out.invoice_products.find((p) => p.code === 'FRT')!.unit).toBe('car');
    expect(Array.isArray(out.in_force)).toBe(true);
  });
});

describe('invoice products and conditions (docs/invoicing.md, Invoice products, Conditions)', () => {
  it('refuses a unit its basis is not counted in, and gives the basis\'s own when left out', async () => {
    const res = await refused('POST', 'invoice_product/', { code: 'BAD', name: 'Bad', basis: 'per_weight', unit: 'usgal' });
    expect(res.status).toBe(400);
    expect(res.body.unit[0]).toBe('Per weight unit is counted in t, kg.');
    expect(res.changed).toEqual([]);
    const tonnes = ok(await call('POST', 'invoice_product/', { code: 'STOR', name: 'Storage', category: 'storage', basis: 'per_weight' }), 201);
    expect(tonnes.unit).toBe('tonne');
  });

  it('condition_data/ describes the condition types and the units of each basis', async () => {
    const data = ok(await call('GET', 'invoice_product_condition/condition_data/')) as unknown as { condition_types: { value: string; unit: string }[]; bases: { value: string; units: { value: string }[] }[] };
    expect(data.condition_types.find((c) => c.value === 'surcharge_percent')!.unit).toBe('percent');
    expect(data.bases.find((b) => b.value === 'per_volume')!.units.map((u) => u.value)).toEqual(['usgal', 'litre', 'm3', 'bbl']);
  });
});

describe('invoicing cars (docs/invoicing.md, Invoicing cars)', () => {
  it('charges every priced invoice product: the volume at the unit price, a car, one flat fee per shipment; exact to the cent; export untaxed', async () => {
    const x = await shipped({ cars: 2 });
    const made = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { added: number; invoices: { id: number; total: string; currency: string; lines: number }[] };
    expect(made.invoices).toHaveLength(1);
    expect(made.added).toBe(5);
    const [inv] = made.invoices;
    expect(inv.currency).toBe('USD');
    const lines = await linesOf(inv.id);
    // 28,959.000 US gal x 2.3456 = 67,926.2304 -> 67,926.23 (rounded once, at the line).
    expect(lines.filter((l) => l.unit === 'usgal').map((l) => [l.quantity, l.unit_price, l.amount])).toEqual([['28959.000', '2.3456', '67926.23'], ['28959.000', '2.3456', '67926.23']]);
    expect(lines.filter((l) => l.unit === 'car').map((l) => l.amount)).toEqual(['1850.00', '1850.00']);
    const flat = lines.filter((l) => l.unit === 'shipment');
    expect(flat).toHaveLength(1);
    expect(flat[0].amount).toBe('75.00');
    expect(flat[0].loaded_rail_car).toBeNull();
    const row = ok(await call('GET', `invoice/${inv.id}/`));
    expect(row).toMatchObject({ status: 'draft', code: null, party: ids.gcr, tax_place: 'EXPORT', subtotal: '139627.46', tax_total: '0.00', total: '139627.46', car_count: 2 });
    expect(lines.reduce((sum, l) => sum + cents(l.amount), 0n)).toBe(cents(String(row.total)));
    // The cars now read as billed, and the list of cars to invoice leaves them out.
    const car = ok(await call('GET', `loaded_rail_car/${x.cars[0]}/`));
    expect(car.invoice).toBe(inv.id);
    expect(car.bill_to).toBe(ids.gcr);
    const waiting = ok(await call('GET', `loaded_rail_car/?invoice__isnull=true&shipment_status=shipped&page_size=0`)) as unknown as { id: number }[];
    expect(waiting.map((w) => w.id)).not.toContain(x.cars[0]);
  });

  it('never charges a car twice for the same invoice product: a second call is refused and names the invoice; writes nothing', async () => {
    const x = await shipped({ cars: 1 });
    ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars }));
    const again = await refused('POST', 'invoice/invoice_cars/', { cars: x.cars });
    expect(again.status).toBe(400);
    expect(again.body.cars[0]).toMatch(/^INVX \d+ \(RS-\d+, BOL .+\): already invoiced \(Draft \d+\)\.$/);
    expect(again.changed).toEqual([]);
    const named = await refused('POST', 'invoice/invoice_cars/', { cars: x.cars, invoice_products: [ip.freight] });
    expect(named.body.cars[0]).toMatch(/"Rail freight .*" is already on Draft \d+\./);
  });

  it('two calls with the same cars at once: one invoices them, the other is refused; each car is on one line per product', async () => {
    const x = await shipped({ cars: 3 });
    const [a, b] = await Promise.all([call('POST', 'invoice/invoice_cars/', { cars: x.cars }), call('POST', 'invoice/invoice_cars/', { cars: [...x.cars].reverse() })]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const counts = await r.rows<{ n: number }>(sqlCount(x.cars));
    expect(counts.map((c) => Number(c.n))).toEqual([2, 2, 2]);
  });

  it('refuses a car of a shipment not shipped, naming it; writes nothing', async () => {
    const x = await readyShipment(r, { cars: 1, mark: 'INVX' });
    const [car] = ok(await call('GET', `loaded_rail_car/?rail_shipment=${x.id}&page_size=0`)) as unknown as { id: number }[];
    const res = await refused('POST', 'invoice/invoice_cars/', { cars: [car.id] });
    expect(res.status).toBe(400);
    expect(res.body.cars[0]).toMatch(/only a shipped car is invoiced \(its shipment is open\)/);
    expect(res.changed).toEqual([]);
  });

  it('refuses a car its party has no price in force for on the ship date', async () => {
    const x = await shipped({ cars: 1, contract: { start_date: '2025-11-01', end_date: '2025-11-30' }, day: '2025-11-10' });
    const res = await refused('POST', 'invoice/invoice_cars/', { cars: x.cars });
    expect(res.status).toBe(400);
    expect(res.body.cars[0]).toMatch(/Gulf Coast Refining LLC has no price in force on 2025-11-10 for anything it could be charged\./);
    expect(res.changed).toEqual([]);
  });

  it('applies the conditions in force: a minimum quantity, a surcharge in %, a minimum charge', async () => {
    const made = async (body: Record<string, unknown>) => ok(await call('POST', 'invoice_product_condition/', { invoice_product: ip.crude, valid_from: '2026-11-01', valid_to: '2026-11-30', ...body }), 201);
    const c1 = await made({ condition_type: 'minimum_quantity', value: '30000', description: 'Minimum per car' });
    const c2 = await made({ condition_type: 'surcharge_percent', value: '3', description: 'Winter surcharge' });
    const c3 = await made({ invoice_product: ip.freight, condition_type: 'minimum_charge', value: '2000' });
    try {
      const x = await shipped({ cars: 1 });
      const { invoices: [inv] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { invoices: { id: number }[] };
      const lines = await linesOf(inv.id);
      const crude = lines.find((l) => l.unit === 'usgal')!;
      // 30,000 (the minimum) x 2.3456 = 70,368.00, + 3 % = 72,479.04
      expect([crude.quantity, crude.amount, crude.conditions]).toEqual(['30000.000', '72479.04', 'Minimum per car 30,000.000 US gal; Winter surcharge +3 %']);
      const freight = lines.find((l) => l.unit === 'car')!;
      expect([freight.amount, freight.conditions]).toEqual(['2000.00', 'Minimum charge 2,000.00']);
    } finally {
      for (const c of [c1, c2, c3]) ok(await call('DELETE', `invoice_product_condition/${c.id as number}/`), 204);
    }
  });
});

describe('the lifecycle (docs/invoicing.md, Lifecycle)', () => {
  let invoiceId: number;
  let cars: number[];

  beforeAll(async () => {
    const x = await shipped({ cars: 2 });
    cars = x.cars;
    invoiceId = (ok(await call('POST', 'invoice/invoice_cars/', { cars, invoice_products: [ip.crude, ip.freight] })) as unknown as { invoices: { id: number }[] }).invoices[0].id;
  });

  it('a draft is edited, and a party change is refused while it has lines', async () => {
    const row = ok(await call('GET', `invoice/${invoiceId}/`));
    ok(await call('PATCH', `invoice/${invoiceId}/`, { po_number: 'PO-7781', payment_terms_days: 45, version: row.version }));
    const moved = await refused('PATCH', `invoice/${invoiceId}/`, { party: ids.cn });
    expect(moved.status).toBe(400);
    expect(moved.body.party).toEqual(['Its lines were priced for this party and currency: remove them first.']);
  });

  it('issuing numbers it, dates it, sets the due date and keeps the parties as issued; an empty draft is not issued', async () => {
    const empty = ok(await call('POST', 'invoice/', { party: ids.gcr, currency: 'USD' }), 201);
    const refusedIssue = await refused('PATCH', `invoice/${empty.id as number}/`, { status: 'issued' });
    expect(refusedIssue.body.status).toEqual(['An invoice without lines is not issued: invoice cars on it first.']);
    ok(await call('DELETE', `invoice/${empty.id as number}/`), 204);
    const dispatcher = await refused('PATCH', `invoice/${invoiceId}/`, { status: 'issued' }, t.dispatcher);
    expect(dispatcher.status).toBe(403);
    const issued = ok(await call('PATCH', `invoice/${invoiceId}/`, { status: 'issued', invoice_date: '2026-11-20' }));
    expect(issued.code).toMatch(/^INV-2026-\d{5}$/);
    expect(issued).toMatchObject({ invoice_date: '2026-11-20', due_date: '2027-01-04', issued_by: 'Sam Siteadmin' });
    expect((issued.document as { party: { name: string }; seller: { name: string } }).party.name).toBe('Gulf Coast Refining LLC');
    expect((issued.document as { seller: { name: string } }).seller.name).toBe('Prairie Bulk Terminals Ltd.');
  });

  it('an issued invoice is never edited or deleted', async () => {
    const edit = await refused('PATCH', `invoice/${invoiceId}/`, { po_number: 'changed' });
    expect(edit.status).toBe(400);
    expect(JSON.stringify(edit.body)).toMatch(/credit note/);
    const del = await refused('DELETE', `invoice/${invoiceId}/`);
    expect(del.status).toBe(409);
    expect(del.changed).toEqual([]);
    const lines = await refused('POST', `invoice/${invoiceId}/remove_items/`, { items: [(await linesOf(invoiceId))[0].id] });
    expect(lines.status).toBe(400);
  });

  it('prints a PDF named after its number with the seller, the party, the cars, the totals in figures and in words', async () => {
    const res = await getBinary(r.s, t.siteadmin, `/api/invoice/${invoiceId}/print/?code=invoice-custom`);
    expect(res.status).toBe(200);
    const row = ok(await call('GET', `invoice/${invoiceId}/`));
    expect(res.headers.get('content-disposition')).toContain(`${String(row.code)}.pdf`);
    const text = pdfText(res.body, 'raw');
    for (const want of [String(row.code), 'INVOICE', 'Prairie Bulk Terminals Ltd.', 'Gulf Coast Refining LLC', 'Port Arthur', 'PO-7781', 'Net 45 days', '67,926.23', '1,850.00', 'Zero-rated export', '139,552.46']) expect(text).toContain(want);
    expect(text).toMatch(/INVX \d+/);
    expect(text.replace(/\s+/g, ' ')).toContain('One hundred thirty nine thousand five hundred fifty two and 46/100 US dollars');
    const bad = await r.s.call('GET', `/api/invoice/${invoiceId}/print/?code=rail-bol-custom`, { token: t.siteadmin });
    expect(bad.status).toBe(400);
  });

  it('a credit note credits the chosen lines with every figure the other way; once issued the car may be invoiced again', async () => {
    const lines = await linesOf(invoiceId);
    const freight = lines.find((l) => l.unit === 'car')!;
    const note = ok(await call('POST', `invoice/${invoiceId}/credit_note/`, { items: [freight.id], reason: 'Freight billed at the wrong rate' }));
    expect(note).toMatchObject({ kind: 'credit_note', credit_of: invoiceId, status: 'draft', subtotal: '-1850.00', total: '-1850.00' });
    const twice = await refused('POST', `invoice/${invoiceId}/credit_note/`, { items: [freight.id], reason: 'again' });
    expect(twice.body.items[0]).toMatch(/already credited on Draft credit note \d+/);
    // Before the credit note is issued the car stays billed.
    expect((await refused('POST', 'invoice/invoice_cars/', { cars: [freight.loaded_rail_car], invoice_products: [ip.freight] })).status).toBe(400);
    const issued = ok(await call('PATCH', `invoice/${note.id as number}/`, { status: 'issued' }));
    expect(issued.code).toMatch(/^CN-\d{4}-\d{4}$/);
    const again = ok(await call('POST', 'invoice/invoice_cars/', { cars: [freight.loaded_rail_car], invoice_products: [ip.freight] })) as unknown as { added: number };
    expect(again.added).toBe(1);
  });

  it('paid needs the day; void needs a reason and lets the cars go', async () => {
    const x = await shipped({ cars: 1 });
    const { invoices: [inv] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { invoices: { id: number }[] };
    ok(await call('PATCH', `invoice/${inv.id}/`, { status: 'issued' }));
    const noReason = await refused('PATCH', `invoice/${inv.id}/`, { status: 'void' });
    expect(noReason.body.void_reason).toEqual(['Say why the invoice is voided.']);
    const dispatcher = await refused('PATCH', `invoice/${inv.id}/`, { status: 'void', void_reason: 'x' }, t.dispatcher);
    expect(dispatcher.status).toBe(403);
    ok(await call('PATCH', `invoice/${inv.id}/`, { status: 'void', void_reason: 'Billed to the wrong party' }));
    const back = await refused('PATCH', `invoice/${inv.id}/`, { status: 'issued' });
    expect(back.status).toBe(400);
    const again = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { invoices: { id: number }[] };
    ok(await call('PATCH', `invoice/${again.invoices[0].id}/`, { status: 'issued' }));
    const unpaid = await refused('PATCH', `invoice/${again.invoices[0].id}/`, { status: 'paid' });
    expect(unpaid.body.paid_date).toEqual(['Give the day the invoice was paid.']);
    ok(await call('PATCH', `invoice/${again.invoices[0].id}/`, { status: 'paid', paid_date: '2026-12-01' }));
  });

  it('cars are invoiced by hand on a draft only, never made by a plain POST of lines', async () => {
    const res = await refused('POST', 'invoice_item/', { invoice: invoiceId, description: 'x', amount: '1' });
    expect([403, 404, 405]).toContain(res.status);
    expect(res.changed).toEqual([]);
  });
});

describe('drafts (docs/invoicing.md, Invoicing cars, Lifecycle)', () => {
  it('takes more cars of its party; refuses a car that bills another, naming it; removes lines and closes up the positions', async () => {
    const x = await shipped({ cars: 2 });
    const { invoices: [draft] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: [x.cars[0]], invoice_products: [ip.freight] })) as unknown as { invoices: { id: number }[] };
    const more = ok(await call('POST', 'invoice/invoice_cars/', { invoice_id: draft.id, cars: [x.cars[1]], invoice_products: [ip.freight, ip.crude] })) as unknown as { added: number; invoices: { id: number; lines: number }[] };
    expect([more.added, more.invoices[0].id]).toEqual([2, draft.id]);
    stamp += 1;
    const other = ok(await call('POST', 'party/', { name: `Other Buyer ${stamp}`, code: `OTB${stamp}`, party_type: 'consignee', province: 'AB', country: 'CA' }), 201);
    ok(await call('POST', 'unit_price/', { party: other.id, invoice_product: ip.freight, price: '10', currency: 'USD', valid_from: '2026-01-01' }), 201);
    const theirs = await shipped({ cars: 1, contract: { party: other.id } });
    const wrong = await refused('POST', 'invoice/invoice_cars/', { invoice_id: draft.id, cars: theirs.cars });
    expect(wrong.status).toBe(400);
    expect(wrong.body.cars[0]).toMatch(/it bills another party \(sale contract .+\), not this invoice's\./);
    expect(wrong.changed).toEqual([]);
    let lines = await linesOf(draft.id);
    expect(lines.map((l) => l.position)).toEqual([1, 2, 3]);
    ok(await call('POST', `invoice/${draft.id}/remove_items/`, { items: [lines[0].id] }));
    lines = await linesOf(draft.id);
    expect(lines.map((l) => l.position)).toEqual([1, 2]);
    const row = ok(await call('GET', `invoice/${draft.id}/`));
    expect(cents(String(row.subtotal))).toBe(lines.reduce((sum, l) => sum + cents(l.amount), 0n));
    expect(row.car_count).toBe(1);
    // The removed charge's car may be invoiced again.
    expect((ok(await call('POST', 'invoice/invoice_cars/', { cars: [x.cars[0]], invoice_products: [ip.freight] })) as unknown as { added: number }).added).toBe(1);
    const { invoices: [their] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: theirs.cars })) as unknown as { invoices: { id: number }[] };
    const [line] = await linesOf(their.id);
    const foreign = await refused('POST', `invoice/${draft.id}/remove_items/`, { items: [line.id] });
    expect(foreign.body.items).toEqual([`Line ${line.id} is not a line of this invoice.`]);
    expect(foreign.changed).toEqual([]);
  });

  it('a voided credit note charges its car again, unless the car was invoiced anew (409 naming it)', async () => {
    const x = await shipped({ cars: 1 });
    const { invoices: [inv] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars, invoice_products: [ip.freight] })) as unknown as { invoices: { id: number }[] };
    ok(await call('PATCH', `invoice/${inv.id}/`, { status: 'issued' }));
    const note = ok(await call('POST', `invoice/${inv.id}/credit_note/`, { reason: 'Wrong rate' }));
    ok(await call('PATCH', `invoice/${note.id as number}/`, { status: 'issued' }));
    const anew = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars, invoice_products: [ip.freight] })) as unknown as { invoices: { id: number }[] };
    const clash = await refused('PATCH', `invoice/${note.id as number}/`, { status: 'void', void_reason: 'Issued by mistake' });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toMatch(/^INVX \d+ is invoiced again on Draft \d+: void that first\.$/);
    expect(clash.changed).toEqual([]);
    ok(await call('DELETE', `invoice/${anew.invoices[0].id}/`), 204);
    ok(await call('PATCH', `invoice/${note.id as number}/`, { status: 'void', void_reason: 'Issued by mistake' }));
    const again = await refused('POST', 'invoice/invoice_cars/', { cars: x.cars, invoice_products: [ip.freight] });
    expect(again.body.cars[0]).toMatch(/is already on INV-/);
  });
});

describe('taxes (docs/invoicing.md, Taxes)', () => {
  it('charges the party\'s province: HST 13 % in Ontario, rounded on each line; none for an exempt party; a party without a province is refused', async () => {
    stamp += 1;
    const on = ok(await call('POST', 'party/', { name: `Ontario Refining ${stamp}`, code: `ONR${stamp}`, party_type: 'consignee', province: 'Ontario', country: 'CA', tax_number: '123456789RT0001' }), 201);
    ok(await call('POST', 'unit_price/', { party: on.id, invoice_product: ip.freight, price: '1234.567', currency: 'CAD', valid_from: '2026-01-01' }), 201);
    const x = await shipped({ cars: 2, contract: { party: on.id } });
    const { invoices: [inv] } = ok(await call('POST', 'invoice/invoice_cars/', { cars: x.cars })) as unknown as { invoices: { id: number }[] };
    const row = ok(await call('GET', `invoice/${inv.id}/`));
    // 1,234.567 -> 1,234.57 a car; HST 160.4941 -> 160.49 a line.
    expect(row).toMatchObject({ currency: 'CAD', tax_place: 'ON', subtotal: '2469.14', tax_total: '320.98', total: '2790.12' });
    expect(row.taxes).toEqual([{ code: 'HST', rate: '13', base: '2469.14', amount: '320.98' }]);
    const none = ok(await call('POST', 'party/', { name: `Nowhere Ltd ${stamp}`, code: `NOW${stamp}`, party_type: 'consignee', province: '', country: 'CA' }), 201);
    const res = await refused('POST', 'invoice/', { party: none.id, currency: 'CAD' });
    expect(res.status).toBe(400);
    expect(res.body.party[0]).toMatch(/cannot be invoiced: its province "" is not a Canadian province or territory/);
  });
});

describe('who may (docs/invoicing.md, Who may)', () => {
  it('operators and drivers see no invoices; the partner company, without the invoicing subscription, neither (another company with it finds none: the contract suites)', async () => {
    for (const who of ['operator', 'driver']) expect((await call('GET', 'invoice/', undefined, t[who])).status).toBe(403);
    const [mine] = ok(await call('GET', 'invoice/?page_size=0')) as unknown as { id: number }[];
    const partner = await call('GET', `invoice/${mine.id}/`, undefined, t.partner);
    expect(partner.status).toBe(403);
    expect(JSON.stringify(partner.body)).toMatch(/invoicing/);
    expect((await call('GET', `invoice/${mine.id}/print/`, undefined, t.partner)).status).toBe(403);
  });

  it('a dispatcher reads invoices and the pickers but does not invoice cars', async () => {
    expect((await call('GET', 'invoice/', undefined, t.dispatcher)).status).toBe(200);
    const parties = ok(await call('GET', 'invoice/picker/?name=parties', undefined, t.dispatcher)) as unknown as { label: string; detail: string }[];
    expect(Array.isArray(parties)).toBe(true);
    const drafts = ok(await call('GET', `invoice/picker/?name=drafts&party=${ids.gcr}`)) as unknown as { label: string }[];
    expect(drafts.every((d) => d.label.endsWith('Gulf Coast Refining LLC'))).toBe(true);
    expect((await refused('POST', 'invoice/invoice_cars/', { cars: [1] }, t.dispatcher)).status).toBe(403);
  });
});

/** How many open lines each of these cars has, in the order given. */
function sqlCount(cars: number[]) {
  return sql`select (select count(*) from invoice_item l where l.loaded_rail_car_id = c.id and l.open) as n from unnest(${`{${cars.join(',')}}`}::int[]) with ordinality as c(id, o) order by o`;
}
