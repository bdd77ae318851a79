/**
 * Site time (docs/terminal.md, Site time): a ticket's times belong to its site's zone. Its date is
 * its start's date there; the PDF and the CSV write its times there, near local midnight, across
 * the daylight-saving changes of Alberta (2026-03-08, 2026-11-01) and at a site in
 * America/Dawson_Creek, which keeps MST all year.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearZoneRules, formatInZone, localDateIn, registerZoneRules } from '../../src/lib/time-zone';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, getBinary, makeTerminal, pdfPages, pdfText, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let t: Terminal;
let taylor: any;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('siteadmin@demo.test');
  t = await makeTerminal(s, admin, 'Z');
  const res = await s.call('POST', `${TB}/site/`, { token: admin, body: { name: 'Taylor Terminal Z', username: 'tay-z', timezone: 'America/Dawson_Creek', additional_data: { address: 'Taylor BC' } } });
  expect(res.status).toBe(201);
  taylor = res.body;
});
afterAll(() => s?.close());

const flat = (txt: string) => txt.replace(/\s+/g, ' ');

/** A ticket started at `start` (UTC) at a site, the date left to the server unless given. */
async function started(start: string, extra: Record<string, unknown> = {}) {
  const { ticket_date: _d, ...body } = ticketBody(t);
  return s.call('POST', `${TB}/ticket/`, { token: admin, body: { ...body, start_time: start, ...extra } });
}

describe('a ticket\'s date is its start\'s date at the site', () => {
  it('derives the date near local midnight: 05:30 UTC on the 23rd is 22:30 on the 22nd in Edmonton', async () => {
    const res = await started('2026-11-23T05:30:00Z');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ ticket_date: '2026-11-22', time_zone: 'America/Edmonton', start_time: '2026-11-23T05:30:00.000Z' });
    // The same instant at the same site with the right date is taken as sent; the UTC date is refused.
    expect((await started('2026-11-23T05:30:00Z', { ticket_date: '2026-11-22' })).status).toBe(201);
    const wrong = await started('2026-11-23T05:30:00Z', { ticket_date: '2026-11-23' });
    expect(wrong).toMatchObject({ status: 400, body: { ticket_date: ['Ticket date must be the date of the start time at America/Edmonton: 2026-11-22.'] } });
    // Without a start time the date is required as before.
    const { ticket_date: _d, ...noDate } = ticketBody(t);
    expect((await s.call('POST', `${TB}/ticket/`, { token: admin, body: noDate })).body).toEqual({ ticket_date: ['This field is required.'] });
  });

  it('follows the daylight-saving changes in Edmonton, and none in Dawson Creek', async () => {
    const cases: [string, string, string | undefined][] = [
      // Spring forward at 02:00 MST (09:00 UTC) on 2026-03-08.
      ['2026-03-08T06:30:00Z', '2026-03-07', undefined], // 23:30 MST on the 7th
      ['2026-03-08T07:30:00Z', '2026-03-08', undefined], // 00:30 MST
      ['2026-03-09T05:30:00Z', '2026-03-08', undefined], // 23:30 MDT: the evening after the change
      ['2026-03-09T06:30:00Z', '2026-03-09', undefined],
      // Fall back at 02:00 MDT (08:00 UTC) on 2026-11-01.
      ['2026-11-01T05:30:00Z', '2026-10-31', undefined], // 23:30 MDT
      ['2026-11-01T06:30:00Z', '2026-11-01', undefined],
      ['2026-11-02T06:30:00Z', '2026-11-01', undefined], // 23:30 MST: the evening after the change
      // Dawson Creek is UTC-7 all year: in July 06:30 UTC is still the evening before.
      ['2026-07-01T06:30:00Z', '2026-06-30', 'taylor'],
      ['2026-01-15T06:30:00Z', '2026-01-14', 'taylor'],
      ['2026-07-01T06:30:00Z', '2026-07-01', undefined], // 00:30 MDT in Edmonton
    ];
    for (const [start, date, site] of cases) {
      const res = await started(start, site ? { created_by_server: taylor.id } : {});
      expect(res.status, `${start} ${res.text}`).toBe(201);
      expect(res.body.ticket_date, `${start} at ${res.body.time_zone}`).toBe(date);
    }
  });

  it('moves the date with the start or the site on update, and refuses a date that says another day', async () => {
    const made = (await started('2026-11-23T05:30:00Z')).body;
    const moved = await s.call('PATCH', `${TB}/ticket/${made.id}/`, { token: admin, body: { start_time: '2026-11-24T15:00:00Z' } });
    expect(moved.body).toMatchObject({ ticket_date: '2026-11-24' });
    // 06:30 UTC on the 25th: the 24th in Dawson Creek (UTC-7) and in Edmonton (UTC-7 in winter) alike; in July they part.
    const summer = await s.call('PATCH', `${TB}/ticket/${made.id}/`, { token: admin, body: { start_time: '2026-07-01T06:30:00Z' } });
    expect(summer.body).toMatchObject({ ticket_date: '2026-07-01', time_zone: 'America/Edmonton' });
    const atTaylor = await s.call('PATCH', `${TB}/ticket/${made.id}/`, { token: admin, body: { created_by_server: taylor.id } });
    expect(atTaylor.body).toMatchObject({ ticket_date: '2026-06-30', time_zone: 'America/Dawson_Creek' });
    const wrong = await s.call('PATCH', `${TB}/ticket/${made.id}/`, { token: admin, body: { ticket_date: '2026-07-01' } });
    expect(wrong).toMatchObject({ status: 400, body: { ticket_date: ['Ticket date must be the date of the start time at America/Dawson_Creek: 2026-06-30.'] } });
    expect((await s.call('GET', `${TB}/ticket/${made.id}/`, { token: admin })).body.ticket_date).toBe('2026-06-30');
  });

  it('keeps the demo tickets on their start\'s date at their site', async () => {
    const res = await s.call('GET', `${TB}/ticket/?page_size=0&fields=code,ticket_date,start_time,time_zone`, { token: admin });
    const demo = (res.body as any[]).filter((x) => /^(FSK|TAY)-/.test(x.code) && x.start_time);
    expect(demo.length).toBeGreaterThan(20);
    for (const x of demo) expect(x.ticket_date, x.code).toBe(localDateIn(x.start_time, x.time_zone));
    expect(new Set(demo.map((x) => x.time_zone))).toEqual(new Set(['America/Edmonton', 'America/Dawson_Creek']));
  });

  it('refuses a site zone that is not an IANA zone', async () => {
    const res = await s.call('PATCH', `${TB}/site/${taylor.id}/`, { token: admin, body: { timezone: 'Mountain Time' } });
    expect(res).toMatchObject({ status: 400, body: { timezone: ['Unknown time zone. Use an IANA name such as America/Edmonton.'] } });
  });
});

