/** Barcode label sheets: real Code 128 symbols, numbers taken atomically from the series. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, expectPdf, getBinary, makeTerminal, pdfPages, pdfText, type Terminal } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let dispatcher: string;
let partner: string;
let t: Terminal;
let series: any;
let user: any;

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, dispatcher, partner] = await Promise.all(['siteadmin@demo.test', 'dispatcher@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin);
  series = (await s.call('POST', `${TB}/barcode/`, { token: admin, body: { name: 'Sample bottles', prefix: 'SB', site: t.site.id } })).body;
  user = (await s.call('POST', `${TB}/user/`, { token: admin, body: { username: 'gauger1', first_name: 'Gale', last_name: 'Gauger', site: t.site.id } })).body;
});
afterAll(() => s?.close());

const generate = (q: string, token = admin, id = series.id) => getBinary(s, token, `${TB}/barcode/${id}/generate_barcodes/${q}`);
const nextNumber = async () => (await s.call('GET', `${TB}/barcode/${series.id}/`, { token: admin })).body.next_number;

/** Renders the top-left label of page 1 and decodes it as Code 128 with ZXing. */
function decodeFirstLabel(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'barcodes-'));
  writeFileSync(join(dir, 'labels.pdf'), pdf);
  // 200 dpi; the first label is 0.19"-2.81" across and 0.5"-1.5" down.
  execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-x', '30', '-y', '95', '-W', '530', '-H', '210', join(dir, 'labels.pdf'), join(dir, 'p')]);
  const png = PNG.sync.read(readFileSync(join(dir, 'p-1.png')));
  const rgba = new Uint8ClampedArray(png.data);
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i++) luminance[i] = (rgba[4 * i] * 299 + rgba[4 * i + 1] * 587 + rgba[4 * i + 2] * 114) / 1000;
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)));
  return reader.decode(bitmap).getText();
}

describe('generate_barcodes', () => {
  it('prints pages of scannable Code 128 labels and advances next_number by the labels printed', async () => {
    expect(await nextNumber()).toBe(1);
    const res = await generate(`?number_of_pages=2&user=${user.id}&created_by_server=${t.site.id}`);
    expectPdf(res);
    expect(pdfPages(res.body)).toBe(2);
    const txt = pdfText(res.body);
    expect(txt).toContain('SB00000001');
    expect(txt).toContain('SB00000060');
    expect(txt).not.toContain('SB00000061');
    expect(txt).toContain('Gale Gauger');
    expect(decodeFirstLabel(res.body)).toBe('SB00000001');
    expect(await nextNumber()).toBe(61);
    const again = await generate('?number_of_pages=1');
    expect(again.headers.get('x-first-number')).toBe('61');
    expect(decodeFirstLabel(again.body)).toBe('SB00000061');
    expect(await nextNumber()).toBe(91);
  });

  it('never gives two printers the same numbers', async () => {
    const start = await nextNumber();
    const runs = await Promise.all([generate('?number_of_pages=1'), generate('?number_of_pages=1'), generate('?number_of_pages=1')]);
    const firsts = runs.map((r) => Number(r.headers.get('x-first-number'))).sort((a, b) => a - b);
    expect(firsts).toEqual([start, start + 30, start + 60]);
    expect(await nextNumber()).toBe(start + 90);
  });

  it('refuses a page count outside 1-50 and unknown users or sites with 400, taking no numbers', async () => {
    const start = await nextNumber();
    for (const [q, message] of [
      ['?number_of_pages=0', 'Ensure this value is greater than or equal to 1.'], ['?number_of_pages=51', 'Ensure this value is less than or equal to 50.'],
      ['?number_of_pages=abc', 'A valid integer is required.'], ['?number_of_pages=1.5', 'A valid integer is required.'],
    ]) {
      const res = await generate(q);
      expect(res.status).toBe(400);
      expect(res.json().number_of_pages).toEqual([message]);
    }
    expect((await generate('?user=00000000-0000-4000-8000-000000000000')).json().user[0]).toContain('does not exist');
    expect((await generate('?created_by_server=nope')).json().created_by_server[0]).toContain('Expected pk value');
    const foreignSite = (await s.call('POST', `${TB}/site/`, { token: partner, body: { name: 'Partner yard', username: 'partner-yard', timezone: 'America/Edmonton' } })).body;
    expect((await generate(`?created_by_server=${foreignSite.id}`)).json().created_by_server[0]).toContain('does not exist');
    expect(await nextNumber()).toBe(start);
  });

  it("another company's series is not found; without change permission it is forbidden", async () => {
    const start = await nextNumber();
    expect((await generate('?number_of_pages=1', partner)).status).toBe(404);
    expect((await generate('?number_of_pages=1', dispatcher)).status).toBe(403);
    expect(await nextNumber()).toBe(start);
  });
});
