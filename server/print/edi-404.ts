/**
 * EDI X12 404 (rail carrier shipment information, release 004010): the bill of lading as the
 * message a railroad takes instead of paper (docs/rail.md, 10.5 EDI X12 404). A pure function of
 * an archived snapshot's values (docs/rail.md, 10.1 What it carries, and from where): the same
 * input gives the same text, byte for byte, so an archive row rendered twice answers the same
 * interchange (its control number is kept on the row).
 *
 * One interchange (ISA/IEA) of one functional group (GS/GE, `SR`) of one transaction set
 * (ST/SE, `404`), segments in the 404's order (X12 004010 table for 404: heading ST, BX, BNX, M3,
 * N9, DTM, the N7 loop, F9, D9, the N1 loop, R2, the LX loop, then the hazardous material loop
 * bounded by LS/LE, then LH6; docs/rail.md, 10.7 Checked against the rules):
 *
 *   ISA GS ST BX BNX M3 N9… DTM (N7 M7?)… F9 D9 (N1 N3? N4?)… R2… LX L5 L0
 *     [LS LH1 LH2… LH3… LFH… LH4? PER LE LH6?] SE GE IEA
 *
 * Delimiters: element `*`, segment `~` followed by a line break, component `>` (ISA16). Values are
 * upper-case ASCII. Free text (names, addresses, descriptions) loses the delimiter characters and
 * its accents and is cut to its element's length; an identifier (BOL number, SCAC, seal, car
 * number, control number) that holds a delimiter or does not fit is refused: changing it would
 * send another identifier. Every problem is reported at once (`Edi404Error.problems`).
 */
import { DG_WORDS } from '../../src/lib/hazmat-description';
import { MAX_SUBSIDIARY_CLASSES, subsidiaryClasses } from '../../src/lib/hazmat';
import { kilogramsToPounds } from '../../src/lib/rail-car-values';

// ---------------------------------------------------------------------------------------------
// The input: what the archive's snapshot holds, in the records' own field names.

/** Which archived document is sent: the first issue, a corrected revision, or the void copy. */
export type Edi404Kind = 'issued' | 'corrected' | 'void';

/** The parties a shipment may name (docs/rail.md, 4.3 Rail shipment), in the bill of lading's order. */
export const EDI_404_PARTY_ROLES = [
  'shipper', 'consignee', 'freight_payer', 'ship_from', 'care_party', 'pickup_party', 'notify_party', 'notify_party_2',
  'ultimate_consignee', 'monitoring_party', 'forwarder', 'beneficial_owner', 'account_of', 'account_of_origin',
  'account_of_destination', 'custom_broker', 'custom_broker_us', 'custom_broker_mx', 'importer', 'exporter',
] as const;
export type Edi404PartyRole = (typeof EDI_404_PARTY_ROLES)[number];

/** A party as printed: the party record's fields. */
export interface Edi404Party {
  name: string;
  /** The party's own code in the company's books (sent as an id assigned by the sender). */
  code?: string | null;
  /** A carrier's or railroad's SCAC (sent as the party's id when present). */
  scac?: string | null;
  /** Street address; a second line after a line break. */
  address?: string | null;
  city?: string | null;
  /** Two-letter province or state code (`AB`, `TX`). */
  province?: string | null;
  postal_code?: string | null;
  /** ISO country code (`CA`, `US`, `MX`). */
  country?: string | null;
}

/** An origin or destination facility: the station the cars leave from or go to. */
export interface Edi404Station {
  name?: string | null;
  city: string;
  /** Two-letter province or state code. */
  province: string;
  country?: string | null;
  /** Standard Point Location Code, 6 or 9 digits. */
  splc?: string | null;
}

