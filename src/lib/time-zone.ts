/**
 * Dates and times in a place's own time zone (docs/architecture.md, Time zones). Instants are
 * stored in UTC; a record declares the zone its times belong to (a ticket's site) and every screen,
 * printed document and export writes them here: `2026-11-22 21:19 MST` to read,
 * `2026-11-22T21:19:00-07:00` in files, `2026-11-22` as the local date.
 *
 * The rules of a zone are the server's: it converts with its JavaScript Intl zone data, and hands
 * the browser the same rules (`zoneRules`, served at `time_zones/`), which `useZoneRules` registers
 * here. A browser's own zone data may be older or newer than the server's (Chromium and Node can
 * disagree about a zone whose law changed); with the server's rules, the list, the record, the PDF
 * and the CSV say the same. Where no rules are registered, the local Intl data is used.
 */

/** The read-only field the engine adds to a resource that declares `timeZone`: the IANA zone of each row. */
export const TIME_ZONE_FIELD = 'time_zone';

/** Where no record or company names a zone. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** An IANA zone name (`America/Edmonton`, `UTC`); offsets such as `+07:00` are not zones (SQL reads their sign backwards). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const formats = new Map<string, Intl.DateTimeFormat | null>();

/** The formatter of a zone, or null when the zone is unknown. One per zone: building one costs far more than using it. */
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let f = formats.get(zone);
  if (f === undefined) {
    try {
      f = ZONE_NAME.test(zone)
        ? new Intl.DateTimeFormat('en-CA', {
          timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit',
          hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short',
        })
        : null;
    } catch {
      f = null;
    }
    formats.set(zone, f);
  }
  return f;
}

export const isTimeZone = (zone: unknown): zone is string => typeof zone === 'string' && zone.length <= 64 && formatOf(zone) !== null;

/** The check of a field that holds a zone (a site's, a company's, a rail station's): the message, or nothing for a known IANA zone. */
export const timeZoneError = (zone: string): string | undefined =>
  (isTimeZone(zone) ? undefined : 'Unknown time zone. Use an IANA name such as America/Edmonton.');

/** The zone if it is a known IANA zone, else the fallback (a mistyped zone must not break a screen or a print). */
export const zoneOr = (zone: unknown, fallback: string = FALLBACK_TIME_ZONE): string => (isTimeZone(zone) ? zone : fallback);

/** The zone a row's times belong to: its declared `time_zone`, else the fallback (the company's zone). */
export const rowTimeZone = (row: Record<string, unknown> | null | undefined, fallback: string = FALLBACK_TIME_ZONE): string =>
  zoneOr(row?.[TIME_ZONE_FIELD], zoneOr(fallback));

/** From `from` (epoch ms) on, until the next rule: the offset from UTC in minutes and the zone's abbreviation then. */
export interface ZoneRule { from: number; offset: number; abbreviation: string }
/** A zone's rules over a span of years, as the server computed them. */
export interface ZoneRules { zone: string; until: number; rules: ZoneRule[] }

const registered = new Map<string, ZoneRules>();

/** Use these rules for the zone (the browser registers the server's). */
export function registerZoneRules(r: ZoneRules) {
  if (r.rules.length) registered.set(r.zone, r);
}

export const hasZoneRules = (zone: string) => registered.has(zone);

/** Forget every registered rule (tests). */
export const clearZoneRules = () => registered.clear();

const DAY = 86_400_000;

/** Offset (minutes) and abbreviation at an instant, by the local Intl data. */
function intlState(zone: string, t: number): { offset: number; abbreviation: string } {
  const p: Record<string, string> = {};
  for (const part of (formatOf(zone) ?? formatOf(FALLBACK_TIME_ZONE)!).formatToParts(new Date(t))) p[part.type] = part.value;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return { offset: Math.round((wall - Math.floor(t / 1000) * 1000) / 60_000), abbreviation: p.timeZoneName ?? '' };
}

/**
 * The zone's rules between two years by the local Intl data (the server's): sampled daily, each
 * change narrowed to the minute. Zones change at most a few times a year, never twice in a day.
 */
export function zoneRules(zone: string, fromYear = 1990, toYear = 2050): ZoneRules {
  const start = Date.UTC(fromYear, 0, 1);
  const until = Date.UTC(toYear, 0, 1);
  const same = (a: { offset: number; abbreviation: string }, b: { offset: number; abbreviation: string }) => a.offset === b.offset && a.abbreviation === b.abbreviation;
  const rules: ZoneRule[] = [{ from: start, ...intlState(zone, start) }];
  for (let t = start + DAY; t < until; t += DAY) {
    const state = intlState(zone, t);
    if (same(state, rules[rules.length - 1])) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (same(intlState(zone, mid), rules[rules.length - 1])) lo = mid;
      else hi = mid;
    }
    rules.push({ from: hi, ...state });
  }
  return { zone, until, rules };
}

/** The registered rule in force at `t`, or null outside the registered span. */
function ruleAt(zone: string, t: number): ZoneRule | null {
  const r = registered.get(zone);
  if (!r || t < r.rules[0].from || t >= r.until) return null;
  let lo = 0;
  let hi = r.rules.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (r.rules[mid].from <= t) lo = mid;
    else hi = mid - 1;
  }
  return r.rules[lo];
}

