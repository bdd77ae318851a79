/**
 * What a bill of lading's text says (docs/documents.md, Reading): its BOL number, its date, the
 * cars it covers and its parties, read from the text of a PDF as shippers' systems and railroads
 * print it. Pure and forgiving: what is not found is left out, never guessed; the server keeps
 * only the cars of the company's fleet and a person corrects the rest.
 */
import { formatMarkNumber, parseMarkNumber } from './reporting-mark';

export interface BolReading {
  bol_number: string | null;
  /** The ship date (yyyy-mm-dd) when labelled so, else the first date of the text. */
  bol_date: string | null;
  /** Every date found, in order of appearance. */
  dates: string[];
  /** Every `MARK NUMBER` found, in order, each once. */
  cars: string[];
  shipper: string | null;
  consignee: string | null;
  origin: string | null;
  destination: string | null;
}

/** Words that look like a mark before a number but are not cars: dangerous goods, codes, units, provinces. */
const NOT_MARKS = new Set(['UN', 'NA', 'PG', 'ID', 'NO', 'SPLC', 'STCC', 'RULE', 'PAGE', 'TEL', 'FAX', 'BOL', 'PO', 'REF', 'LOT', 'SEAL', 'KG', 'LB', 'LBS', 'GAL', 'USG', 'ZIP',
  'AB', 'BC', 'SK', 'MB', 'ON', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU', 'TX', 'LA', 'OK', 'KS', 'MN', 'ND', 'MT', 'WA', 'IL', 'OH', 'MO', 'CA', 'US', 'MX', 'AM', 'PM', 'MST', 'MDT', 'CST', 'CDT', 'EST', 'EDT', 'PST', 'PDT', 'UTC', 'HS', 'NMFC']);

const BOL_LABEL = /\b(?:B\/L|BOL|bill\s+of\s+lading)\s*(?:no\.?|number|num\.?|#)\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,29})/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');
function isoDate(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1990 && y <= 2100 ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** Dates as printed: 2026-11-24, 11/24/2026 (North American month first), 24-Nov-2026, Nov 24, 2026, 24 November 2026. */
function datesIn(text: string): { iso: string; at: number }[] {
  const found: { iso: string; at: number }[] = [];
  const add = (iso: string | null, at: number) => { if (iso) found.push({ iso, at }); };
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) add(isoDate(+m[1], +m[2], +m[3]), m.index);
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) add(isoDate(+m[3], +m[1], +m[2]), m.index);
  const month = (w: string) => MONTHS.indexOf(w.slice(0, 3).toLowerCase()) + 1;
  for (const m of text.matchAll(/\b(\d{1,2})[\s-]([A-Za-z]{3,9})\.?[\s-](\d{4})\b/g)) if (month(m[2])) add(isoDate(+m[3], month(m[2]), +m[1]), m.index);
  for (const m of text.matchAll(/\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/g)) if (month(m[1])) add(isoDate(+m[3], month(m[1]), +m[2]), m.index);
  return found.sort((a, b) => a.at - b.at);
}

/** The line after a heading line (`SHIPPER` / `Shipper:`), or the rest of the heading's own line. */
function after(lines: string[], heading: RegExp): string | null {
  for (let i = 0; i < lines.length; i++) {
    const m = heading.exec(lines[i]);
    if (!m) continue;
    const rest = lines[i].slice(m.index + m[0].length).replace(/^[\s:]+/, '').trim();
    if (rest) return rest.slice(0, 120);
    const next = lines.slice(i + 1).find((l) => l.trim());
    if (next) return next.trim().slice(0, 120);
  }
  return null;
}

export function readBol(text: string): BolReading {
  const lines = text.split(/\r?\n/);
  const dates = datesIn(text);
  const labelled = /\b(?:ship(?:ment|ped)?\s+date|date\s+shipped|BOL\s+date)\b\s*:?\s*/i.exec(text);
  const shipDate = labelled ? dates.find((d) => d.at >= labelled.index && d.at <= labelled.index + labelled[0].length + 20) : undefined;
  const cars: string[] = [];
  for (const m of text.matchAll(/\b([A-Z]{2,4})[ -]?(\d{1,6})\b/g)) {
    if (NOT_MARKS.has(m[1])) continue;
    const car = parseMarkNumber(`${m[1]} ${m[2]}`);
    // A car number of one or two digits is a count or a code more often than a car.
    if (!car || m[2].length < 3) continue;
    const written = formatMarkNumber(car);
    if (!cars.includes(written)) cars.push(written);
  }
  return {
    bol_number: BOL_LABEL.exec(text)?.[1]?.toUpperCase() ?? null,
    bol_date: shipDate?.iso ?? dates[0]?.iso ?? null,
    dates: [...new Set(dates.map((d) => d.iso))],
    cars,
    shipper: after(lines, /^\s*shipper\b(?!'s)/i),
    consignee: after(lines, /^\s*consignee\b/i),
    origin: after(lines, /^\s*origin\b(?:\s*\(shipped from\))?/i),
    destination: after(lines, /^\s*destination\b/i),
  };
}
