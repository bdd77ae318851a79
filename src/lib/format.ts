/**
 * Display helpers (docs/shell.md, Display): quantities in English number format with N decimals,
 * decimals of a declared field as the list, the record and the PDF all write them, and plurals.
 */
import { unitSymbol, withUnit } from './units';

const formatters = new Map<number, Intl.NumberFormat>();

function formatter(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, f);
  }
  return f;
}

/** `1234.5, 2` -> `1,234.50`. Decimal strings from the API are accepted; blanks give ''. */
export function formatQuantity(value: number | string | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const d = Math.max(0, Math.min(20, Math.trunc(decimals)));
  return formatter(d).format(n);
}

/** Thousands separators on the whole part of a written number: `1204331.200` -> `1,204,331.200`. */
function grouped(sign: string, whole: string, frac: string): string {
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** `'0.0095'` rounded half away from zero to `places`, on the digits themselves (no float). */
function roundDigits(whole: string, frac: string, places: number): [string, string] {
  if (frac.length <= places) return [whole, frac.padEnd(places, '0')];
  const digits = (whole + frac.slice(0, places)).split('').map(Number);
  if (Number(frac[places]) >= 5) {
    let i = digits.length - 1;
    for (; i >= 0 && digits[i] === 9; i--) digits[i] = 0;
    if (i < 0) digits.unshift(1);
    else digits[i] += 1;
  }
  const text = digits.join('');
  const cut = text.length - places;
  return [text.slice(0, cut) || '0', text.slice(cut)];
}

/**
 * A decimal as every screen, print and export shows it (docs/architecture.md, Time zones and
 * quantities): exact (the API's decimal strings never pass through a float), with `places`
 * decimals when given (the field's declared places), thousands grouped: `'12345.5', 3` ->
 * `12,345.500`. Blank for no value; text that is not a number as it came.
 */
export function formatDecimal(value: unknown, places?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (!m[2] && !m[3])) return String(value);
  let whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  let frac = m[3] ?? '';
  if (places !== undefined) [whole, frac] = roundDigits(whole, frac, Math.max(0, Math.trunc(places)));
  const zero = /^0*$/.test(whole + frac);
  return grouped(m[1] === '-' && !zero ? '-' : '', whole, frac);
}

/** A decimal field's value with its declared places and unit, written as people write it: `12.40 °C`, `0.400%`, `37.986 m³`. */
export function formatMeasure(value: unknown, field: { places: number; unit?: string }, unit: unknown = field.unit): string {
  return withUnit(formatDecimal(value, field.places), unit);
}

/** A column header or label with the field's unit: `Observed temperature (°C)`. */
export const labelWithUnit = (label: string, unit: unknown): string => {
  const u = unitSymbol(unit);
  return u ? `${label} (${u})` : label;
};

/**
 * Plurals add 's' unless the count is 1: `plural(1, 'car')` -> `car`, `plural(2, 'car')` -> `cars`.
 * Words that do not take an 's' (party -> parties) pass their plural form.
 */
export function plural(count: number, word: string, pluralForm?: string): string {
  return count === 1 ? word : (pluralForm ?? `${word}s`);
}

/** `countLabel(1234, 'car')` -> `1,234 cars`. */
export function countLabel(count: number, word: string, decimals = 0, pluralForm?: string): string {
  return `${formatQuantity(count, decimals)} ${plural(count, word, pluralForm)}`;
}