export interface ZonedParts {
  /** `2026-11-22` */
  date: string;
  /** `21:19` */
  time: string;
  /** `00` */
  seconds: string;
  /** `MST`, `MDT`, `UTC`; `GMT+1` where the zone has no common abbreviation. */
  abbreviation: string;
  /** `-07:00` */
  offset: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function instantOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The wall-clock parts of an instant in a zone; null for a blank or unreadable value. */
export function zonedParts(value: unknown, zone: string): ZonedParts | null {
  const d = instantOf(value);
  if (!d) return null;
  const rule = ruleAt(zone, d.getTime());
  if (rule) {
    const local = new Date(Math.floor(d.getTime() / 1000) * 1000 + rule.offset * 60_000);
    const abs = Math.abs(rule.offset);
    return {
      date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
      time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
      seconds: pad(local.getUTCSeconds()),
      abbreviation: rule.abbreviation,
      offset: `${rule.offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
    };
  }
  const f = formatOf(zone) ?? formatOf(FALLBACK_TIME_ZONE)!;
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(d)) p[part.type] = part.value;
  // The offset is the wall clock read as UTC minus the instant (whole seconds): no second formatter needed.
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const minutes = Math.round((wall - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    seconds: p.second,
    abbreviation: p.timeZoneName ?? '',
    offset: `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/** To read: `2026-11-22 21:19 MST`. Blank for no value; an unreadable value as it came. */
export function formatInZone(value: unknown, zone: string): string {
  const p = zonedParts(value, zone);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return `${p.date} ${p.time} ${p.abbreviation}`.trimEnd();
}

/** For files (ISO 8601, local time and its offset): `2026-11-22T21:19:00-07:00`. */
export function isoInZone(value: unknown, zone: string): string {
  const p = zonedParts(value, zone);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return `${p.date}T${p.time}:${p.seconds}${p.offset}`;
}

/** The calendar date of an instant in a zone: `2026-11-23T05:30Z` at America/Edmonton is `2026-11-22`. */
export const localDateIn = (value: unknown, zone: string): string | null => zonedParts(value, zone)?.date ?? null;

/** The zone's offset from UTC (minutes) at an instant (epoch ms), by the registered rules, else the local Intl data. */
export function offsetAt(zone: string, t: number): number {
  return ruleAt(zone, t)?.offset ?? intlState(zone, t).offset;
}

/** A wall-clock time as a date-time input holds it, `2026-11-22T22:30` (seconds allowed). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * What a date-time input shows (`<input type="datetime-local">`, docs/shell.md, Forms): the wall
 * clock of an instant in a zone, `2026-11-22T22:30`. Blank for no value or an unreadable one; a
 * wall time already (what the input itself holds) passes unchanged.
 */
export function wallTimeIn(value: unknown, zone: string): string {
  if (typeof value === 'string' && WALL_TIME.test(value)) return value.slice(0, 16).replace(' ', 'T');
  const p = zonedParts(value, zone);
  return p ? `${p.date}T${p.time}` : '';
}


/**
 * Every instant a wall-clock time at a zone names, earliest first (`2026-11-22T22:30` at
 * America/Edmonton is `['2026-11-23T05:30:00.000Z']`): none for a time the clocks skip (02:30 on
 * the morning they spring forward), two for a time that happens twice (01:30 on the morning they
 * fall back). Null for a blank or unreadable text, or a day that does not exist.
 */
export function instantsOfWallTime(wall: unknown, zone: string): string[] | null {
  const local = wallClockMs(wall);
  if (local === null) return null;
  const offsets = [...new Set([offsetAt(zone, local - DAY), offsetAt(zone, local + DAY)])];
  return offsets.map((o) => local - o * 60_000)
    .filter((t) => offsetAt(zone, t) * 60_000 === local - t)
    .sort((a, b) => a - b)
    .map((t) => new Date(t).toISOString());
}

/** A wall-clock text read as if it were UTC (epoch ms), or null when it is no time of a real day. */
function wallClockMs(wall: unknown): number | null {
  const m = typeof wall === 'string' ? WALL_TIME.exec(wall.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const check = new Date(local);
  // 2026-02-30 is not a day: Date.UTC would roll it over to March.
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  return local;
}

/**
 * The instant a wall-clock time at a zone names, in UTC (`2026-11-22T22:30` at America/Edmonton is
 * `2026-11-23T05:30:00.000Z`): what a date-time input sends. Null for a blank or unreadable text.
 * A time the clocks skip (02:30 on the morning they spring forward) is read with the offset before
 * the change, so it lands as far after the change (03:30 MDT); a time that happens twice (01:30 on
 * the morning they fall back) is its first occurrence, as java.time and Temporal's "compatible"
 * rule read them. Where a skipped time must be refused instead (a railroad's message), use
 * `instantsOfWallTime`.
 */
export function instantOfWallTime(wall: unknown, zone: string): string | null {
  const local = wallClockMs(wall);
  if (local === null) return null;
  const fits = instantsOfWallTime(wall, zone)!;
  return fits.length ? fits[0] : new Date(local - offsetAt(zone, local - DAY) * 60_000).toISOString();
}

/** The zone's abbreviation at an instant (now when none is given): `MST`, `MDT`. */
export const zoneAbbreviation = (zone: string, value: unknown = new Date()): string =>
  zonedParts(value, zone)?.abbreviation ?? zonedParts(new Date(), zone)?.abbreviation ?? '';
