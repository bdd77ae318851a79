/**
 * Cars pasted one a line (docs/rail.md §6.3, `add_cars/`), as people type them (`TILX 1234`,
 * `tilx001234`, `TILX-1234`; docs/fleet.md, Reporting marks) or as a spreadsheet copies a row (the
 * mark and the number in two cells: `TILX<tab>1234`, `TILX,1234`). A line that is no car, or a car
 * listed before, is named by its number with what is wrong, so the whole paste is fixed in one
 * pass. Blank lines are skipped but counted, so the numbers are those of the text as pasted.
 * Pure: the server reads a paste with it.
 */
import { formatMarkNumber, MAX_CAR_NUMBER, parseMarkNumber, type MarkNumber } from './reporting-mark';

export interface CarLine extends MarkNumber { line: number }

const NUMBER_DIGITS = String(MAX_CAR_NUMBER).length;

/** A row's cells (tabs, commas or semicolons; a spreadsheet's quotes dropped) as one written car. */
const cellsOf = (line: string) => line.split(/[\t,;]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim()).filter(Boolean).join(' ');

/** The line as quoted in a message: long text is cut, so a stray paste does not fill the answer. */
const quoted = (text: string) => JSON.stringify(text.length > 30 ? `${text.slice(0, 30)}…` : text);

/** Why written text is not a car (text `parseMarkNumber` refuses), said to the person who typed it. */
export function carTextFault(text: string): string {
  const [, mark, number, rest] = /^([A-Za-z]*)[\s-]*(\d*)(.*)$/s.exec(text.trim())!;
  if (!mark) return 'start with the reporting mark, 2 to 4 letters: TILX 1234.';
  if (mark.length < 2 || mark.length > 4) return `the mark ${mark.toUpperCase()} is not 2 to 4 letters.`;
  if (!number) return /^\s*$/.test(rest) ? `give the car number after the mark: ${mark.toUpperCase()} 1234.` : 'the car number is digits only, after the mark: TILX 1234.';
  const token = /^\S*/.exec(rest)![0];
  if (token) return `the car number ${number}${token} is not digits only.`;
  if (rest.trim()) return `one car a line: ${quoted(rest.trim())} follows ${mark.toUpperCase()} ${Number(number)}.`;
  return `the car number ${number.replace(/^0+(?=\d)/, '')} is more than ${NUMBER_DIGITS} digits.`;
}

/** The cars of a paste with their line numbers, and a message per line that is wrong. */
export function readCarLines(text: string): { cars: CarLine[]; errors: string[] } {
  const cars: CarLine[] = [];
  const errors: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const written = cellsOf(raw);
    if (!written) return;
    const car = parseMarkNumber(written);
    if (!car) { errors.push(`Line ${line}, ${quoted(written)}: ${carTextFault(written)}`); return; }
    const before = cars.find((c) => c.mark === car.mark && c.number === car.number);
    if (before) { errors.push(`Line ${line}: ${formatMarkNumber(car)} is on line ${before.line} already.`); return; }
    cars.push({ ...car, line });
  });
  return { cars, errors };
}