/** A loaded car with its derived values (docs/rail.md, 4.4 Loaded rail car). */
export interface Edi404Car {
  car_mark: string;
  car_number: number | string;
  /** The fleet's car type (docs/fleet.md, Cars): `T` tank car, `C` covered hopper... */
  car_type: string;
  seal_number_1?: string | null;
  seal_number_2?: string | null;
  seal_number_3?: string | null;
  seal_number_4?: string | null;
  /** Weight in kg, a decimal string (a tank car's is derived); sent in whole pounds. */
  weight: string;
}

/** The product with its dangerous goods identifiers (docs/terminal.md, Product identifiers; docs/rail.md, 4.8 Changes to existing resources). */
export interface Edi404Product {
  name: string;
  /** Standard Transportation Commodity Code, 7 digits. */
  stcc: string;
  /** The snapshot's hazard flag (docs/rail.md, 4.8 Changes to existing resources). */
  hazardous: boolean;
  /** UN or NA number (`UN1267`); needed when hazardous. */
  unCode?: string | null;
  /** Hazard class (`3`, `2.1`); needed when hazardous. */
  class?: string | null;
  packingGroup?: 'I' | 'II' | 'III' | null;
  /** Proper shipping name; needed when hazardous. */
  shipping_name?: string | null;
  /** Technical name, for a "not otherwise specified" entry. */
  technical_name?: string | null;
  /** 24-hour emergency telephone; needed when hazardous. */
  emergency_phone?: string | null;
  /** Who registered that telephone with an emergency response provider, when not the shipper: a name or contract number (49 CFR 172.604(b)). */
  emergency_registrant?: string | null;
  erap_number?: string | null;
  /** The telephone that activates the ERAP (TDG Regulations s. 3.6(1)(b)). */
  erap_phone?: string | null;
  /** Subsidiary classes as written (`6.1, 8`), at most three. */
  subsidiary_classes?: string | null;
  /** A hazardous substance at or above its reportable quantity; with the substance's name when the shipping name does not give it. */
  rq?: boolean | null;
  hazardous_substance?: string | null;
  marine_pollutant?: boolean | null;
  /** The hazard zone of a material poisonous by inhalation, A to D. */
  inhalation_hazard_zone?: string | null;
  /** Shipped at an elevated temperature (49 CFR 171.8). */
  elevated_temperature?: boolean | null;
}

/** The envelope: who sends to whom, when, under which control number. */
export interface Edi404Envelope {
  /** The sending company's code (qualifier `ZZ`, mutually defined), at most 15 characters. */
  sender_id: string;
  /** The receiving railroad's SCAC (qualifier `02`). */
  receiver_id: string;
  /** From the company's `edi` number series: ISA13 (nine digits) and GS06. */
  control_number: number;
  /** When the interchange is made, `yyyy-MM-dd` and `HH:mm` (the issuing company's wall clock). */
  date: string;
  time: string;
  /** ISA15 `T` (test) instead of `P` (production). */
  test?: boolean;
}

export interface Edi404Shipment {
  envelope: Edi404Envelope;
  kind: Edi404Kind;
  bol_number: string;
  /** A master billing (docs/rail.md, 8.5 Master and sub billing): its BX07 is left out. */
  master_billing?: boolean;
  /** The shipper's reference or PO. */
  reference_number?: string | null;
  contract_number?: string | null;
  /** `yyyy-MM-dd`. */
  ship_date: string;
  /** When the cars were released to the carrier, on the origin's clock (`yyyy-MM-dd`, `HH:mm`); blank: the ship date alone. */
  released?: { date: string; time?: string | null } | null;
  /** Who certified the dangerous goods (the shipment's certifier, else who issued it), sent in LH6. */
  certifier?: string | null;
  /** The cars hold only the residue of the product (docs/rail.md §10.7): LH109. */
  residue?: boolean;
  /** The origin (road-haul) carrier. */
  railroad: { name?: string | null; scac: string };
  freight_charges: 'prepaid' | 'collect' | 'third_party';
  accounting_rule_11?: boolean;
  billing_type: 'Single' | 'Multiple' | 'Unit';
  /** Railroads and junctions alternating (`CN EMRSN BNSF`); blank: the railroad alone. */
  routing?: string | null;
  origin: Edi404Station;
  destination: Edi404Station;
  /** The named parties; a shipper and a consignee are needed. */
  parties: Partial<Record<Edi404PartyRole, Edi404Party | null>>;
  cars: readonly Edi404Car[];
  product: Edi404Product;
}

