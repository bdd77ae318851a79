/**
 * Template code `ticketview`: the ticket printed as a straight bill of lading (BOL) or as a run
 * ticket (RUN). Letter size; the watermark says VOID or DRAFT on tickets that are not a valid
 * document of a movement. Sections keep together and the signatures never stand alone on a page
 * (./page-breaks.ts); times are the site's (the ticket's `time_zone`).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatInZone, rowTimeZone } from '../../src/lib/time-zone';
import { text } from './format';
import { pageBreakBefore } from './page-breaks';
import {
  closing, entriesSection, loadSummary, footerLine, header, measurementBlock, parties, productBlock,
  propertiesSection, remarksSection, statusBanner, titled,
} from './ticket-blocks';
import type { TicketDocData } from './ticket-data';
import type { PrintOptions } from './print-options';

function watermark(status: unknown): TDocumentDefinitions['watermark'] {
  if (status === 'void') return { text: 'VOID', color: '#c00000', opacity: 0.18, bold: true, fontSize: 150 };
  if (status === 'draft') return { text: 'DRAFT', color: '#555555', opacity: 0.12, bold: true, fontSize: 130 };
  return undefined;
}

/** The zone the ticket's times are printed in: its site's (`time_zone`, which falls back to the company's). */
export const ticketZone = (d: TicketDocData) => rowTimeZone(d.ticket, rowTimeZone(d.site ? { time_zone: d.site.timezone } : null));

function page(d: TicketDocData, o: PrintOptions, ref: string, content: Content[]): TDocumentDefinitions {
  const printedAt = formatInZone(o.printedAt, ticketZone(d));
  return {
    pageSize: 'LETTER',
    // The footer needs about 20 pt below the content: a normal ticket then fits on one page.
    pageMargins: [36, 28, 36, 30],
    info: { title: `${ref} ${text(d.ticket.code)}`, author: text(d.tenant?.name), subject: `Ticket ${text(d.ticket.code)}`, creator: 'bulk-logistics ticketview' },
    watermark: watermark(d.ticket.status),
    content,
    pageBreakBefore,
    footer: (current: number, pages: number) => (o.forceFooter || current === pages ? footerLine(d, printedAt, ref, current, pages) : null),
  };
}

export function billOfLadingV1(d: TicketDocData, o: PrintOptions): TDocumentDefinitions {
  const tz = ticketZone(d);
  return page(d, o, 'ticketview BOL v1', [
    header(d, 'BILL OF LADING', 'Straight bill of lading — not negotiable', tz),
    ...statusBanner(d),
    titled('Parties', parties(d)),
    titled('Product', productBlock(d)),
    titled('Measurement', measurementBlock(d)),
    entriesSection(d, tz),
    propertiesSection(d),
    remarksSection(d),
    closing(d, true),
  ]);
}

/** A run ticket puts the measurement first: it is the record of what the meter and gauge said. */
export function runTicketV1(d: TicketDocData, o: PrintOptions): TDocumentDefinitions {
  const tz = ticketZone(d);
  return page(d, o, 'ticketview RUN v1', [
    header(d, 'RUN TICKET', 'Measurement record of the load', tz),
    ...statusBanner(d),
    titled('Load', loadSummary(d)),
    titled('Product', productBlock(d)),
    titled('Measurement', measurementBlock(d)),
    entriesSection(d, tz, 'Entries (meter, gauge and scale readings)'),
    propertiesSection(d),
    titled('Parties', parties(d)),
    remarksSection(d),
    closing(d, false),
  ]);
}
