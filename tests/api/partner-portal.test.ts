/**
 * The partner portal's shipments and tickets through the real server (docs/partners.md, Partner
 * shipments, Partner tickets): a partner reads the shipments made on contracts shared with it once
 * their bill of lading is issued and prints the copy in force, byte for byte the archived one; it
 * reads the completed terminal tickets that name its company (through the terminal company's rail
 * party), prints and mails them to its own contacts. What it may not read answers 404; the
 * shipper's own resources stay its own.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';
import { TB, type Terminal, getBinary, makeTerminal, pdfText, ticketBody, unzipEntries } from './terminal-tickets-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;
const S = 'partner/railshipment';
const T = 'partner/v3ticket';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const listed = async (path: string, token: string) => (ok(await call('GET', `${path}${path.includes('?') ? '&' : '?'}page_size=0`, undefined, token)) as unknown as { id: unknown }[]).map((x) => x.id);
const pdf = async (path: string, token: string) => {
  const res = await getBinary(suite.s, token, `/api/${path}`);
  expect(res.status, res.status === 200 ? '' : res.body.toString()).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return { body: res.body, name: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] };
};

let term: Terminal;

beforeAll(async () => {
  await shippingIds(suite);
  ids.nrpParty = await suite.idOf('party', 'NRP');
  term = await makeTerminal(suite.s, t.siteadmin, 'P');
  // The terminal's record of the shipper is the partner's rail party; the consignee's names no partner.
  const shipper = ok(await call('PATCH', `terminalboss/v3/company/${term.shipper.id as string}/`, { party: ids.nrpParty, version: term.shipper.version }));
  expect(shipper.party).toBe(ids.nrpParty);
  ok(await call('PATCH', `terminalboss/v3/company/${term.consignee.id as string}/`, { party: ids.gcr, version: term.consignee.version }));
});

describe('partner shipments', () => {
  it('the partner reads a shipment on its shared contract once shipped, and prints the issued copy in force', async () => {
    const x = await readyShipment(suite, { day: '2026-11-12', cars: 2, contract: { party: ids.nrpParty } });
    // Open: the shipper's work, not the partner's.
    expect(await listed(`${S}/`, t.partner)).not.toContain(x.id);
    expect((await call('GET', `${S}/${x.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `${S}/${x.id}/print/`, undefined, t.partner)).status).toBe(404);
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const seen = ok(await call('GET', `${S}/${x.id}/?labels=1`, undefined, t.partner));
    expect(seen).toMatchObject({ bol_number: shipped.bol_number, status: 'shipped', counted_cars: 2, company: ids.pbt });
    expect(seen._labels).toMatchObject({ company: 'Prairie Bulk Terminals Ltd.', origin: expect.any(String), product: expect.any(String) });
    expect(seen).not.toHaveProperty('data');
    expect(await listed(`${S}/`, t.partner)).toContain(x.id);
    const issued = await pdf(`${S}/${x.id}/print/`, t.partner);
    expect(issued.name).toBe(`bol-${String(shipped.bol_number)}.pdf`);
    expect(sha(issued.body)).toBe(sha((await pdf(`rail_shipment/${x.id}/print/`, t.siteadmin)).body));
    expect(pdfText(issued.body)).toContain(String(shipped.bol_number));
    // Reopened for correction: the partner still prints the issued copy, never the shipper's correction draft.
    ok(await call('POST', `rail_shipment/${x.id}/open_for_correction/`, { reason: 'Wrong seal numbers' }));
    expect(sha((await pdf(`${S}/${x.id}/print/`, t.partner)).body)).toBe(sha(issued.body));
    expect((await pdf(`rail_shipment/${x.id}/print/`, t.siteadmin)).name).toMatch(/^bol-correction-draft-/);
    // Void: the void copy.
    ok(await call('POST', `rail_shipment/${x.id}/void_shipment/`, { reason: 'Released to the wrong railroad' }));
    expect((await pdf(`${S}/${x.id}/print/`, t.partner)).name).toBe(`bol-${String(shipped.bol_number)}-void.pdf`);
    expect(ok(await call('GET', `${S}/${x.id}/`, undefined, t.partner))).toMatchObject({ status: 'void', void_reason: 'Released to the wrong railroad' });
    // The shipper's own shipment resource stays its own.
    expect((await call('GET', `rail_shipment/${x.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `rail_shipment/${x.id}/print/`, undefined, t.partner)).status).toBe(404);
  });

  it('a shipment on a contract not shared with the partner is not its; the shipper reads only its shared ones; the view is read only', async () => {
    const other = await readyShipment(suite, { day: '2026-11-13', cars: 1 });
    ok(await call('POST', `rail_shipment/${other.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    expect((await call('GET', `${S}/${other.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `${S}/${other.id}/print/`, undefined, t.partner)).status).toBe(404);
    expect(await listed(`${S}/`, t.siteadmin)).not.toContain(other.id);
    expect((await call('GET', `${S}/${other.id}/`, undefined, t.siteadmin)).status).toBe(404);
    const shared = await readyShipment(suite, { day: '2026-11-14', cars: 1, contract: { party: ids.nrpParty } });
    // The shipper reads its shared shipments here, open ones too.
    expect(await listed(`${S}/`, t.siteadmin)).toContain(shared.id);
    for (const [method, path] of [['POST', `${S}/`], ['PATCH', `${S}/${shared.id}/`], ['DELETE', `${S}/${shared.id}/`], ['POST', `${S}/${shared.id}/clone/`]] as const) {
      expect((await refused(method, path, { reference_number: 'X' }, t.partner)).changed).toEqual([]);
      expect((await call(method, path, { reference_number: 'X' }, t.siteadmin)).status).toBe(404);
    }
  });
});

describe('partner tickets', () => {
  const ticket = async (extra: Record<string, unknown>) => ok(await call('POST', `${TB.slice(5)}/ticket/`, ticketBody(term, { ticket_type: 'delivery', net_volume: '31.250', ...extra })), 201);

  it('the partner reads the completed tickets that name its company, through either address', async () => {
    const asShipper = await ticket({ status: 'completed', shipper: term.shipper.id, bol_number: 'BOL-P-1' });
    const asCarrier = await ticket({ status: 'completed', carrier: term.shipper.id });
    const loading = await ticket({ status: 'in_progress', shipper: term.shipper.id });
    const notTheirs = await ticket({ status: 'completed', shipper: term.consignee.id, consignee: term.carrier.id });
    const v3 = await listed(`${T}/`, t.partner);
    expect(v3).toEqual(expect.arrayContaining([asShipper.id, asCarrier.id]));
    expect(v3).not.toContain(loading.id);
    expect(v3).not.toContain(notTheirs.id);
    expect((await listed('partner/ticketview/', t.partner)).sort()).toEqual([...v3].sort());
    const one = ok(await call('GET', `${T}/${asShipper.id as string}/?labels=1`, undefined, t.partner));
    expect(one).toMatchObject({ code: asShipper.code, status: 'completed', net_volume: '31.250', company: ids.pbt });
    expect(one._labels).toMatchObject({ shipper: expect.stringContaining('Peace River Oil'), created_by_server: expect.stringContaining('Fort Saskatchewan') });
    expect(one).not.toHaveProperty('driver_signature');
    for (const id of [loading.id, notTheirs.id]) expect((await call('GET', `${T}/${id as string}/`, undefined, t.partner)).status).toBe(404);
    // Search by the BOL number, and the code's suggestions, stay within what is shared.
    expect(await listed(`${T}/?search=BOL-P-1`, t.partner)).toEqual([asShipper.id]);
    const suggestions = ok(await call('GET', `${T}/autocomplete/?field=code&input=${String(notTheirs.code)}`, undefined, t.partner)) as unknown as unknown[];
    expect(JSON.stringify(suggestions)).not.toContain(String(notTheirs.code));
    // The shipper reads here the tickets it shares, and not the others; its own ticket resource stays its own.
    const ours = await listed(`${T}/`, t.siteadmin);
    expect(ours).toEqual(expect.arrayContaining([asShipper.id, asCarrier.id, loading.id]));
    expect(ours).not.toContain(notTheirs.id);
    // (the partner's company has no terminal of its own: 403; with one, the ticket is another company's: 404)
    expect([403, 404]).toContain((await call('GET', `terminalboss/v3/ticket/${asShipper.id as string}/`, undefined, t.partner)).status);
    // Writes are not the partner's: no route.
    expect((await refused('PATCH', `${T}/${asShipper.id as string}/`, { po_number: 'X' }, t.partner)).changed).toEqual([]);
  });

  it('the partner prints the whole document, several as a zip or one PDF, and mails them to its own contacts only', async () => {
    const a = await ticket({ status: 'completed', shipper: term.shipper.id, carrier: term.carrier.id, driver: term.driver.id });
    const b = await ticket({ status: 'completed', consignee: term.shipper.id });
    const hidden = await ticket({ status: 'in_progress', shipper: term.shipper.id });
    const one = await pdf(`${T}/${a.id as string}/print/?template_type=BOL`, t.partner);
    expect(one.name).toBe(`ticket-${String(a.code)}.pdf`);
    const text = pdfText(one.body);
    // As issued: the product's dangerous goods and the carrier's address, which the partner's own records do not hold.
    for (const want of [String(a.code), 'UN1267', 'Northern Tank Lines', 'Nisku']) expect(text, want).toContain(want);
    const zip = await getBinary(suite.s, t.partner, `/api/${T}/print_multiple/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket_ids: [a.id, b.id] }),
    });
    expect(zip.status, zip.body.toString()).toBe(200);
    expect([...unzipEntries(zip.body).keys()].sort()).toEqual([`ticket-${String(a.code)}.pdf`, `ticket-${String(b.code)}.pdf`].sort());
    // A ticket not shared is refused in the batch, the whole batch with it.
    const bad = await call('POST', `${T}/print_multiple/`, { ticket_ids: [a.id, hidden.id] }, t.partner);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(String(hidden.id));
    // Mail: to a user of the partner's company, yes; to an address it does not know, or to the shipper's contact, no.
    const before = Number((await rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox`))[0].n);
    ok(await call('POST', `${T}/email_multiple/`, { ticket_ids: [a.id], recipients: ['partner@partner.test'], message: 'Your load' }, t.partner));
    const [mail] = await rows<{ to: string; subject: string }>(sql`select "to", subject from mail_outbox order by id desc limit 1`);
    expect(mail).toMatchObject({ to: 'partner@partner.test', subject: `Ticket ${String(a.code)}` });
    for (const to of ['someone@elsewhere.example', 'dispatcher@demo.test']) {
      const no = await refused('POST', `${T}/email_multiple/`, { ticket_ids: [a.id], recipients: [to] }, t.partner);
      expect(no.status).toBe(403);
      expect(no.changed).toEqual([]);
    }
    expect(Number((await rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox`))[0].n)).toBe(before + 1);
  });

  it('when the partnership ends, so does the sharing of tickets', async () => {
    const c = ok(await call('GET', `terminalboss/v3/company/${term.carrier.id as string}/`));
    const party = ok(await call('POST', 'party/', { name: 'Short Partnership Ltd.', code: `SPL${Date.now() % 100000}`, party_type: 'carrier', enabled: true }), 201);
    // Platform staff name the party's platform company (here the partner's) and then clear it, as a revoked invitation does.
    ok(await call('PATCH', `party/${party.id as number}/`, { platform_company: ids.nrp, version: party.version }, t.admin));
    ok(await call('PATCH', `terminalboss/v3/company/${term.carrier.id as string}/`, { party: party.id, version: c.version }));
    const k = await ticket({ status: 'completed', carrier: term.carrier.id });
    expect(await listed(`${T}/`, t.partner)).toContain(k.id);
    await rows(sql`update party set platform_company_id = null where id = ${party.id as number}`);
    expect(await listed(`${T}/`, t.partner)).not.toContain(k.id);
    expect((await call('GET', `${T}/${k.id as string}/print/`, undefined, t.partner)).status).toBe(404);
  });
});
