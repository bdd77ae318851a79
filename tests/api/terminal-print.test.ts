/** Printed tickets (ticketview BOL and RUN), print_multiple (zip) and email_multiple (outbox). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/internal-tables';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, expectPdf, fullTicket, getBinary, makeTerminal, pdfPages, pdfText, ticketBody, unzipEntries } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let dispatcher: string;
let partner: string;
let t: Terminal;
let pt: Terminal;
let full: any;

/** PRINT_OUT=dir keeps the PDFs for looking at them (pdftoppm -png -r 80). */
const keep = (name: string, pdf: Buffer) => {
  if (!process.env.PRINT_OUT) return;
  mkdirSync(process.env.PRINT_OUT, { recursive: true });
  writeFileSync(join(process.env.PRINT_OUT, name), pdf);
};

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, dispatcher, partner] = await Promise.all(['siteadmin@demo.test', 'dispatcher@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin);
  pt = await makeTerminal(s, partner, 'P');
  full = await fullTicket(s, admin, t);
});
afterAll(() => s?.close());

const print = (id: string, q = '', token = admin) => getBinary(s, token, `${TB}/ticket/${id}/print/${q}`);
const flat = (txt: string) => txt.replace(/\s+/g, ' ');

describe('ticket print', () => {
  it('prints a bill of lading by default: company, site, parties, dangerous goods, measurement, entries, signatures', async () => {
    const res = await print(full.id);
    expectPdf(res);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ticket-${full.code}.pdf"`);
    keep('bol.pdf', res.body);
    const txt = flat(pdfText(res.body));
    for (const expected of [
      'BILL OF LADING', 'Prairie Bulk Terminals Ltd.', 'Fort Saskatchewan Terminal A', '11020 Petroleum Way', 'America/Edmonton',
      full.code, '2026-11-20', 'In progress', 'BOL-778812',
      'Peace River Oil Corp.', 'Gulf Coast Refining LLC', 'Northern Tank Lines Ltd.', 'Swan Hills Producers Inc.', 'Morgan Reid', 'T-114A', 'TR-88A',
      'UN1267, PETROLEUM CRUDE OIL, 3, PG I', 'CANUTEC', '37.986 m³', '38.412 m³', '12.40 °C', '839.700 kg/m³', '0.400%', '0.99700', '32,130.0 kg',
      '1,204,331.200', 'Tank 12', 'Truck bay 3', 'H2S', 'ppm', 'S-100234, S-100235', 'Load received without remarks.',
      'DRIVER', 'TERMINAL OPERATOR', 'CONSIGNEE', 'M. Reid', 'Page 1 of 1',
    ]) expect(txt).toContain(expected);
    // Times in the site's zone: 15:05 UTC is 08:05 MST.
    expect(txt).toContain('2026-11-20 08:05 MST');
    expect(txt).not.toContain('DRAFT');
  });

  it('prints a run ticket; a void ticket carries VOID and its reason, a draft DRAFT', async () => {
    const run = await print(full.id, '?template_type=RUN&version=1');
    expectPdf(run);
    keep('run.pdf', run.body);
    expect(flat(pdfText(run.body))).toContain('RUN TICKET');
    const draft = (await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { product: t.water.id }) })).body;
    const d = await print(draft.id);
    keep('draft.pdf', d.body);
    const dt = flat(pdfText(d.body));
    expect(dt).toContain('DRAFT — not valid for transport');
    expect(dt).not.toContain('CANUTEC'); // produced water is not dangerous goods
    const voided = await fullTicket(s, admin, t);
    expect((await s.call('POST', `${TB}/ticket/update-tickets-status/`, { token: admin, body: { ticket_ids: [voided.id], status: 'void', void_reason: 'Wrong carrier keyed' } })).status).toBe(200);
    const v = await print(voided.id);
    keep('void.pdf', v.body);
    const vt = flat(pdfText(v.body));
    expect(vt).toContain('VOID — this ticket was cancelled: Wrong carrier keyed.');
  });

  it('puts the footer on every page with force_footer, on the last page only without', async () => {
    const long = await fullTicket(s, admin, t);
    for (let i = 3; i <= 60; i++) {
      await s.call('POST', `${TB}/ticketentry/`, { token: admin, body: { ticket: long.id, sequence: i, entry_type: 'tank_gauge', location: t.tank.id, start_reading: `${i}.000`, end_reading: `${i + 1}.000` } });
    }
    const plain = await print(long.id);
    const forced = await print(long.id, '?force_footer=true');
    keep('long-forced.pdf', forced.body);
    const pages = pdfPages(forced.body);
    expect(pages).toBeGreaterThan(1);
    const forcedText = pdfText(forced.body);
    for (let p = 1; p <= pages; p++) expect(forcedText).toContain(`Page ${p} of ${pages}`);
    const plainText = pdfText(plain.body);
    expect(plainText).toContain(`Page ${pages} of ${pages}`);
    expect(plainText).not.toContain(`Page 1 of ${pages}`);
  });

  it('refuses an unknown template type or version with 400; another company\'s ticket is 404; no view permission is 403', async () => {
    expect((await print(full.id, '?template_type=XYZ')).json()).toEqual({ template_type: ['Unknown template type "XYZ". Available: BOL, RUN.'] });
    expect((await print(full.id, '?version=9')).json().version[0]).toContain('Unknown version "9"');
    const foreign = (await s.call('POST', `${TB}/ticket/`, { token: partner, body: ticketBody(pt) })).body;
    expect((await print(foreign.id)).status).toBe(404);
    expect((await print(full.id, '', dispatcher)).status).toBe(403);
  });
});

