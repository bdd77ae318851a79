/** How printed documents show values: exact decimals with thousands separators, times in the site's zone. */

export const DEFAULT_TIME_ZONE = 'America/Edmonton';

/** A valid IANA zone, or the default (a typo in a site must not break printing). */
export function safeTimeZone(tz: unknown): string {
  if (typeof tz !== 'string' || !tz) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** `2026-11-22 10:31 MST` in the given zone. */
export function formatDateTime(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short',
  }).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** `12345.500` -> `12,345.500`; exact (string based, no float rounding). */
export function formatDecimal(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** A quantity with its unit, or an empty string when there is no value. */
export const withUnit = (value: unknown, unit: string | null | undefined) => {
  const v = formatDecimal(value);
  return v ? (unit ? `${v} ${unit}` : v) : '';
};

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A person's or a company's address on one or two lines. */
export function addressLines(row: Record<string, unknown> | null): string[] {
  if (!row) return [];
  const street = text(row.address);
  const city = [text(row.city), text(row.province), text(row.postal_code)].filter(Boolean).join(' ');
  const place = [city, text(row.country)].filter(Boolean).join(', ');
  return [street, place].filter(Boolean);
}
