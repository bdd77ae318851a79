/**
 * Several printed documents as one PDF (docs/terminal.md, Printing several tickets as one PDF): each document
 * becomes a pdfmake section, so it starts on a page of its own with its own page size, margins,
 * watermark (VOID, DRAFT), header and footer, and its pages are numbered within it ("Page 1 of 2"
 * of that ticket, not of the whole file). The documents are the templates' own (templates.ts), built
 * as for a single print: nothing here knows what a ticket looks like.
 */
import type { Content, DynamicBackground, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';

type Repeatable = TDocumentDefinitions['footer'];

/**
 * pdfmake hands a section's header and footer the page number and count of the whole file. Each
 * section's background is asked for once per page as the page is laid out, before any footer, so
 * it notes which document each page belongs to; the footers then number within the document.
 */
class PageOwners {
  private owner: number[] = [];
  note(doc: number, page: number) { this.owner[page] = doc; }
  /** The page's number within its document and that document's page count, in a file of `total` pages. */
  within(page: number, total: number): { current: number; count: number } {
    const doc = this.owner[page];
    let first = page;
    while (first > 1 && this.owner[first - 1] === doc) first--;
    let last = page;
    while (last < total && this.owner[last + 1] === doc) last++;
    return { current: page - first + 1, count: last - first + 1 };
  }
}

function renumbered(owners: PageOwners, part: Repeatable): DynamicContent | undefined {
  if (part === undefined || part === null) return undefined;
  if (typeof part !== 'function') return () => part as Content;
  return (page, total, size) => {
    const { current, count } = owners.within(page, total);
    return part(current, count, size);
  };
}

export function combineDocuments(docs: TDocumentDefinitions[], info: TDocumentDefinitions['info'] = {}): TDocumentDefinitions {
  if (!docs.length) throw new Error('Nothing to combine.');
  const owners = new PageOwners();
  const [first] = docs;
  const sections = docs.map((d, i): Content => {
    const own = d.background;
    const background: DynamicBackground = (page, size) => {
      owners.note(i, page);
      return typeof own === 'function' ? own(page, size) : (own ?? null);
    };
    return {
      section: Array.isArray(d.content) ? d.content : [d.content],
      pageSize: d.pageSize,
      pageOrientation: d.pageOrientation,
      pageMargins: d.pageMargins,
      // null, not undefined: a document without a watermark must not take the previous one's.
      watermark: d.watermark ?? null,
      header: renumbered(owners, d.header) ?? null,
      footer: renumbered(owners, d.footer) ?? null,
      background,
    } as Content;
  });
  // The document-wide settings (styles, the page-break rule...) are the first document's: the
  // documents come from one template. What belongs to a page went into each section above.
  const { header: _h, footer: _f, background: _b, watermark: _w, content: _c, ...shared } = first;
  return {
    ...shared,
    styles: Object.assign({}, ...docs.map((d) => d.styles ?? {})),
    images: Object.assign({}, ...docs.map((d) => d.images ?? {})),
    info: { ...first.info, ...info },
    content: sections,
  };
}