// ---------------------------------------------------------------------------------------------
// Codes (docs/rail.md, 10.5 EDI X12 404 and 10.7 Checked against the rules). Each is a value of the
// X12 004010 code list of its element, checked against that list; what a railroad's own 404
// implementation guide asks beyond it is to be confirmed before any exchange with that railroad.

export const EDI_404_CODES = {
  /** BX01 (353): 00 original, 05 replace (a corrected revision), 01 cancellation. */
  purpose: { issued: '00', corrected: '05', void: '01' } satisfies Record<Edi404Kind, string>,
  /** BX02 (91): rail. */
  transportation: 'R',
  /** BX03 (146): PP prepaid (by seller), CC collect, TP third party pay, 11 Rule 11 shipment (Rule 11 overrides the others). */
  payment: { prepaid: 'PP', collect: 'CC', third_party: 'TP', rule11: '11' },
  /** BX06 (188): weights are sent in pounds. */
  weightUnit: 'L',
  /** BX07 (147): bill of lading for individual shipment (not sent for a master billing). */
  shipmentQualifier: 'B',
  /** BNX03 (11, billing code), from the billing type: S single shipment, M multiple shipment, U unit train billing. */
  billing: { Single: 'S', Multiple: 'M', Unit: 'U' },
  /** M301 (132): R released with billing data (B would be "not released, billing data only"); M304 (623) local time. */
  release: 'R',
  localTime: 'LT',
  /** N901 (128): bill of lading number, shipper's identifying number for shipment, contract number. */
  reference: { bol: 'BM', shipper: 'SI', contract: 'CT' },
  /** DTM01 (374): shipped. */
  shipDate: '011',
  /** N704 and L005 (187): actual net weight. */
  weight: 'N',
  /** N711 (40) by car type (docs/fleet.md, Cars): TN tank car, HC covered hopper, HO open hopper, BX boxcar, RO open gondola, RC reefer, RF flat car, SK stack car; any other type RR, rail car. */
  equipment: { T: 'TN', C: 'HC', H: 'HO', K: 'HO', B: 'BX', A: 'BX', G: 'RO', J: 'RO', R: 'RC', F: 'RF', S: 'SK' } as Record<string, string>,
  equipmentOther: 'RR',
  /** N101 (98) per party role. */
  entity: {
    shipper: 'SH', consignee: 'CN', freight_payer: 'BT', ship_from: 'SF', care_party: 'C1', pickup_party: 'PW',
    notify_party: 'N1', notify_party_2: 'N2', ultimate_consignee: 'UC', monitoring_party: 'ZS', forwarder: 'FW',
    beneficial_owner: 'BN', account_of: 'AO', account_of_origin: 'AP', account_of_destination: 'AQ',
    custom_broker: 'XQ', custom_broker_us: 'XU', custom_broker_mx: 'XR', importer: 'IM', exporter: 'EX',
  } satisfies Record<Edi404PartyRole, string>,
  /** N101 (98) of the freight payer of a Rule 11 shipment: party to be billed (AAR Accounting Rule 11). */
  rule11Payer: '11',
  /** N103 (66): a SCAC, or the sender's own code for the party. */
  partyId: { scac: '2', own: '93' },
  /** R202 (133): S origin carrier, shipper's routing; R origin carrier, Rule 11 shipment; the carriers after it 1, 2, ... */
  originCarrier: 'S',
  originCarrierRule11: 'R',
  /** L504 (23): STCC. */
  stcc: 'T',
  /** L009 (211): car load, rail. */
  packaging: 'CLD',
  /** LS01/LE01 (447): the hazardous material loop's identifier. */
  hazmatLoop: 'LH1',
  /** LH101 (355): the dangerous goods' quantity is counted in cars; LH106 (355): their weight in pounds. */
  hazmatUnit: 'NC',
  hazmatWeightUnit: 'LB',
  /** LH202 (983): primary class; S (secondary) for each subsidiary class, an LH2 of its own. */
  primaryClass: 'P',
  subsidiaryClass: 'S',
  /** LH205 (759): reportable quantity, on the primary class's LH2. */
  reportableQuantity: 'RQ',
  /** LH109 (665): residue, last contained (rail car). */
  residue: 'R',
  /** LH302 (984): the domestic (United States) shipping name; LH303 (985): n.o.s. regulatory requirements apply. */
  shippingNameQualifier: 'D',
  nos: 'NOS',
  /** LFH01 (808): technical or chemical group name; hazardous substance constituents; "Poison - Inhalation Hazard" (zone in LFH04, 1023); marine pollutant; heated (hot). */
  technicalName: 'TEC',
  hazardousSubstance: 'HZC',
  inhalationHazard: 'PIH',
  marinePollutant: 'MPI',
  hot: 'HOT',
  /** PER01 (366) hazardous material contact, PER03 (365) telephone. */
  emergencyContact: 'HM',
  telephone: 'TE',
} as const;

