/**
 * Every number the rail area gives out (docs/rail.md §9): a contract saved without a number, a
 * shipment created, a shipment's first ship, an EDI control number. One engine over one pattern
 * language (src/lib/code-pattern.ts), generalising the ticket counter's method
 * (server/actions/terminal/ticket-numbering.ts):
 *
 * - a number is given only inside the write transaction that stores it: the counter row
 *   `(company, series, period)` is bumped by one upsert there, whose row lock queues concurrent
 *   writers in every server process until the first commits, and a write that fails afterwards
 *   rolls its number back with it. No gaps, no duplicates;
 * - the first number of a series and period inserts the row (`ON CONFLICT DO UPDATE`), so two
 *   first writers racing get 1 and 2;
 * - a formatted number a record already has (typed by hand, or met by a changed pattern) is
 *   skipped: the counter moves on in the same transaction until a free one comes, at most 1,000
 *   steps;
 * - `start_number` is where a new period starts, and raising it moves the next number forward
 *   (`greatest`); lowering it never moves the counter back.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type CodeType, DEFAULT_SETTINGS, type LiteralRule, type Reset, formatCode, periodOf } from '../../../src/lib/code-pattern';
import { localDateIn } from '../../../src/lib/time-zone';
import { company } from '../../../src/resources/accounts/company';
import { bolNumber } from '../../../src/resources/rail/bolnumber';
import { codeGenerator } from '../../../src/resources/rail/code-generator';
import type { Db } from '../../db/connection';
import { codeCounter } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import { conflict } from '../../engine/errors';
import { companyTimeZone } from '../../engine/time-zones';

/** How far past the counter a free number is looked for before the write is refused. */
export const MAX_SKIP = 1000;

export interface NumberSettings { pattern: string; reset: Reset; start_number: number }

export interface Series {
  companyId: number;
  /** The counter's series: `bol`, a code type, or `edi`. */
  series: string;
  settings: NumberSettings;
  /** Which characters the record's values keep (a BOL's letters and digits, a code's also `- / . _`). */
  rule: LiteralRule;
  /** The record's values its placeholders name, `{'party.code': 'GCR'}` (`company.code` is added here). */
  fields?: Readonly<Record<string, string | null | undefined>>;
  /** Whether a record already has this number (then it is skipped). */
  taken(code: string): Promise<boolean>;
  /** The longest number the field that stores it takes. */
  maxLength: number;
  /** The moment the number is given (tests pass a fixed one). */
  now?: Date;
}

async function companyCode(db: Db, companyId: number): Promise<string | null> {
  const t = tableOf(company);
  const [row] = await db.select({ code: t.code }).from(t).where(eq(t.id, companyId)).limit(1);
  return (row?.code as string | null | undefined) ?? null;
}

/** The local date the number is given on (the company's zone: a BOL issued 2026-12-31 23:30 MST is a 2026 number) and its values. */
async function context(db: Db, s: Series) {
  const date = localDateIn(s.now ?? new Date(), await companyTimeZone(db, s.companyId))!;
  const fields = { 'company.code': await companyCode(db, s.companyId), ...s.fields };
  return { date, fields, period: periodOf(s.settings.reset, date) };
}

const counterOf = (s: Series, period: string) =>
  and(eq(codeCounter.company_id, s.companyId), eq(codeCounter.series, s.series), eq(codeCounter.period, period));

/** Gives the next free number of the series; call inside the write transaction that stores it. */
export async function giveNumber(db: Db, s: Series): Promise<string> {
  const { date, fields, period } = await context(db, s);
  const c = codeCounter;
  const [first] = await db.insert(c).values({ company_id: s.companyId, series: s.series, period, last_number: s.settings.start_number, given: 1 })
    .onConflictDoUpdate({ target: [c.company_id, c.series, c.period], set: { last_number: sql`greatest(${c.last_number} + 1, excluded.last_number)`, given: sql`${c.given} + 1` } })
    .returning({ n: c.last_number });
  let n = first.n;
  for (let step = 1; ; step++) {
    const code = formatCode(s.settings.pattern, { seq: n, date, fields }, s.rule);
    if (code.length > s.maxLength) throw conflict(`The next number, ${code}, is longer than ${s.maxLength} characters; shorten the pattern.`);
    if (!(await s.taken(code))) return code;
    if (step >= MAX_SKIP) throw conflict(`No free number within ${MAX_SKIP.toLocaleString('en-US')} of the counter; check the pattern.`);
    // Someone has this number already: it is in use, so skipping it leaves no gap.
    [{ n }] = await db.update(c).set({ last_number: sql`${c.last_number} + 1` }).where(counterOf(s, period)).returning({ n: c.last_number });
  }
}

export interface NumberPreview {
  /** What the next number will be, with the example values where the record's values are not known yet. */
  next_number: string;
  /** Its sequence number, for a preview of another pattern. */
  next_seq: number;
  /** The period the next number counts in: `''` (never reset) or the year. */
  period: string;
  /** Numbers the counter has given in that period. */
  issued_this_period: number;
  /** The company's local date the preview is made for (its year and month). */
  date: string;
}

/** What `giveNumber` would give now, without giving it (the configuration pages' preview). */
export async function peekNumber(db: Db, s: Series): Promise<NumberPreview> {
  const { date, fields, period } = await context(db, s);
  const [row] = await db.select({ n: codeCounter.last_number, given: codeCounter.given }).from(codeCounter).where(counterOf(s, period)).limit(1);
  let n = row ? Math.max(row.n + 1, s.settings.start_number) : s.settings.start_number;
  let code = formatCode(s.settings.pattern, { seq: n, date, fields }, s.rule);
  for (let step = 1; step < MAX_SKIP && await s.taken(code); step++) code = formatCode(s.settings.pattern, { seq: ++n, date, fields }, s.rule);
  return { next_number: code, next_seq: n, period, issued_this_period: row?.given ?? 0, date };
}

/** The company's BOL numbering as stored, else the defaults (the settings row is made by `get_or_create/`, not by numbering). */
export async function bolSettings(db: Db, companyId: number): Promise<NumberSettings> {
  const t = tableOf(bolNumber);
  const [row] = await db.select({ pattern: t.pattern, reset: t.reset, start_number: t.start_number }).from(t).where(eq(t.company, companyId)).limit(1);
  return (row as NumberSettings | undefined) ?? { ...DEFAULT_SETTINGS.bol, start_number: 1 };
}

/** The company's generator of a code type as stored, else the type's defaults. */
export async function generatorSettings(db: Db, companyId: number, type: Exclude<CodeType, 'bol'>): Promise<NumberSettings> {
  const t = tableOf(codeGenerator);
  const [row] = await db.select({ pattern: t.pattern, reset: t.reset, start_number: t.start_number }).from(t)
    .where(and(eq(t.company, companyId), eq(t.code_type, type))).limit(1);
  return (row as NumberSettings | undefined) ?? { ...DEFAULT_SETTINGS[type], start_number: 1 };
}
