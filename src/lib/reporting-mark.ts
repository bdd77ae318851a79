/**
 * Rail car identity (docs/fleet.md, Reporting marks): a reporting mark of 2-4 letters (marks of
 * private, non-railroad owners end in X) and a car number of up to 6 digits. The number is a
 * number: leading zeros are not significant, so `TILX 001234` and `TILX001234` are `TILX 1234`.
 * Pure: used by the car declaration, the fleet screens and the seed.
 */

/** A reporting mark as typed (either case; stored upper-case). */
export const MARK_PATTERN = { source: '[A-Za-z]{2,4}', message: 'A reporting mark is 2 to 4 letters, e.g. TILX or CN.' } as const;
export const MAX_CAR_NUMBER = 999_999;

export interface MarkNumber { mark: string; number: number }

/**
 * `MARK NUMBER` in the forms people and EDI write it: `TILX 1234`, `tilx 001234`, `TILX001234`,
 * `TILX-1234`. Null when it is not a mark and a car number.
 */
export function parseMarkNumber(text: string): MarkNumber | null {
  // Zeros may pad the number to any width; what follows them has at most six digits.
  const m = /^\s*([A-Za-z]{2,4})[\s-]*0*(\d{1,6})\s*$/.exec(text);
  return m ? { mark: m[1].toUpperCase(), number: Number(m[2]) } : null;
}

/** The one written form a car is shown and filtered by: `TILX 1234`. */
export const formatMarkNumber = (car: MarkNumber) => `${car.mark} ${car.number}`;

/** A typed car in its written form; text that is no car comes back trimmed, as typed. */
export function normalizeMarkNumber(text: string): string {
  const car = parseMarkNumber(text);
  return car ? formatMarkNumber(car) : text.trim();
}

/** Cars as a person types a list of them: one a line, or commas or semicolons between them; blanks dropped. */
export const carEntries = (text: string) => text.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);