describe('print_multiple and email_multiple', () => {
  it('zips one PDF per ticket as tickets.zip', async () => {
    const second = await fullTicket(s, admin, t);
    const res = await getBinary(s, admin, `${TB}/ticket/print_multiple/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket_ids: [full.id, second.id], template_type: 'RUN' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tickets.zip"');
    const entries = unzipEntries(res.body);
    expect([...entries.keys()].sort()).toEqual([`ticket-${full.code}.pdf`, `ticket-${second.code}.pdf`].sort());
    for (const pdf of entries.values()) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(flat(pdfText(entries.get(`ticket-${second.code}.pdf`)!))).toContain('RUN TICKET');
  });

  it('refuses foreign or unknown tickets and bad bodies with 400', async () => {
    const foreign = (await s.call('POST', `${TB}/ticket/`, { token: partner, body: ticketBody(pt) })).body;
    const res = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: admin, body: { ticket_ids: [full.id, foreign.id] } });
    expect(res).toMatchObject({ status: 400, body: { ticket_ids: [`Invalid pk "${foreign.id}" - object does not exist.`] } });
    expect((await s.call('POST', `${TB}/ticket/print_multiple/`, { token: admin, body: { ticket_ids: [] } })).status).toBe(400);
    expect((await s.call('POST', `${TB}/ticket/print_multiple/`, { token: dispatcher, body: { ticket_ids: [full.id] } })).status).toBe(403);
  });

  it('mails the PDFs to each recipient through the outbox; bad addresses send nothing', async () => {
    const outbox = async () => (await s.database.db.select().from(mailOutbox)).filter((m) => String(m.subject).startsWith('Ticket'));
    const before = (await outbox()).length;
    const bad = await s.call('POST', `${TB}/ticket/email_multiple/`, { token: admin, body: { ticket_ids: [full.id], recipients: ['ops@example.com', 'not-an-email'] } });
    expect(bad).toMatchObject({ status: 400, body: { recipients: ['Not valid email addresses: not-an-email.'] } });
    expect((await s.call('POST', `${TB}/ticket/email_multiple/`, { token: admin, body: { ticket_ids: [full.id], recipients: [] } })).status).toBe(400);
    const foreign = (await s.call('POST', `${TB}/ticket/`, { token: partner, body: ticketBody(pt) })).body;
    expect((await s.call('POST', `${TB}/ticket/email_multiple/`, { token: admin, body: { ticket_ids: [foreign.id], recipients: ['ops@example.com'] } })).status).toBe(400);
    expect((await outbox()).length).toBe(before);
    const res = await s.call('POST', `${TB}/ticket/email_multiple/`, { token: admin, body: { ticket_ids: [full.id], recipients: ['ops@example.com', 'Receiving@Gulfcoast.example'] } });
    expect(res).toMatchObject({ status: 200, body: { sent: 2 } });
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ops@example.com', 'receiving@gulfcoast.example']);
    expect(mails[0].subject).toBe(`Ticket ${full.code}`);
    expect(mails[0].attachments).toEqual([expect.objectContaining({ filename: `ticket-${full.code}.pdf`, contentType: 'application/pdf' })]);
  });
});
