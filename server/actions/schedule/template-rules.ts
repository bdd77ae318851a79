/**
 * The week patterns (docs/scheduler.md, Model): a template's slots and a location's opening hours
 * are JSON lists a person edits on a week grid; each entry is checked here and refused by its
 * place in the list (`pattern[3].start`), so the screen can point at it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { product } from '../../../src/resources/logistics/product';
import { MAX_PATTERN_SLOTS } from '../../../src/resources/schedule/slot-template';
import { LOCAL_TIME } from '../../../src/resources/schedule/common';
import { type PatternSlot, patternSlotErrors } from '../../../src/lib/slot-times';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ErrorBag } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';

const TIME = new RegExp(`^(?:${LOCAL_TIME.source})$`);
const KEYS = ['weekday', 'start', 'minutes', 'capacity', 'volume', 'products'];
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** A stored pattern as the slot rule reads it (entries that are not objects are dropped: the hook refused them on save). */
export const patternOf = (value: unknown): PatternSlot[] =>
  (Array.isArray(value) ? value : []).filter((x): x is PatternSlot => typeof x === 'object' && x !== null);

/** The errors of a pattern, by `pattern[i].key`; product ids checked against the company's products. */
async function patternErrors(db: Db, company: unknown, value: unknown, errors: ErrorBag) {
  if (!Array.isArray(value)) return errors.add('pattern', 'A list of slots.');
  if (value.length > MAX_PATTERN_SLOTS) return errors.add('pattern', `At most ${MAX_PATTERN_SLOTS} slots a week.`);
  const seen = new Map<string, number>();
  value.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return errors.add(`pattern[${i}]`, 'A slot: {"weekday", "start", "minutes", "capacity"}.');
    const extra = Object.keys(entry).filter((k) => !KEYS.includes(k));
    if (extra.length) errors.add(`pattern[${i}]`, `Unknown key ${extra.join(', ')}: a slot has ${KEYS.join(', ')}.`);
    for (const [k, message] of Object.entries(patternSlotErrors(entry as PatternSlot))) errors.add(`pattern[${i}].${k}`, message);
    const key = `${String(entry.weekday)} ${String(entry.start)}`;
    if (seen.has(key)) errors.add(`pattern[${i}].start`, `Slot ${seen.get(key)! + 1} starts at the same time that day.`);
    else seen.set(key, i);
  });
  const ids = [...new Set(value.flatMap((e) => (Array.isArray(e?.products) ? e.products : [])).filter((x) => Number.isInteger(x)))] as number[];
  if (!ids.length) return;
  const p = tableOf(product);
  const found = new Set((await db.select({ id: p.id }).from(p).where(and(inArray(p.id, ids), eq(p.company, Number(company))))).map((r) => Number(r.id)));
  value.forEach((e, i) => {
    const unknown = (Array.isArray(e?.products) ? e.products : []).filter((x: unknown) => !found.has(Number(x)));
    if (unknown.length) errors.add(`pattern[${i}].products`, `No product ${unknown.join(', ')} of yours.`);
  });
}

/** Opening hours: per weekday, intervals `open` < `close` that do not overlap. */
function openingHoursErrors(value: unknown, errors: ErrorBag) {
  if (!Array.isArray(value)) return errors.add('opening_hours', 'A list of open intervals.');
  if (value.length > 70) return errors.add('opening_hours', 'At most 70 intervals a week.');
  const byDay = new Map<number, [number, number, number][]>();
  value.forEach((e, i) => {
    const at = `opening_hours[${i}]`;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return errors.add(at, 'An interval: {"weekday", "open", "close"}.');
    if (!Number.isInteger(e.weekday) || e.weekday < 1 || e.weekday > 7) errors.add(`${at}.weekday`, 'A weekday from 1 (Monday) to 7 (Sunday).');
    const ok = ['open', 'close'].every((k) => typeof e[k] === 'string' && (TIME.test(e[k]) || (k === 'close' && e[k] === '24:00')));
    if (!ok) return errors.add(at, 'Open and close as HH:MM, e.g. 06:00 and 18:00 (24:00 for midnight).');
    const [o, c] = [minutesOf(e.open), minutesOf(e.close)];
    if (o >= c) return errors.add(`${at}.close`, 'It closes after it opens.');
    byDay.set(e.weekday, [...(byDay.get(e.weekday) ?? []), [o, c, i]]);
  });
  for (const list of byDay.values()) {
    list.sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < list.length; k++) if (list[k][0] < list[k - 1][1]) errors.add(`opening_hours[${list[k][2]}]`, 'It overlaps another interval that day.');
  }
}

export const templateHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, current }) {
    if (!('pattern' in input.values)) return;
    const errors = new ErrorBag();
    await patternErrors(db, input.values.company ?? current?.company ?? ctx.user.companyId, input.values.pattern, errors);
    errors.throwIfAny();
  },
};

export const locationHooks: ResourceHooks = {
  beforeWrite({ input }) {
    if (!('opening_hours' in input.values)) return;
    const errors = new ErrorBag();
    openingHoursErrors(input.values.opening_hours, errors);
    errors.throwIfAny();
  },
};