/** The delimiters: element, segment, component. */
export const EDI_404_SEPARATORS = { element: '*', segment: '~', component: '>' } as const;
const DELIMITERS = /[*~>]/;

/** Most cars one 404 carries (its N7 loop repeats at most 500 times). */
export const EDI_404_MAX_CARS = 500;
/** Most carriers of a route (R2 repeats at most 13 times). */
const MAX_CARRIERS = 13;
/** Most parties (the heading's N1 loop repeats at most 10 times). */
export const EDI_404_MAX_PARTIES = 10;

/** What makes a shipment impossible to send as a 404, every problem named. */
export class Edi404Error extends Error {
  constructor(readonly problems: string[]) {
    super(`This bill of lading cannot be sent as an EDI 404: ${problems.join(' ')}`);
    this.name = 'Edi404Error';
  }
}

// ---------------------------------------------------------------------------------------------
// Values.

/** Free text as X12 carries it: upper-case ASCII, accents dropped, delimiters removed, spaces collapsed, at most `max` characters. */
function freeText(value: unknown, max: number): string {
  const s = String(value ?? '')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[*~>]/g, '')
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s.slice(0, max).trimEnd();
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

class Builder {
  readonly problems: string[] = [];

  /** An identifier, sent as it is (upper-case) or refused with `what` named. */
  id(value: unknown, what: string, min: number, max: number, pattern?: RegExp): string {
    const s = String(value ?? '').trim().toUpperCase();
    if (!s) { this.problems.push(`${what} is missing.`); return ''; }
    if (DELIMITERS.test(s) || /[^\x20-\x7E]/.test(s)) { this.problems.push(`${what} ${s} holds a character EDI cannot carry (* ~ > or a line break).`); return s; }
    if (s.length < min || s.length > max) { this.problems.push(`${what} ${s} must be ${min === max ? min : `${min} to ${max}`} characters for EDI.`); return s; }
    if (pattern && !pattern.test(s)) this.problems.push(`${what} ${s} is not valid for EDI.`);
    return s;
  }

  /** Free text that must not come out empty. */
  text(value: unknown, what: string, max: number): string {
    const s = freeText(value, max);
    if (!s) this.problems.push(`${what} is missing.`);
    return s;
  }

