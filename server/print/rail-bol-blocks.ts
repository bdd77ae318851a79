/**
 * The bounded blocks of the rail bill of lading (docs/rail.md §10.1): origin and destination,
 * carrier and route, freight charges, parties, commodity and export. Each is kept whole on one page
 * with its title (./page-breaks.ts); the cars (./rail-bol-cars.ts) and the closing
 * (./rail-bol-closing.ts) are apart, having page rules of their own.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { BILLING_TYPES, FREIGHT_CHARGES, PARTY_FIELDS, SHIPMENT_PARTIES } from '../../src/resources/rail/rail-shipment';
import { CAR_TYPES } from '../../src/resources/fleet/car';
import { countLabel } from '../../src/lib/format';
import { basicDescription, shippingDescription } from '../../src/lib/hazmat-description';
import {
  ALERT, MUTED, type Rec, block, caption, captioned, cellHeading, checkbox, gridLayout, orDash, partyLines, placeLine, quantity, text,
} from './rail-bol-style';
import { EMERGENCY_LABEL, EMERGENCY_LABEL_V1, ERAP_PHONE_LABEL, ERAP_PREFIX, ERAP_PREFIX_V1, NOT_REGULATED, REGISTRANT_LABEL } from './rail-bol-text';
import { SECTION_TITLE } from './page-breaks';

const choiceLabel = (choices: readonly (readonly [string, string])[], v: unknown) => choices.find(([k]) => k === v)?.[1] ?? text(v);
const PARTY_LABELS: Record<string, string> = Object.fromEntries(Object.values(SHIPMENT_PARTIES).flat());

/** A facility as the railroad knows it: name, place, and the SPLC it rates and routes by. */
function facilityCell(title: string, f: Rec): TableCell {
  return captioned(title, text(f?.name), [
    placeLine(f),
    { text: [{ text: 'SPLC ', color: MUTED }, { text: orDash(f?.splc), bold: true }] },
  ]);
}

/**
 * Origin, destination and the origin carrier; under them the routing as written, Rule 11, the
 * billing type and the freight terms. One table for what the railroad rates and bills by, so a clerk
 * finds it together (and a bill of one to eight cars keeps to one page).
 */
export function routeBlock(s: BolSnapshot): Content {
  const sh = s.shipment ?? {};
  const r = s.railroad;
  return block('Route, carrier and freight charges', {
    table: {
      widths: ['*', '*', '*'],
      body: [
        [
          facilityCell('Origin (shipped from)', s.origin),
          facilityCell('Destination', s.destination),
          captioned('Carrier (origin railroad)', text(r?.name), [{ text: [{ text: 'SCAC ', color: MUTED }, { text: orDash(r?.scac), bold: true }] }]),
        ],
        [
          // The routing is printed as the shipper wrote it (railroads and junctions): the railroads route by it.
          { stack: [caption('Routing'), { text: orDash(sh.routing), bold: true, fontSize: 10 }] },
          {
            columns: [
              { width: 'auto', stack: [caption('Rule 11'), checkbox(sh.accounting_rule_11 === true, sh.accounting_rule_11 === true ? 'Yes' : 'No', false)] },
              { width: '*', stack: [caption('Billing type'), { text: orDash(choiceLabel(BILLING_TYPES, sh.billing_type)) }] },
            ],
            columnGap: 14,
          },
          freightCell(s),
        ],
      ],
    },
    layout: gridLayout,
  });
}

/** Prepaid, Collect or Third party, boxed as on a paper bill, and who pays (its address is under Parties). */
function freightCell(s: BolSnapshot): TableCell {
  const terms = s.shipment?.freight_charges;
  const payer = s.parties.freight_payer as Rec;
  const needsPayer = terms === 'third_party';
  return {
    stack: [
      caption('Freight charges'),
      { columns: FREIGHT_CHARGES.map(([k, label]) => ({ ...checkbox(terms === k, label), width: 'auto' })), columnGap: 8 },
      payer
        ? { text: [{ text: 'Payer: ', color: MUTED }, { text: text(payer.name), bold: needsPayer }], margin: [0, 1, 0, 0] }
        : { text: needsPayer ? 'No freight payer named.' : '', color: ALERT },
    ],
  };
}

/** Every party the shipment names, in the form's order, three to a row. */
export function partiesBlock(s: BolSnapshot): Content {
  const named = PARTY_FIELDS.filter((n) => s.parties[n]);
  if (!named.length) return block('Parties', { text: 'No parties named.', italics: true, color: MUTED });
  const cells: TableCell[] = named.map((n) => captioned(PARTY_LABELS[n] ?? n, text(s.parties[n]?.name), partyLines(s.parties[n])));
  // The last row's empty places are left without borders, so no box reads as a party left blank.
  while (cells.length % 3) cells.push({ text: '', border: [true, false, false, false] });
  const rows: TableCell[][] = [];
  for (let i = 0; i < cells.length; i += 3) rows.push(cells.slice(i, i + 3));
  return block('Parties', { table: { widths: ['*', '*', '*'], body: rows, dontBreakRows: true }, layout: gridLayout });
}

/**
 * The number and type of packages (49 CFR 172.202(a)(6)): for rail, the cars by type in the order
 * they are listed, `4 tank cars` or `3 tank cars, 1 covered hopper`; a type without a plain name
 * counts as a car. A master's cars are its sub-billings'.
 */
