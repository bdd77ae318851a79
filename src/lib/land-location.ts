/**
 * Canadian land locations and the Unique Well Identifier (UWI).
 * Sources: CAPP, "The Canadian Unique Well Identifier" (2000); Manitoba Petroleum Branch UWI page.
 *
 * A UWI has 16 characters in four components:
 *   1      survey system: 1 = DLS (Dominion Land Survey), 2 = NTS (National Topographic System)
 *   2-3    location exception: position 2 is 0, A-D (quarter of the LSD) or S/W (road allowance);
 *          position 3 is the drilling sequence 0 or 2-9 (1 is not used)
 *   4-14   legal survey location: DLS  LL SS TTT RR W M   e.g. 16 09 010 09 W 1
 *                                 NTS  Q UUU B SSS A SS   e.g. A 002 F 093 P 08
 *   15-16  event sequence: 00, 02, 03 ... (1 is not used in position 16)
 * Written `100/16-09-010-09W1/00` (or with dots), compact `100160901009W100`.
 */

export type SurveyFormat = 'DLS' | 'NTS';

export interface DlsLocation { lsd: number; section: number; township: number; range: number; meridian: number }
export interface NtsLocation { quarter_unit: string; unit: number; block: string; series_number: number; map_area: string; map_sheet: number }

export interface Uwi {
  format: SurveyFormat;
  /** Position 2: 0, A-D or S/W. */
  second_character: string;
  /** Position 3: drilling sequence. */
  third_character: string;
  /** Position 15. */
  fifteenth_character: string;
  /** Position 16. */
  sixteenth_character: string;
  dls?: DlsLocation;
  nts?: NtsLocation;
}

export type Result<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Every field problem of a DLS location, each as a message a person can act on. */
export function dlsErrors(d: Partial<DlsLocation>): string[] {
  const e: string[] = [];
  const check = (v: number | undefined, name: string, min: number, max: number) => {
    if (v === undefined || !Number.isInteger(v)) e.push(`${name} is required.`);
    else if (v < min || v > max) e.push(`${name} must be ${pad(min, String(max).length)} to ${max} (got ${v}).`);
  };
  check(d.lsd, 'LSD', 1, 16);
  check(d.section, 'Section', 1, 36);
  check(d.township, 'Township', 1, 126);
  check(d.range, 'Range', 1, 34);
  check(d.meridian, 'Meridian', 1, 6);
  return e;
}

export function ntsErrors(n: Partial<NtsLocation>): string[] {
  const e: string[] = [];
  if (!n.quarter_unit || !/^[A-D]$/.test(n.quarter_unit)) e.push('Quarter unit must be A, B, C or D.');
  if (n.unit === undefined || !Number.isInteger(n.unit) || n.unit < 1 || n.unit > 100) e.push(`Unit must be 001 to 100${n.unit !== undefined ? ` (got ${n.unit})` : ''}.`);
  if (!n.block || !/^[A-L]$/.test(n.block)) e.push('Block must be a letter A to L.');
  if (n.series_number === undefined || !Number.isInteger(n.series_number) || n.series_number < 1 || n.series_number > 120) e.push('Map series must be 001 to 120 (e.g. 093).');
  if (!n.map_area || !/^[A-P]$/.test(n.map_area)) e.push('Map area must be a letter A to P.');
  if (n.map_sheet === undefined || !Number.isInteger(n.map_sheet) || n.map_sheet < 1 || n.map_sheet > 16) e.push(`Map sheet must be 01 to 16${n.map_sheet !== undefined ? ` (got ${n.map_sheet})` : ''}.`);
  return e;
}

/** `04-11-082-04W6` */
export const formatDls = (d: DlsLocation) => `${pad(d.lsd, 2)}-${pad(d.section, 2)}-${pad(d.township, 3)}-${pad(d.range, 2)}W${d.meridian}`;
/** `A-002-F/093-P-08` */
export const formatNts = (n: NtsLocation) => `${n.quarter_unit}-${pad(n.unit, 3)}-${n.block}/${pad(n.series_number, 3)}-${n.map_area}-${pad(n.map_sheet, 2)}`;

/** Accepts `04-11-082-04W6`, `4-11-82-4 W6`, `04-11-082-04-W6`. */
export function parseDls(text: string): Result<DlsLocation> {
  const m = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,3})\s*-\s*(\d{1,2})\s*-?\s*W\s*(\d)\s*$/i.exec(text);
  if (!m) return { ok: false, errors: ['Write a DLS location as LSD-SEC-TWP-RGE W M, e.g. 04-11-082-04W6.'] };
  const d = { lsd: +m[1], section: +m[2], township: +m[3], range: +m[4], meridian: +m[5] };
  const errors = dlsErrors(d);
  return errors.length ? { ok: false, errors } : { ok: true, value: d };
}

