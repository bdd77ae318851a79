/**
 * Template `rail-bol-custom`: the straight (non-negotiable) bill of lading for rail (docs/rail.md
 * §10.1), Letter size, built from a snapshot alone (server/actions/rail/bol-snapshot.ts), so an
 * archived copy prints as it was issued. The registry (./rail-templates.ts) picks it by version:
 * version 1 as first issued; version 2 with the dangerous goods entries checked against 49 CFR and
 * the TDG Regulations (docs/rail.md §10.7: the number and type of packages, the "24-Hour Number",
 * "ERAP" before the ERAP number); version 3 with the entries the product's later fields give (RQ
 * and the hazardous substance, subsidiary classes, residue, HOT, inhalation hazard, marine
 * pollutant, the emergency number's registrant, the ERAP telephone); version 4 with, for a
 * dangerous good, each tank car's maximum permitted filling (./rail-bol-filling.ts). The versions
 * differ only in the commodity block (./rail-bol-blocks.ts), the filling block and the footer's
 * layout name, so a copy issued with an earlier version prints exactly as before.
 *
 * Order: header; origin, destination, carrier, route and freight charges; parties; commodity;
 * cars; export; then the certification and signatures. The commodity comes before the cars (§10.1
 * lists it after): on a long train the dangerous goods description and the emergency telephone then
 * stay on page 1, where a responder looks first. The export row comes last of the blocks, so the
 * page rule has a section to carry over with the closing block. The watermark says DRAFT,
 * CORRECTION DRAFT or VOID on a copy that is not a valid document; the footer names the document,
 * its revision, this layout and the issue time on every page, and from page 2 a line at the top
 * says whose page it is.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { formatInZone } from '../../src/lib/time-zone';
import { pageBreakBefore } from './page-breaks';
import { carsBlock } from './rail-bol-cars';
import { closingBlock } from './rail-bol-closing';
import { fillingBlock } from './rail-bol-filling';
import { commodityBlock, exportBlock, partiesBlock, routeBlock } from './rail-bol-blocks';
import { type BolMark, header, isVoid, printedRevision, statusBand } from './rail-bol-head';
import { MUTED, text } from './rail-bol-style';

/** The layout versions this module draws. */
export type BolLayout = 1 | 2 | 3 | 4;

/** This layout, as the footer names it: the version is the function's own, not the snapshot's. */
const layoutName = (version: BolLayout) => `rail-bol-custom v${version}`;

function watermark(s: BolSnapshot, mark: BolMark): TDocumentDefinitions['watermark'] {
  if (isVoid(s)) return { text: 'VOID', color: '#c00000', opacity: 0.18, bold: true, fontSize: 150 };
  if (mark === 'draft') return { text: 'DRAFT', color: '#555555', opacity: 0.12, bold: true, fontSize: 130 };
  if (mark === 'correction_draft') return { text: 'CORRECTION DRAFT', color: '#9a5b00', opacity: 0.12, bold: true, fontSize: 62 };
  return undefined;
}

/** `BOL PBT26000042 rev 0`, `BOL PBT26000042 rev 0 VOID`, `Shipment RS-000123 draft`: what the copy is, in a few words. */
function documentName(s: BolSnapshot, mark: BolMark): string {
  const sh = s.shipment ?? {};
  const bol = text(sh.bol_number);
  const revision = printedRevision(s, mark);
  if (mark !== null && !isVoid(s)) {
    return bol ? `BOL ${bol} rev ${revision} ${mark === 'correction_draft' ? 'correction draft' : 'draft'}` : `Shipment ${text(sh.shipment_number)} draft`;
  }
  return `BOL ${bol} rev ${revision}${isVoid(s) ? ' VOID' : ''}`;
}

/** `BOL PBT26000042 rev 0 · rail-bol-custom v1 · issued 2026-11-23 14:05 MST`; a draft is not issued, so it says when it was printed. */
function footerText(s: BolSnapshot, mark: BolMark, printedAt: Date, version: BolLayout): string {
  const when = mark !== null && !isVoid(s) ? `printed ${formatInZone(printedAt, s.zone)}` : `issued ${formatInZone(s.issued_at, s.zone)}`;
  return `${documentName(s, mark)} · ${layoutName(version)} · ${when}`;
}

type Options = { mark: BolMark; printedAt: Date };

/** Version 1, as first issued: archived copies of it keep printing with it. */
export const railBolV1 = (s: BolSnapshot, o: Options): TDocumentDefinitions => railBol(s, o, 1);
/** Version 2: the dangerous goods entries as docs/rail.md §10.7 checked them. */
export const railBolV2 = (s: BolSnapshot, o: Options): TDocumentDefinitions => railBol(s, o, 2);
/** Version 3: the whole shipping description, the emergency number's registrant and the ERAP telephone (docs/rail.md §10.7). */
export const railBolV3 = (s: BolSnapshot, o: Options): TDocumentDefinitions => railBol(s, o, 3);
/** Version 4: version 3 and, for a dangerous good, each tank car's filling check (docs/loading.md). */
export const railBolV4 = (s: BolSnapshot, o: Options): TDocumentDefinitions => railBol(s, o, 4);

function railBol(s: BolSnapshot, o: Options, version: BolLayout): TDocumentDefinitions {
  const mark = o.mark;
  const sh = s.shipment ?? {};
  const footer = footerText(s, mark, o.printedAt, version);
  const continued = `${documentName(s, mark)}${sh.bol_number ? `, ${text(sh.shipment_number)}` : ''} (continued)`;
  const content: Content[] = [
    header(s, mark),
    ...statusBand(s, mark),
    routeBlock(s),
    partiesBlock(s),
    commodityBlock(s, Math.min(version, 3) as 1 | 2 | 3),
    carsBlock(s),
    ...(version >= 4 ? [fillingBlock(s)].filter((b) => b !== null) : []),
    exportBlock(s),
    closingBlock(s, mark),
  ];
  return {
    pageSize: 'LETTER',
    // 8 pt, the common size of a printed bill of lading's boxes, so one to eight cars fit one page.
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    // As the ticket's: about 20 pt under the content for the footer line.
    pageMargins: [36, 28, 36, 30],
    info: {
      title: `Bill of lading ${text(sh.bol_number) || text(sh.shipment_number)}`,
      author: text(s.company?.name),
      subject: `Straight bill of lading, rail, ${text(sh.shipment_number)}`,
      creator: `bulk-logistics ${layoutName(version)}`,
    },
    watermark: watermark(s, mark),
    content,
    pageBreakBefore,
    // From page 2 on, a line in the top margin says whose page it is: the header is on page 1 only.
    header: (current: number) => (current > 1 ? { text: continued, margin: [36, 14, 36, 0], fontSize: 7, bold: true, color: MUTED, alignment: 'right' } : null),
    // One line, as §10.1 writes it, so a page torn from the others still says what it belongs to.
    footer: (current: number, pages: number) => ({ text: `${footer} · Page ${current} of ${pages}`, margin: [36, 8, 36, 0], fontSize: 7, color: MUTED }),
  };
}
