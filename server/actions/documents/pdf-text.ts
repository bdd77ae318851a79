/**
 * The text of an uploaded PDF (docs/documents.md, Reading), by pdf.js through pdf-parse: the
 * pages' own text, in reading order. A scan (images of pages) has no text: it reads as empty and
 * a person reads it. A damaged or encrypted file is refused with the library's reason; a very
 * long one is read up to MAX_PAGES (a bill of lading is a page or two).
 */
import { PDFParse } from 'pdf-parse';

export const MAX_PAGES = 20;

export type PdfText = { ok: true; text: string; pages: number } | { ok: false; error: string };

export async function pdfText(buf: Buffer): Promise<PdfText> {
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    const r = await parser.getText({ first: MAX_PAGES });
    return { ok: true, text: r.text.trim(), pages: r.total };
  } catch (e) {
    return { ok: false, error: `The PDF could not be read: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    await parser.destroy();
  }
}