  /** A two-letter province or state code, or nothing when blank. */
  province(value: unknown, what: string, required: boolean): string {
    if (blank(value)) { if (required) this.problems.push(`${what} is missing.`); return ''; }
    const s = String(value).trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(s)) this.problems.push(`${what} ${s} must be a two-letter province or state code (AB, TX) for EDI.`);
    return s;
  }

  country(value: unknown, what: string): string {
    if (blank(value)) return '';
    return this.id(value, what, 2, 3, /^[A-Z]{2,3}$/);
  }

  date(value: string, what: string): { yyyymmdd: string; yymmdd: string } {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ''));
    if (!m) { this.problems.push(`${what} must be a date, yyyy-MM-dd.`); return { yyyymmdd: '', yymmdd: '' }; }
    return { yyyymmdd: `${m[1]}${m[2]}${m[3]}`, yymmdd: `${m[1].slice(2)}${m[2]}${m[3]}` };
  }

  time(value: string, what: string): string {
    const m = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(String(value ?? ''));
    if (!m) { this.problems.push(`${what} must be a time, HH:mm.`); return ''; }
    return `${m[1]}${m[2]}`;
  }
}

/** A segment: its id and elements, empty trailing elements left out. */
function segment(id: string, ...elements: (string | number | null | undefined)[]): string {
  const values = elements.map((e) => (e === null || e === undefined ? '' : String(e)));
  while (values.length && values[values.length - 1] === '') values.pop();
  return [id, ...values].join(EDI_404_SEPARATORS.element);
}

