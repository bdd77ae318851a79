/**
 * Template code `ticketview`: the ticket printed as a straight bill of lading (BOL) or as a run
 * ticket (RUN). Letter size; the watermark says VOID or DRAFT on tickets that are not a valid
 * document of a movement.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDateTime, safeTimeZone, text } from './format';
import {
  SHIPPER_CERTIFICATION, entriesTable, loadSummary, footerLine, header, isDangerous, measurementBlock, parties, productBlock,
  propertiesTable, remarks, sectionTitle, signatures, statusBanner,
} from './ticket-blocks';
import type { TicketDocData } from './ticket-data';
import type { PrintOptions } from './print-options';

function watermark(status: unknown): TDocumentDefinitions['watermark'] {
  if (status === 'void') return { text: 'VOID', color: '#c00000', opacity: 0.18, bold: true, fontSize: 150 };
  if (status === 'draft') return { text: 'DRAFT', color: '#555555', opacity: 0.12, bold: true, fontSize: 130 };
  return undefined;
}

function page(d: TicketDocData, o: PrintOptions, ref: string, content: Content[]): TDocumentDefinitions {
  const tz = safeTimeZone(d.site?.timezone);
  const printedAt = formatDateTime(o.printedAt, tz);
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 30, 36, 36],
    info: { title: `${ref} ${text(d.ticket.code)}`, author: text(d.tenant?.name), subject: `Ticket ${text(d.ticket.code)}`, creator: 'bulk-logistics ticketview' },
    watermark: watermark(d.ticket.status),
    content,
    footer: (current: number, pages: number) => (o.forceFooter || current === pages ? footerLine(d, printedAt, ref, current, pages) : null),
  };
}

export function billOfLadingV1(d: TicketDocData, o: PrintOptions): TDocumentDefinitions {
  const tz = safeTimeZone(d.site?.timezone);
  return page(d, o, 'ticketview BOL v1', [
    header(d, 'BILL OF LADING', 'Straight bill of lading — not negotiable', tz),
    ...statusBanner(d),
    sectionTitle('Parties'),
    parties(d),
    sectionTitle('Product'),
    productBlock(d),
    sectionTitle('Measurement'),
    measurementBlock(d),
    sectionTitle('Entries'),
    entriesTable(d, tz),
    sectionTitle('Properties'),
    propertiesTable(d),
    sectionTitle('Remarks'),
    remarks(d),
    ...(isDangerous(d.product) ? [{ text: SHIPPER_CERTIFICATION, fontSize: 7, italics: true, margin: [0, 6, 0, 0] } as Content] : []),
    signatures(d),
  ]);
}

/** A run ticket puts the measurement first: it is the record of what the meter and gauge said. */
export function runTicketV1(d: TicketDocData, o: PrintOptions): TDocumentDefinitions {
  const tz = safeTimeZone(d.site?.timezone);
  return page(d, o, 'ticketview RUN v1', [
    header(d, 'RUN TICKET', 'Measurement record of the load', tz),
    ...statusBanner(d),
    sectionTitle('Load'),
    loadSummary(d),
    sectionTitle('Product'),
    productBlock(d),
    sectionTitle('Measurement'),
    measurementBlock(d),
    sectionTitle('Entries (meter, gauge and scale readings)'),
    entriesTable(d, tz),
    sectionTitle('Properties'),
    propertiesTable(d),
    sectionTitle('Parties'),
    parties(d),
    sectionTitle('Remarks'),
    remarks(d),
    signatures(d),
  ]);
}
