/**
 * print_multiple with `combine`: the chosen tickets in one PDF, one after another, each starting on
 * a page of its own and numbered within itself, laid out as when printed alone (same page count);
 * many tickets as a job whose result is that PDF. Pages counted by pdfinfo, text read by pdftotext (pages split at form feeds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { SYNC_TICKETS } from '../../server/actions/terminal/ticket-print';
import { TB, type Terminal, expectPdf, fullTicket, getBinary, makeTerminal, pdfPages, pdfText, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let t: Terminal;
let short: { id: string; code: string };
let long: { id: string; code: string };
let draft: { id: string; code: string };

const post = (path: string, body: unknown) => getBinary(s, admin, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const pagesOf = (pdf: Buffer) => pdfText(pdf).split('\f').filter((p) => p.trim() !== '');
const flat = (x: string) => x.replace(/\s+/g, ' ');

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('siteadmin@demo.test');
  t = await makeTerminal(s, admin, 'C');
  short = await fullTicket(s, admin, t);
  long = await fullTicket(s, admin, t);
  // Enough meter readings to run the ticket onto a second page.
  for (let i = 3; i < 60; i++) {
    const res = await s.call('POST', `${TB}/ticketentry/`, { token: admin, body: { ticket: long.id, sequence: i, entry_type: 'meter', location: t.bay.id, recorded_at: '2026-11-20T15:06:00Z', gross_volume: '1.000', net_volume: '0.990', comments: `Reading ${i}` } });
    expect(res.status, res.text).toBe(201);
  }
  draft = (await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { status: 'draft' }) })).body;
});
afterAll(() => s?.close());

describe('print_multiple with combine', () => {
  it('gives one PDF with the tickets in the order asked, each on pages of its own, numbered within itself', async () => {
    const single = async (id: string) => {
      const res = await getBinary(s, admin, `${TB}/ticket/${id}/print/?force_footer=true`);
      expectPdf(res);
      return pdfPages(res.body);
    };
    const counts = [await single(long.id), await single(short.id), await single(draft.id)];
    expect(counts[0]).toBeGreaterThan(1);

    const res = await post(`${TB}/ticket/print_multiple/`, { ticket_ids: [long.id, short.id, draft.id], combine: true, force_footer: true });
    expectPdf(res);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tickets.pdf"');
    expect(pdfPages(res.body)).toBe(counts[0] + counts[1] + counts[2]);

    // Page by page: whose ticket it is and its number within that ticket, from the footer.
    const pages = pagesOf(res.body).map(flat);
    expect(pages).toHaveLength(counts[0] + counts[1] + counts[2]);
    const expected = [long, short, draft].flatMap((tk, i) => Array.from({ length: counts[i] }, (_, k) => ({ code: tk.code, page: k + 1, of: counts[i] })));
    pages.forEach((text, i) => {
      const e = expected[i];
      expect(text, `page ${i + 1}`).toContain(`Ticket ${e.code} ·`);
      expect(text, `page ${i + 1}`).toContain(`Page ${e.page} of ${e.of}`);
    });
    // Each ticket's pages hold that ticket's own content: only the draft's say it is a draft.
    const draftPages = pages.slice(counts[0] + counts[1]);
    expect(draftPages.every((p) => p.includes('DRAFT'))).toBe(true);
    expect(pages.slice(0, counts[0] + counts[1]).some((p) => p.includes('DRAFT'))).toBe(false);
  });

  it('without combine it is still a zip; combine must be a boolean', async () => {
    const zip = await post(`${TB}/ticket/print_multiple/`, { ticket_ids: [short.id, draft.id], combine: false });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bad = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: admin, body: { ticket_ids: [short.id], combine: 'both' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['combine']);
  });

  it('many tickets are a job whose result is the one PDF', async () => {
    const many: { id: string; code: string }[] = [];
    for (let i = 0; i <= SYNC_TICKETS; i++) many.push((await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t) })).body);
    const started = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: admin, body: { ticket_ids: many.map((x) => x.id), combine: true } });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ kind: 'print_multiple', total: many.length });
    let j = started.body;
    const seen: number[] = [];
    while (j.status === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      j = (await s.call('GET', started.body.url, { token: admin })).body;
      seen.push(j.done);
    }
    expect(j).toMatchObject({ status: 'done', done: many.length, filename: 'tickets.pdf' });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const pdf = await getBinary(s, admin, j.result_url);
    expectPdf(pdf);
    const pages = pagesOf(pdf.body).map(flat);
    expect(pages).toHaveLength(many.length);
    pages.forEach((text, i) => expect(text).toContain(`Ticket ${many[i].code} ·`));
  });
});