/** Accepts `A-002-F/093-P-08` and `A-2-F/93-P-8`. */
export function parseNts(text: string): Result<NtsLocation> {
  const m = /^\s*([A-Z])\s*-\s*(\d{1,3})\s*-\s*([A-Z])\s*\/\s*(\d{1,3})\s*-\s*([A-Z])\s*-\s*(\d{1,2})\s*$/i.exec(text);
  if (!m) return { ok: false, errors: ['Write an NTS location as QU-UNIT-BLOCK/SERIES-AREA-SHEET, e.g. A-002-F/093-P-08.'] };
  const n = { quarter_unit: m[1].toUpperCase(), unit: +m[2], block: m[3].toUpperCase(), series_number: +m[4], map_area: m[5].toUpperCase(), map_sheet: +m[6] };
  const errors = ntsErrors(n);
  return errors.length ? { ok: false, errors } : { ok: true, value: n };
}

function prefixErrors(second: string, third: string, fifteenth: string, sixteenth: string): string[] {
  const e: string[] = [];
  if (!/^[0A-DSW]$/.test(second)) e.push(`Position 2 (location exception) must be 0, A-D, S or W (got ${second}).`);
  if (!/^[02-9]$/.test(third)) e.push(`Position 3 (drilling sequence) must be 0 or 2-9 (got ${third}).`);
  if (!/^\d$/.test(fifteenth)) e.push(`Position 15 (event sequence) must be a digit (got ${fifteenth}).`);
  if (!/^[02-9]$/.test(sixteenth)) e.push(`Position 16 (event sequence) must be 0 or 2-9 (got ${sixteenth}).`);
  return e;
}

/**
 * Parses any written form of a UWI: `100/16-09-010-09W1/00`, `100.16-09-010-09W1.00`,
 * `100160901009W100`, `1001609010 09W100`, `200/A-002-F/093-P-08/00`, `200A002F093P0800`.
 */
export function parseUwi(text: string): Result<Uwi> {
  const s = text.trim().toUpperCase();
  const written = /^([12])([0-9A-Z])([0-9A-Z])[/.](.+)[/.]([0-9A-Z])([0-9A-Z])$/.exec(s);
  let survey: string, second: string, third: string, location: string, fifteenth: string, sixteenth: string;
  if (written) {
    [, survey, second, third, location, fifteenth, sixteenth] = written;
  } else {
    const compact = s.replace(/\s+/g, '');
    if (compact.length !== 16) return { ok: false, errors: ['A UWI has 16 characters, e.g. 100/16-09-010-09W1/00 or 200/A-002-F/093-P-08/00.'] };
    [survey, second, third] = compact.slice(0, 3);
    [fifteenth, sixteenth] = compact.slice(14);
    const body = compact.slice(3, 14);
    location = survey === '1'
      ? `${body.slice(0, 2)}-${body.slice(2, 4)}-${body.slice(4, 7)}-${body.slice(7, 9)}${body.slice(9)}`
      : `${body[0]}-${body.slice(1, 4)}-${body[4]}/${body.slice(5, 8)}-${body[8]}-${body.slice(9)}`;
  }
  if (survey !== '1' && survey !== '2') return { ok: false, errors: ['Position 1 (survey system) must be 1 (DLS) or 2 (NTS).'] };
  const errors = prefixErrors(second, third, fifteenth, sixteenth);
  const base = { second_character: second, third_character: third, fifteenth_character: fifteenth, sixteenth_character: sixteenth };
  if (survey === '1') {
    const dls = parseDls(location);
    if (!dls.ok) return { ok: false, errors: [...errors, ...dls.errors] };
    return errors.length ? { ok: false, errors } : { ok: true, value: { format: 'DLS', ...base, dls: dls.value } };
  }
  const nts = parseNts(location);
  if (!nts.ok) return { ok: false, errors: [...errors, ...nts.errors] };
  return errors.length ? { ok: false, errors } : { ok: true, value: { format: 'NTS', ...base, nts: nts.value } };
}

/** `100/16-09-010-09W1/00` */
export function formatUwi(u: Uwi): string {
  const location = u.format === 'DLS' ? formatDls(u.dls!) : formatNts(u.nts!);
  return `${u.format === 'DLS' ? '1' : '2'}${u.second_character}${u.third_character}/${location}/${u.fifteenth_character}${u.sixteenth_character}`;
}

/** The 16-character form `100160901009W100`. */
export function compactUwi(u: Uwi): string {
  return formatUwi(u).replace(/[/-]/g, '');
}
