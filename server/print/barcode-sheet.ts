/**
 * Sheets of barcode labels: Code 128 symbols drawn by bwip-js (PNG), 30 labels per Letter page in
 * the common 3 x 10 layout (2 5/8" x 1" labels, e.g. Avery 5160), the number printed under each.
 */
import { toBuffer } from 'bwip-js/node';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

export const LABELS_PER_PAGE = 30;
export const LABEL_DIGITS = 8;
const COLS = 3;
const PT = 72; // points per inch

export const labelText = (prefix: string, n: number) => `${prefix}${String(n).padStart(LABEL_DIGITS, '0')}`;

/** A Code 128 symbol as PNG; 2 px per module (whole pixels per bar) so it stays sharp when printed at label size. */
export async function code128Png(value: string): Promise<Buffer> {
  return toBuffer({ bcid: 'code128', text: value, scale: 2, height: 9, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

export interface SheetInfo { title: string; subtitle: string; prefix: string; first: number; pages: number }

export async function barcodeSheet(o: SheetInfo): Promise<TDocumentDefinitions> {
  const content: Content[] = [];
  for (let p = 0; p < o.pages; p++) {
    // Drawing symbols is CPU work: let other requests in between pages.
    await new Promise((resolve) => setImmediate(resolve));
    const rows: Content[][] = [];
    for (let r = 0; r < LABELS_PER_PAGE / COLS; r++) {
      const row: Content[] = [];
      for (let c = 0; c < COLS; c++) {
        const value = labelText(o.prefix, o.first + p * LABELS_PER_PAGE + r * COLS + c);
        const png = await code128Png(value);
        row.push({
          stack: [
            // 2" wide leaves the Code 128 quiet zone (10 modules) free on both sides within the label.
            { image: `data:image/png;base64,${png.toString('base64')}`, fit: [2.0 * PT, 0.5 * PT], alignment: 'center', margin: [0, 8, 0, 2] },
            { text: value, alignment: 'center', fontSize: 10, bold: true, characterSpacing: 1 },
          ],
        });
      }
      rows.push(row);
    }
    content.push({
      table: { widths: Array(COLS).fill(2.625 * PT - 8), heights: Array(LABELS_PER_PAGE / COLS).fill(1 * PT), body: rows },
      layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 4, paddingRight: () => 4, paddingTop: () => 0, paddingBottom: () => 0 },
      ...(p < o.pages - 1 ? { pageBreak: 'after' as const } : {}),
    });
  }
  return {
    pageSize: 'LETTER',
    // Avery 5160: 0.5" top and bottom, 0.1875" sides, 0.125" between columns (in the table padding).
    pageMargins: [0.1875 * PT, 0.5 * PT, 0.1875 * PT, 0.5 * PT],
    info: { title: o.title, subject: o.subtitle, creator: 'bulk-logistics barcodes' },
    header: (page: number, pages: number) => ({
      text: `${o.title} · ${o.subtitle} · page ${page} of ${pages}`, fontSize: 6.5, color: '#777', margin: [0.1875 * PT + 4, 0.2 * PT, 0, 0],
    }),
    content,
  };
}
