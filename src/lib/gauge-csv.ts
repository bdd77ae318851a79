/**
 * A car owner's gauge table as a CSV file (docs/loading.md, Importing a table): two columns, the
 * reading and the volume, with or without a header line. The header, when there is one, tells
 * the kind and the units ("Outage (in)", "US gal"; "Innage cm", "Litres"); the numbers may carry
 * thousands separators and spaces ("29,640.00"), or a decimal comma in a file separated by
 * semicolons ("29 640,5"). Each line keeps its line number in the file so
 * a message can point at it. Parsed by papaparse; the rows' rules are src/lib/gauge-table.ts.
 */
import Papa from 'papaparse';
import type { DepthKind, DepthUnit, GaugeRow, VolumeUnit } from './gauge-table';

export interface GaugeCsv {
  rows: GaugeRow[];
  /** The file's line of each row (1-based), for messages. */
  lines: number[];
  /** What the header says, where it says it. */
  guess: { depth_kind?: DepthKind; depth_unit?: DepthUnit; volume_unit?: VolumeUnit };
  /** Lines that are not two numbers (other than the header and blank lines): their messages. */
  problems: string[];
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/**
 * "29,640.00 " → "29640.00"; with `decimalComma` (a file separated by semicolons, as spreadsheets
 * write it where the comma is the decimal mark) "29 640,5" → "29640.5". Null when it is not a number.
 */
export function csvNumber(cell: unknown, decimalComma = false): string | null {
  const raw = String(cell ?? '').replace(/[\s']/g, '');
  const s = decimalComma ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  return NUMBER.test(s) ? s : null;
}

function guessFrom(header: string[]): GaugeCsv['guess'] {
  const [depth = '', volume = ''] = header.map((h) => h.toLowerCase());
  const guess: GaugeCsv['guess'] = {};
  if (/outage|ullage/.test(depth)) guess.depth_kind = 'outage';
  else if (/innage|level|height/.test(depth)) guess.depth_kind = 'innage';
  if (/\bcm\b|centim/.test(depth)) guess.depth_unit = 'cm';
  else if (/\bin\b|inch|"/.test(depth)) guess.depth_unit = 'in';
  if (/gal/.test(volume)) guess.volume_unit = 'gal';
  else if (/\bl\b|litre|liter/.test(volume)) guess.volume_unit = 'L';
  return guess;
}

/** The rows of a gauge table CSV: the first two columns of each line that holds two numbers. */
export function parseGaugeCsv(text: string): GaugeCsv {
  // Blank lines are kept while parsing so that row i is line i + 1 (a gauge table has no quoted line breaks).
  const body = text.replace(/^\uFEFF/, '');
  // The separator is guessed on the non-blank lines (blank ones would skew papaparse's guess).
  const delimiter = Papa.parse(body, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy', preview: 50 }).meta.delimiter;
  const parsed = Papa.parse<string[]>(body, { delimiter });
  const decimalComma = delimiter === ';';
  const out: GaugeCsv = { rows: [], lines: [], guess: {}, problems: [] };
  let seen = 0;
  parsed.data.forEach((cells, i) => {
    if (cells.every((c) => String(c ?? '').trim() === '')) return;
    const at = i + 1;
    const depth = csvNumber(cells[0], decimalComma);
    const volume = csvNumber(cells[1], decimalComma);
    if (depth !== null && volume !== null) {
      out.rows.push({ depth, volume });
      out.lines.push(at);
    } else if (seen === 0) {
      out.guess = guessFrom(cells.map(String));
    } else {
      out.problems.push(`Line ${at}: "${cells.slice(0, 2).join(', ')}" is not a reading and a volume.`);
    }
    seen += 1;
  });
  return out;
}