export function packagesLabel(s: BolSnapshot): string {
  const cars = (s.shipment?.is_master_billing ? s.sub_billings.flatMap((b) => b.cars) : s.cars) as Rec[];
  const counts = new Map<string, number>();
  for (const c of cars) {
    const label = c?.car_type === 'L' ? undefined : CAR_TYPES.find(([k]) => k === c?.car_type)?.[1];
    const word = label ? label.toLowerCase() : 'car';
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts.size ? [...counts].map(([word, n]) => countLabel(n, word)).join(', ') : countLabel(0, 'car');
}

/** The layout versions the commodity block draws (./rail-bol.ts). */
export type CommodityLayout = 1 | 2 | 3;

/**
 * The emergency box, versions 1 and 2: the 24-hour number and the ERAP number on one line, with the
 * labels each version was issued with (./rail-bol-text.ts).
 */
function emergencyLine(p: Rec, version: 1 | 2): TableCell {
  return {
    colSpan: 5,
    fillColor: '#fbeaea',
    color: ALERT,
    text: [
      { text: version === 1 ? EMERGENCY_LABEL_V1 : EMERGENCY_LABEL, bold: true },
      { text: orDash(p?.emergency_phone), bold: true, fontSize: 9.5 },
      ...(p?.erap_number ? [{ text: `        ${version === 1 ? ERAP_PREFIX_V1 : ERAP_PREFIX}`, bold: true }, { text: text(p.erap_number), bold: true, fontSize: 9.5 }] : []),
    ],
  };
}

/**
 * The emergency box, version 3: the 24-hour number with, after it, whoever registered it with an
 * emergency response provider when that is not the shipper (49 CFR 172.604(b)); under it the ERAP
 * number with the telephone that activates the plan (TDG Regulations s. 3.6(1)(a), (b)).
 */
function emergencyBox(p: Rec): TableCell {
  const strong = (t: string) => ({ text: t, bold: true, fontSize: 9.5 });
  const erap = p?.erap_number
    ? [{ text: [{ text: ERAP_PREFIX, bold: true }, strong(text(p.erap_number)), ...(p.erap_phone ? [{ text: `    ${ERAP_PHONE_LABEL}`, bold: true }, strong(text(p.erap_phone))] : [])] }]
    : [];
  return {
    colSpan: 5,
    fillColor: '#fbeaea',
    color: ALERT,
    stack: [
      { text: [{ text: EMERGENCY_LABEL, bold: true }, strong(orDash(p?.emergency_phone)), ...(p?.emergency_registrant ? [{ text: `    ${REGISTRANT_LABEL}`, bold: true }, strong(text(p.emergency_registrant))] : [])] },
      ...erap,
    ],
  };
}

/**
 * What the cars carry: the product and its identifiers; for a dangerous good its description, the
 * quantity (the number and type of packages and the net litres: TDG asks metric units), the 24-hour
 * emergency telephone and the ERAP number, which a responder looks for first, so they are printed
 * in red in their own box. Version 1 counted cars without their type and labelled the telephone and
 * the ERAP number as it was first issued (./rail-bol-text.ts); versions 1 and 2 print the basic
 * description alone, version 3 the whole description of src/lib/hazmat-description.ts (RQ, residue,
 * HOT, subsidiary classes, inhalation hazard, marine pollutant), the registrant and the ERAP telephone.
 */
export function commodityBlock(s: BolSnapshot, version: CommodityLayout = 3): Content {
  const p = s.product as Rec;
  const hazardous = Boolean(p?.hazardous);
  const t = s.totals;
  const identity = p ? `${text(p.name)}${p.code ? ` (${text(p.code)})` : ''}` : '—';
  const description = version >= 3 ? shippingDescription(p, { residue: Boolean(s.shipment?.residue) }) : basicDescription(p);
  const body: TableCell[][] = [
    [cellHeading('HM', 'center'), cellHeading('Description of articles'), cellHeading('STCC'), cellHeading('Harmonized code'), cellHeading('Quantity', 'right')],
    [
      { text: hazardous ? 'X' : '', bold: true, alignment: 'center', fontSize: 10 },
      {
        stack: hazardous
          ? [{ text: description, bold: true, fontSize: 10 }, { text: `Product: ${identity}`, color: MUTED, fontSize: 7 }]
          : [{ text: identity, bold: true }, { text: NOT_REGULATED, italics: true, color: MUTED }],
      },
      { text: orDash(p?.stcc) },
      { text: orDash(p?.harmonizedCode) },
      { stack: [{ text: version === 1 ? countLabel(t.cars, 'car') : packagesLabel(s), bold: true }, { text: `${quantity.litres(t.net_volume_litres)} L net` }], alignment: 'right' },
    ],
  ];
  if (hazardous) body.push([version >= 3 ? emergencyBox(p) : emergencyLine(p, version as 1 | 2), {}, {}, {}, {}]);
  return block('Commodity', { table: { widths: [20, '*', 46, 62, 84], body }, layout: gridLayout });
}

/**
 * Export permit and declaration: a customs officer or the railroad's export desk looks for them.
 * The row's headings say what it is, so it has no section title; it is still a section of its own
 * (./page-breaks.ts), the one that goes over with the closing block should that start a page.
 */
export function exportBlock(s: BolSnapshot): Content {
  const sh = s.shipment ?? {};
  return {
    stack: [{
      table: {
        widths: [80, '*', 96, '*'],
        body: [[cellHeading('Export permit'), { text: orDash(sh.export_permit) }, cellHeading('Export declaration'), { text: orDash(sh.export_declaration) }]],
      },
      layout: gridLayout,
    }],
    unbreakable: true,
    headlineLevel: SECTION_TITLE,
    margin: [0, 5, 0, 0],
  };
}
