/** Display helpers (docs/shell.md, Display): quantities in English number format with N decimals, and plurals. */

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
