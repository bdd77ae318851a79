/**
 * Bulk prints and mails of many tickets run as jobs: the request answers 202 at once, the PDFs
 * are rendered on worker threads, other requests are answered meanwhile, and the job reports
 * progress and then its zip (or, for mails, how many were sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/internal-tables';
import { SYNC_TICKETS } from '../../server/actions/terminal/ticket-print';
import { startServer, type TestServer } from './harness';
import { TB, driverLoads, getBinary, pdfText, unzipEntries } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let driver: string;
let tickets: { id: string; code: string }[];

beforeAll(async () => {
  s = await startServer();
  [admin, driver] = await Promise.all(['siteadmin@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
  // The driver prints his own loads: 30 of them.
  await driverLoads(s, driver, 30);
  tickets = (await s.call('GET', `${TB}/ticket/?page_size=30&ordering=code`, { token: driver })).body.results;
});
afterAll(() => s?.close());

const job = async (url: string, token = driver) => (await s.call('GET', url, { token })).body;

async function untilDone(url: string, token = driver) {
  const seen: number[] = [];
  for (;;) {
    const j = await job(url, token);
    seen.push(j.done);
    if (j.status !== 'running') return { j, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('print_multiple of many tickets', () => {
  it('answers 202 with a job; health answers while it runs; the job counts up and ends with the zip', async () => {
    expect(tickets.length).toBeGreaterThan(SYNC_TICKETS);
    const started = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body: { ticket_ids: tickets.map((t) => t.id) } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'print_multiple', status: 'running', total: tickets.length, url: `/api/jobs/${started.body.id}/` });
    expect(started.headers.get('location')).toBe(started.body.url);

    // Another request is answered while the print is still under way.
    expect((await s.call('GET', '/api/health/')).status).toBe(200);
    const during = await job(started.body.url);
    expect(during.status).toBe('running');
    expect(during.done).toBeLessThan(tickets.length);

    // Nobody else sees the job.
    expect((await s.call('GET', started.body.url, { token: admin })).status).toBe(404);

    const { j, seen } = await untilDone(started.body.url);
    expect(j).toMatchObject({ status: 'done', done: tickets.length, total: tickets.length, filename: 'tickets.zip', result_url: `${started.body.url}result/` });
    expect(seen.some((n) => n > 0 && n < tickets.length)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const zip = await getBinary(s, driver, j.result_url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const entries = unzipEntries(zip.body);
    expect([...entries.keys()].sort()).toEqual(tickets.map((t) => `ticket-${t.code}.pdf`).sort());
    for (const pdf of entries.values()) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const last = tickets[tickets.length - 1];
    expect(pdfText(entries.get(`ticket-${last.code}.pdf`)!)).toContain(last.code);
  });

  it('an unknown job and a result asked too early are answered plainly', async () => {
    expect((await s.call('GET', '/api/jobs/00000000-0000-0000-0000-000000000000/', { token: driver })).status).toBe(404);
    const started = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body: { ticket_ids: tickets.map((t) => t.id) } });
    expect(started.status).toBe(202);
    expect(await s.call('GET', `${started.body.url}result/`, { token: driver })).toMatchObject({ status: 409, body: { detail: 'The job is still running.' } });
    await untilDone(started.body.url);
  });
});

describe('limits', () => {
  it('a user runs at most two jobs at a time: a third is refused with 429 until one ends', async () => {
    const body = { ticket_ids: tickets.map((t) => t.id) };
    const first = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body });
    const second = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body });
    expect([first.status, second.status]).toEqual([202, 202]);
    const third = await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body });
    expect(third).toMatchObject({ status: 429, body: { detail: 'You already have 2 long jobs running (at most 2). Wait for them to finish.' } });
    // Another user is not held up by this one's jobs.
    expect((await s.call('POST', `${TB}/ticket/print_multiple/`, { token: admin, body })).status).toBe(202);
    await untilDone(first.body.url);
    await untilDone(second.body.url);
    expect((await s.call('POST', `${TB}/ticket/print_multiple/`, { token: driver, body: { ticket_ids: body.ticket_ids.slice(0, SYNC_TICKETS + 1) } })).status).toBe(202);
  }, 180_000); // it waits for two jobs of 30 PDFs each to finish: minutes on a busy machine, not a limit of the product
});

describe('email_multiple of many tickets', () => {
  it('answers 202; the job ends with the count sent, each mail carrying every PDF', async () => {
    const before = (await s.database.db.select().from(mailOutbox)).length;
    const started = await s.call('POST', `${TB}/ticket/email_multiple/`, { token: admin, body: { ticket_ids: tickets.map((t) => t.id), recipients: ['ops@example.com'] } });
    expect(started.status, started.text).toBe(202);
    const { j } = await untilDone(started.body.url, admin);
    expect(j).toMatchObject({ status: 'done', result: { sent: 1 } });
    const mails = (await s.database.db.select().from(mailOutbox)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].attachments).toHaveLength(tickets.length);
  });
});