describe('printed and exported in the site\'s time', () => {
  it('prints the date and the times of the site, with the zone\'s abbreviation', async () => {
    const night = (await started('2026-11-23T05:30:00Z', { end_time: '2026-11-23T06:15:00Z' })).body;
    const txt = flat(pdfText((await getBinary(s, admin, `${TB}/ticket/${night.id}/print/`)).body));
    expect(txt).toContain('Date 2026-11-22');
    expect(txt).toContain('Start 2026-11-22 22:30 MST');
    expect(txt).toContain('End 2026-11-22 23:15 MST');
    const spring = (await started('2026-03-08T09:30:00Z')).body;
    expect(flat(pdfText((await getBinary(s, admin, `${TB}/ticket/${spring.id}/print/`)).body))).toContain('Start 2026-03-08 03:30 MDT');
    const summer = (await started('2026-07-01T06:30:00Z', { created_by_server: taylor.id })).body;
    const taylorTxt = flat(pdfText((await getBinary(s, admin, `${TB}/ticket/${summer.id}/print/`)).body));
    expect(taylorTxt).toContain('Date 2026-06-30');
    expect(taylorTxt).toContain('Start 2026-06-30 23:30 MST');
    expect(taylorTxt).toContain('Time zone: America/Dawson_Creek');
  });

  it('exports local times with their offset, a byte-order mark first, named after the table and the day', async () => {
    const codes: string[] = [];
    for (const [start, site] of [['2026-11-23T05:30:00Z', t.site.id], ['2026-07-01T06:30:00Z', t.site.id], ['2026-07-01T06:30:00Z', taylor.id]]) {
      codes.push((await started(start, { created_by_server: site, bol_number: 'TZ-EXPORT' })).body.code);
    }
    const res = await getBinary(s, admin, `${TB}/ticket/download_table/`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ columns: ['code', 'ticket_date', 'start_time', 'temperature'], filters: { bol_number: 'TZ-EXPORT' }, ordering: 'code' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"Code","Ticket date","Start time","Observed temperature (°C)"');
    expect(lines.slice(1, -1)).toEqual([
      `"${codes[0]}","2026-11-22","2026-11-22T22:30:00-07:00",""`,
      `"${codes[1]}","2026-07-01","2026-07-01T00:30:00-06:00",""`,
      `"${codes[2]}","2026-06-30","2026-06-30T23:30:00-07:00",""`,
    ]);
  });

  it('gives a ticket\'s entries its site\'s zone, two references away', async () => {
    const summer = (await started('2026-07-01T06:30:00Z', { created_by_server: taylor.id, bol_number: 'TZ-ENTRY' })).body;
    const entry = await s.call('POST', `${TB}/ticketentry/`, { token: admin, body: { ticket: summer.id, sequence: 1, entry_type: 'meter', recorded_at: '2026-07-01T06:45:00Z' } });
    expect(entry.body).toMatchObject({ time_zone: 'America/Dawson_Creek' });
    const res = await getBinary(s, admin, `${TB}/ticketentry/download_table/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ columns: ['sequence', 'recorded_at', 'time_zone'], filters: { ticket: summer.id } }),
    });
    expect(res.body.subarray(3).toString('utf8')).toBe('"Sequence","Recorded at","Time zone"\r\n"1","2026-06-30T23:45:00-07:00","America/Dawson_Creek"\r\n');
  });

  it('offers the zones of the tickets as column values, on both databases', async () => {
    // The zone is an expression with a parameter (the last fallback); the values list orders it by position.
    const res = await s.call('GET', `${TB}/ticket/autocomplete/?field=time_zone&input=america`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((x: { value: string }) => x.value)).toEqual(expect.arrayContaining(['America/Dawson_Creek', 'America/Edmonton']));
  });

  it('refuses an export body that breaks its declaration, field by field', async () => {
    const res = await s.call('POST', `${TB}/ticket/download_table/`, { token: admin, body: { columns: ['code', 'nope'], ordering: 5, extra: 1 } });
    expect(res).toMatchObject({ status: 400, body: { columns: ['"nope" is not a valid choice.'], ordering: ['Not a valid string.'], extra: ['Unknown field.'] } });
    expect((await s.call('POST', `${TB}/ticket/download_table/`, { token: admin, body: { filters: [1] } })).body).toEqual({ filters: ['Value must be a JSON object.'] });
  });
});

describe('the zone rules the browser converts by', () => {
  it('are the server\'s: what a browser writes with them is what the PDF prints', async () => {
    const res = await s.call('GET', '/api/time_zones/?zones=America/Edmonton,America/Dawson_Creek', { token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['America/Dawson_Creek', 'America/Edmonton']);
    const night = (await started('2026-11-23T05:30:00Z', { created_by_server: t.site.id })).body;
    const printed = flat(pdfText((await getBinary(s, admin, `${TB}/ticket/${night.id}/print/`)).body));
    try {
      for (const rules of Object.values(res.body)) registerZoneRules(rules as never);
      expect(printed).toContain(`Start ${formatInZone(night.start_time, night.time_zone)}`);
    } finally {
      clearZoneRules();
    }
  });

  it('are asked for by name: unknown zones and empty lists are refused, and a token is needed', async () => {
    expect(await s.call('GET', '/api/time_zones/?zones=America/Edmonton,Mars/Olympus', { token: admin })).toMatchObject({ status: 400, body: { zones: ['Unknown time zone "Mars/Olympus".'] } });
    expect((await s.call('GET', '/api/time_zones/', { token: admin })).body).toEqual({ zones: ['This list may not be empty.'] });
    expect((await s.call('GET', '/api/time_zones/?zones=UTC')).status).toBe(401);
  });
});

describe('the signatures never stand alone on a page', () => {
  /** The text of one page. */
  const pageText = (pdf: Buffer, page: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'tickets-pdf-'));
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), join(dir, 'doc.pdf'), join(dir, 'page.txt')]);
    return flat(readFileSync(join(dir, 'page.txt'), 'utf8'));
  };

  it('carries the section before them over whatever the length of the ticket, and keeps the signature boxes whole', async () => {
    const made = (await started('2026-11-20T15:05:00Z', { status: 'in_progress', comments: 'Long remarks. '.repeat(8) })).body;
    let multiPage = 0;
    // Each property adds a row: somewhere the closing block reaches the foot of page 1.
    for (let n = 1; n <= 26; n++) {
      await s.call('POST', `${TB}/ticketproperty/`, { token: admin, body: { ticket: made.id, name: `Property ${String(n).padStart(2, '0')}`, value: String(n), unit: 'ppm' } });
      for (const type of ['BOL', 'RUN']) {
        const pdf = (await getBinary(s, admin, `${TB}/ticket/${made.id}/print/?template_type=${type}`)).body;
        const pages = pdfPages(pdf);
        if (pages === 1) continue;
        multiPage++;
        const last = pageText(pdf, pages);
        // The signatures are on the last page, whole, after the end of the remarks.
        expect(last, `${type} with ${n} properties`).toMatch(/SIGNATURES DRIVER .*TERMINAL OPERATOR .*Date and time/);
        expect(last.indexOf('Comments Long remarks.'), `${type} with ${n} properties: ${last}`).toBeGreaterThanOrEqual(0);
        expect(last.indexOf('Comments Long remarks.')).toBeLessThan(last.indexOf('SIGNATURES'));
        for (let p = 1; p < pages; p++) expect(pageText(pdf, p)).not.toContain('SIGNATURES');
      }
    }
    expect(multiPage).toBeGreaterThan(4);
  });
});