/** Text in lines of at most `width` characters, broken between words, at most `count` lines. */
function wrap(text: string, width: number, count: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    for (let rest = word; rest; rest = rest.slice(width)) {
      const piece = rest.slice(0, width);
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= width) line = `${line} ${piece}`;
      else { lines.push(line); line = piece; }
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// The document.

const pad = (s: string, width: number) => s.padEnd(width, ' ');

/**
 * The X12 text of a shipment's archived bill of lading: one interchange, segments ended by `~`
 * and a line break. Throws `Edi404Error` naming every value that cannot be sent.
 */
export function renderEdi404(shipment: Edi404Shipment): string {
  const b = new Builder();
  const codes = EDI_404_CODES;
  const env = shipment.envelope;

  // Envelope values.
  const sender = b.id(env.sender_id, 'The sender id (the company code)', 2, 15);
  const receiver = b.id(env.receiver_id, "The receiver id (the railroad's SCAC)", 2, 4, /^[A-Z]{2,4}$/);
  const control = Number(env.control_number);
  if (!Number.isInteger(control) || control < 1 || control > 999_999_999) b.problems.push(`The control number ${env.control_number} must be a whole number from 1 to 999,999,999.`);
  const when = b.date(env.date, 'The interchange date');
  const hhmm = b.time(env.time, 'The interchange time');

  const tx: string[] = [];
  tx.push(segment('ST', '404', '0001'));

  // Heading.
  const bol = b.id(shipment.bol_number, 'The BOL number', 1, 30, /^[A-Z0-9]+$/);
  const scac = b.id(shipment.railroad?.scac, "The railroad's SCAC", 2, 4, /^[A-Z]{2,4}$/);
  const payment = shipment.accounting_rule_11 ? codes.payment.rule11 : codes.payment[shipment.freight_charges];
  if (!payment) b.problems.push(`Freight charges ${shipment.freight_charges} are not prepaid, collect or third party.`);
  const purpose = codes.purpose[shipment.kind];
  if (!purpose) b.problems.push(`The document kind ${shipment.kind} is not issued, corrected or void.`);
  tx.push(segment('BX', purpose, codes.transportation, payment, bol, scac, codes.weightUnit, shipment.master_billing ? '' : codes.shipmentQualifier));
  const billing = codes.billing[shipment.billing_type];
  if (!billing) b.problems.push(`The billing type ${shipment.billing_type} is not Single, Multiple or Unit.`);
  tx.push(segment('BNX', '', '', billing));
  // M3 needs a date or a time (its syntax rule R0203): the release at the origin, else the ship date.
  const released = shipment.released?.date ? shipment.released : { date: shipment.ship_date, time: null };
  const releaseTime = blank(released.time) ? '' : b.time(String(released.time), 'The release time');
  tx.push(segment('M3', codes.release, b.date(released.date, 'The release date').yyyymmdd, releaseTime, releaseTime ? codes.localTime : ''));
  tx.push(segment('N9', codes.reference.bol, bol));
  if (!blank(shipment.reference_number)) tx.push(segment('N9', codes.reference.shipper, b.id(shipment.reference_number, "The shipper's reference", 1, 30)));
  if (!blank(shipment.contract_number)) tx.push(segment('N9', codes.reference.contract, b.id(shipment.contract_number, 'The contract number', 1, 30)));
  tx.push(segment('DTM', codes.shipDate, b.date(shipment.ship_date, 'The ship date').yyyymmdd));

  // Cars: N7 (mark, number, pounds, equipment), M7 with its seals.
  const cars = shipment.cars ?? [];
  if (cars.length === 0) b.problems.push('A bill of lading without cars has no EDI 404.');
  if (cars.length > EDI_404_MAX_CARS) b.problems.push(`An EDI 404 carries at most ${EDI_404_MAX_CARS} cars; this one has ${cars.length}.`);
  let totalPounds = 0n;
  for (const car of cars) {
    const mark = b.id(car.car_mark, 'A car mark', 2, 4, /^[A-Z]{2,4}$/);
    const number = b.id(String(car.car_number ?? '').replace(/^0+(?=\d)/, ''), `The number of car ${mark}`, 1, 10, /^\d+$/);
    const label = `${mark} ${number}`;
    let pounds = '';
    try {
      pounds = kilogramsToPounds(String(car.weight));
      totalPounds += BigInt(pounds);
    } catch {
      b.problems.push(`The weight of car ${label} is not a number of kilograms.`);
    }
    const equipment = codes.equipment[String(car.car_type ?? '').toUpperCase()] ?? codes.equipmentOther;
    tx.push(segment('N7', mark, number, pounds, codes.weight, '', '', '', '', '', '', equipment));
    const seals = [car.seal_number_1, car.seal_number_2, car.seal_number_3, car.seal_number_4]
      .filter((s) => !blank(s)).map((s) => b.id(s, `A seal of car ${label}`, 2, 15));
    if (seals.length) tx.push(segment('M7', ...seals));
  }

  // Origin and destination stations (the 404's F9 and D9, with their SPLC).
  for (const [id, station, what] of [['F9', shipment.origin, 'The origin'], ['D9', shipment.destination, 'The destination']] as const) {
    const city = b.text(station?.city, `${what}'s city`, 30);
    const province = b.province(station?.province, `${what}'s province or state`, true);
    const country = b.country(station?.country, `${what}'s country`);
    const splc = blank(station?.splc) ? '' : b.id(station?.splc, `${what}'s SPLC`, 6, 9, /^\d{6}(\d{3})?$/);
    tx.push(segment(id, '', city, province, country, '', '', '', splc));
  }

  // Parties: N1 (entity, name, id), N3 (address) and N4 (place) when known.
  for (const role of ['shipper', 'consignee'] as const) {
    if (!shipment.parties?.[role]) b.problems.push(`The ${role} is missing.`);
  }
  if (shipment.freight_charges === 'third_party' && !shipment.parties?.freight_payer) b.problems.push('A third-party shipment names its freight payer.');
  const named = EDI_404_PARTY_ROLES.filter((role) => shipment.parties?.[role]);
  if (named.length > EDI_404_MAX_PARTIES) b.problems.push(`An EDI 404 names at most ${EDI_404_MAX_PARTIES} parties; this one names ${named.length}.`);
  for (const role of EDI_404_PARTY_ROLES) {
    const party = shipment.parties?.[role];
    if (!party) continue;
    const what = `The ${role.replace(/_/g, ' ')}`;
    const scacId = blank(party.scac) ? '' : b.id(party.scac, `${what}'s SCAC`, 2, 4, /^[A-Z]{2,4}$/);
    const ownId = blank(party.code) ? '' : freeText(party.code, 80);
    const [qualifier, idCode] = scacId ? [codes.partyId.scac, scacId] : ownId.length >= 2 ? [codes.partyId.own, ownId] : ['', ''];
    const entity = role === 'freight_payer' && shipment.accounting_rule_11 ? codes.rule11Payer : codes.entity[role];
    tx.push(segment('N1', entity, b.text(party.name, `${what}'s name`, 60), qualifier, idCode));
    const address = String(party.address ?? '').split(/\r?\n/).map((l) => freeText(l, 300)).filter(Boolean);
    const addressLines = address.length > 1 ? [address[0].slice(0, 55).trimEnd(), wrap(address.slice(1).join(' '), 55, 1)[0]] : wrap(address[0] ?? '', 55, 2);
    if (addressLines.length) tx.push(segment('N3', ...addressLines));
    const city = freeText(party.city, 30);
    const province = b.province(party.province, `${what}'s province or state`, false);
    const postal = freeText(party.postal_code, 15).replace(/[^A-Z0-9]/g, '');
    const country = b.country(party.country, `${what}'s country`);
    if (city || province || postal || country) tx.push(segment('N4', city, province, postal, country));
  }

  // Route: one R2 per railroad; the junction where it hands the cars to the next railroad is in its
  // own R203, the last railroad has none (`CN EMRSN BNSF` is R2*CN*S*EMRSN, R2*BNSF*1).
  const tokens = String(shipment.routing ?? '').trim().toUpperCase().split(/[\s-]+/).filter(Boolean);
  const route = tokens.length ? tokens : [scac];
  if (route.length % 2 === 0) b.problems.push(`The routing ${tokens.join(' ')} must alternate railroads and junctions, starting and ending with a railroad.`);
  else if (tokens.length && route[0] !== scac) b.problems.push(`The routing starts with ${route[0]}, not the shipment's railroad, ${scac}.`);
  if ((route.length + 1) / 2 > MAX_CARRIERS) b.problems.push(`An EDI 404 route has at most ${MAX_CARRIERS} railroads.`);
  const origin = shipment.accounting_rule_11 ? codes.originCarrierRule11 : codes.originCarrier;
  for (let i = 0; i < route.length; i += 2) {
    const carrier = b.id(route[i], 'A railroad of the routing', 2, 4, /^[A-Z]{2,4}$/);
    const junction = i + 1 < route.length ? b.id(route[i + 1], 'A junction of the routing', 2, 30) : '';
    tx.push(segment('R2', carrier, i === 0 ? origin : String(i / 2), junction));
  }

  // Commodity: description and STCC, total weight and cars.
  const product = shipment.product;
  const stcc = b.id(product?.stcc, 'The STCC', 7, 7, /^\d{7}$/);
  tx.push(segment('LX', '1'));
  tx.push(segment('L5', '1', b.text(product?.name, 'The product name', 50), stcc, codes.stcc));
  tx.push(segment('L0', '1', '', '', totalPounds.toString(), codes.weight, '', '', cars.length, codes.packaging));

  // Dangerous goods: one LH1 loop between LS and LE (after the LX loop, as the 404 places it), then
  // the certifier in LH6. LH105 carries the hazardous materials STCC (48 or 49), LH106/LH107 the
  // total weight, LH109 a residue; an LH2 per class (the primary one with RQ); LFH the technical
  // name, the hazardous substance, the inhalation hazard with its zone, the marine pollutant and HOT;
  // LH4 the ERAP number and its telephone (Canada); PER the 24-hour emergency telephone with its
  // registrant. A value a product of an earlier snapshot lacks sends nothing, so its 404 is unchanged.
  if (product?.hazardous) {
    const un = b.id(product.unCode, 'The UN/NA number of a hazardous product', 6, 6, /^(UN|NA)\d{4}$/);
    const packingGroup = blank(product.packingGroup) ? '' : b.id(product.packingGroup, 'The packing group', 1, 3, /^(I|II|III)$/);
    const hazmatStcc = /^4[89]/.test(stcc) ? stcc : '';
    tx.push(segment('LS', codes.hazmatLoop));
    tx.push(segment('LH1', codes.hazmatUnit, cars.length, un, '', hazmatStcc, codes.hazmatWeightUnit, totalPounds.toString(), '', shipment.residue ? codes.residue : '', packingGroup));
    const hazardClass = (value: unknown) => b.id(value, 'The hazard class of a hazardous product', 1, 4, /^[1-9](\.[1-6])?$/);
    tx.push(segment('LH2', hazardClass(product.class), codes.primaryClass, '', '', product.rq ? codes.reportableQuantity : ''));
    const subsidiary = subsidiaryClasses(product.subsidiary_classes);
    if (subsidiary.length > MAX_SUBSIDIARY_CLASSES) b.problems.push(`An EDI 404 carries at most ${MAX_SUBSIDIARY_CLASSES} subsidiary classes; the product has ${subsidiary.length}.`);
    for (const c of subsidiary) tx.push(segment('LH2', hazardClass(c), codes.subsidiaryClass));
    const shippingName = b.text(product.shipping_name, 'The proper shipping name of a hazardous product', 250);
    const nos = /\bN\.?O\.?S\b/.test(shippingName) ? codes.nos : '';
    for (const part of wrap(shippingName, 25, 10)) tx.push(segment('LH3', part, codes.shippingNameQualifier, nos));
    // LFH repeats at most 20 times: the technical name takes ten (250 characters), the substance five, the three flags one each.
    for (const part of wrap(freeText(product.technical_name, 500), 25, 10)) tx.push(segment('LFH', codes.technicalName, part));
    if (product.rq) for (const part of wrap(freeText(product.hazardous_substance, 500), 25, 5)) tx.push(segment('LFH', codes.hazardousSubstance, part));
    if (!blank(product.inhalation_hazard_zone)) {
      const zone = b.id(product.inhalation_hazard_zone, 'The inhalation hazard zone', 1, 1, /^[A-D]$/);
      tx.push(segment('LFH', codes.inhalationHazard, freeText(DG_WORDS.inhalation, 25), '', zone));
    }
    if (product.marine_pollutant) tx.push(segment('LFH', codes.marinePollutant, freeText(DG_WORDS.marinePollutant, 25)));
    if (product.elevated_temperature) tx.push(segment('LFH', codes.hot, DG_WORDS.hot));
    if (!blank(product.erap_number)) tx.push(segment('LH4', b.id(product.erap_number, 'The ERAP number', 1, 12), freeText(product.erap_phone, 80)));
    const phone = b.text(product.emergency_phone, 'The 24-hour emergency telephone of a hazardous product', 80);
    tx.push(segment('PER', codes.emergencyContact, freeText(product.emergency_registrant, 60), codes.telephone, phone));
    tx.push(segment('LE', codes.hazmatLoop));
    const certifier = freeText(shipment.certifier, 60);
    if (certifier) tx.push(segment('LH6', certifier));
  }

  tx.push(segment('SE', tx.length + 1, '0001'));

  if (b.problems.length) throw new Edi404Error(b.problems);

  const isa = segment('ISA', '00', pad('', 10), '00', pad('', 10), 'ZZ', pad(sender, 15), '02', pad(receiver, 15),
    when.yymmdd, hhmm, 'U', '00401', String(control).padStart(9, '0'), '0', env.test ? 'T' : 'P', EDI_404_SEPARATORS.component);
  const all = [
    isa,
    segment('GS', 'SR', sender, receiver, when.yyyymmdd, hhmm, control, 'X', '004010'),
    ...tx,
    segment('GE', 1, control),
    segment('IEA', 1, String(control).padStart(9, '0')),
  ];
  if (isa.length + 1 !== 106) throw new Error(`ISA is ${isa.length + 1} characters, not 106.`);
  return all.map((s) => `${s}${EDI_404_SEPARATORS.segment}\n`).join('');
}
