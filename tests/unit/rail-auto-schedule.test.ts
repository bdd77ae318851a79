/**
 * Auto-scheduling a rail route (docs/rail-auto-schedule.md): worked examples as tables, the input
 * checks with their messages, and properties over any valid input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_SCHEDULE_INPUT, MAX_CARS, MAX_SCHEDULE_DAYS, autoSchedule, checkAutoScheduleInput, isScheduleDate, spreadRemaining,
  type AutoScheduleInput,
} from '../../src/lib/rail-auto-schedule';

/** The date `n` days after 2025-03-01. */
const day = (n: number) => new Date(Date.UTC(2025, 2, 1 + n)).toISOString().slice(0, 10);

/** A worked example: each row is [date, actual (null: none), expected quantity]. */
interface Example { cars: number; rows: [date: string, actual: number | null, quantity: number][] }

const run = ({ cars, rows }: Example) =>
  autoSchedule({ cars, schedule: rows.map(([date, actual]) => ({ date, actual })) }).schedule;
const expected = ({ rows }: Example) =>
  [...rows].sort((a, b) => a[0].localeCompare(b[0])).map(([date, actual, quantity]) => ({ date, quantity, actual }));

/** `n` open days from 2025-03-01 whose quantities are `quantities`. */
const openDays = (quantities: number[]): Example['rows'] => quantities.map((q, i) => [day(i), null, q]);
const repeat = (pattern: number[], times: number) => Array.from({ length: times }, () => pattern).flat();

const examples: Record<string, Example> = {
  '10 cars over 3 open days: 3, 3, 4': { cars: 10, rows: [
    ['2025-03-01', null, 3],
    ['2025-03-02', null, 3],
    ['2025-03-03', null, 4],
  ] },
  '7 cars over 7 days: 1 a day': { cars: 7, rows: openDays([1, 1, 1, 1, 1, 1, 1]) },
  '100 cars over 30 days: 3, 3, 4 ten times': { cars: 100, rows: openDays(repeat([3, 3, 4], 10)) },
  '11 cars over 4 days: the remainder goes to the later days': { cars: 11, rows: openDays([2, 3, 3, 3]) },
  '2 cars over 3 days': { cars: 2, rows: openDays([0, 1, 1]) },
  '1 car over 3 days: the last day': { cars: 1, rows: openDays([0, 0, 1]) },
  'days with an actual keep it; the remaining 10 are spread over the other 3': { cars: 20, rows: [
    ['2025-03-01', 6, 6],
    ['2025-03-02', null, 3],
    ['2025-03-03', null, 3],
    ['2025-03-04', 4, 4],
    ['2025-03-05', null, 4],
  ] },
  'actuals exceeding the cars: every open day 0, never negative': { cars: 10, rows: [
    ['2025-03-01', 8, 8],
    ['2025-03-02', 5, 5],
    ['2025-03-03', null, 0],
    ['2025-03-04', null, 0],
  ] },
  'actuals equal to the cars: every open day 0': { cars: 10, rows: [
    ['2025-03-01', 6, 6],
    ['2025-03-02', 4, 4],
    ['2025-03-03', null, 0],
  ] },
  'no open day: the actuals as they are': { cars: 10, rows: [
    ['2025-03-01', 3, 3],
    ['2025-03-02', 4, 4],
  ] },
  'one open day takes all that remains': { cars: 10, rows: [
    ['2025-03-01', 3, 3],
    ['2025-03-02', null, 7],
  ] },
  '0 cars': { cars: 0, rows: openDays([0, 0, 0]) },
  'a day with actual 0 is a day with an actual: 9 cars over the 2 others': { cars: 9, rows: [
    ['2025-03-01', 0, 0],
    ['2025-03-02', null, 4],
    ['2025-03-03', null, 5],
  ] },
  'days sent out of order come back in date order, each with its own actual': { cars: 12, rows: [
    ['2025-03-03', null, 4],
    ['2024-12-31', 2, 2],
    ['2025-03-01', null, 3],
    ['2025-02-28', null, 3],
  ] },
  // From 100 open days on, the 0.01 can lift a value of k + 0.99 to k + 1 (docs/rail-auto-schedule.md, Rounding).
  '99 cars over 100 days: day 1 reaches 0.99 + 0.01 = 1, so day 2 is the empty one': { cars: 99, rows: openDays([1, 0, ...repeat([1], 98)]) },
  '9 cars over 100 days: day 11 reaches 11 × 0.09 + 0.01 = 1 exactly': {
    cars: 9, rows: openDays(Array.from({ length: 100 }, (_, i) => ([11, 23, 34, 45, 56, 67, 78, 89, 100].includes(i + 1) ? 1 : 0))),
  },
  '799 cars over 200 days: 3.995 + 0.01 gives 4 on day 1': { cars: 799, rows: openDays([4, 4, 3, ...repeat([4], 197)]) },
  'no day at all': { cars: 5, rows: [] },
};

describe('auto-schedule: worked examples', () => {
  for (const [name, example] of Object.entries(examples)) {
    it(name, () => {
      expect(run(example)).toEqual(expected(example));
    });
  }

  it('the examples add up: open days share exactly what the actuals leave', () => {
    for (const { cars, rows } of Object.values(examples)) {
      const actuals = rows.reduce((s, [, a]) => s + (a ?? 0), 0);
      const open = rows.filter(([, a]) => a === null);
      if (open.length && cars > actuals) expect(open.reduce((s, [, , q]) => s + q, 0)).toBe(cars - actuals);
    }
  });

  it('a floating-point carry would move a car: 9 over 100 days reaches 0.99 + 0.01 on day 11', () => {
    const float = (remaining: number, open: number) => {
      const out: number[] = [];
      let carry = 0;
      for (let i = 0; i < open; i++) { const v = remaining / open + carry; const q = Math.trunc(v + 0.01); carry = v - q; out.push(q); }
      return out;
    };
    // In binary, 11 × 0.09 + 0.01 comes to 0.9999999999999998 and truncates to 0.
    expect(float(9, 100).indexOf(1) + 1).toBe(12);
    expect(spreadRemaining(9, 100).indexOf(1) + 1).toBe(11);
  });

  it('a previous answer may be sent back: quantity is ignored', () => {
    const first = autoSchedule({ cars: 10, schedule: [{ date: '2025-03-01', actual: 2 }, { date: '2025-03-02', actual: null }, { date: '2025-03-03' }] });
    expect(first.schedule.map((d) => d.quantity)).toEqual([2, 4, 4]);
    expect(checkAutoScheduleInput({ cars: 11, schedule: first.schedule }).ok).toBe(true);
    expect(autoSchedule({ cars: 11, schedule: first.schedule }).schedule.map((d) => d.quantity)).toEqual([2, 4, 5]);
  });
});

describe('auto-schedule: the spread', () => {
  it('nothing but zeros when nothing remains, no day when there is no open day', () => {
    expect(spreadRemaining(0, 3)).toEqual([0, 0, 0]);
    expect(spreadRemaining(-4, 2)).toEqual([0, 0]);
    expect(spreadRemaining(5, 0)).toEqual([]);
    expect(() => spreadRemaining(1.5, 2)).toThrow(RangeError);
    expect(() => spreadRemaining(3, -1)).toThrow(RangeError);
  });

  it('the largest input: 100,000 cars over 366 days', () => {
    const q = spreadRemaining(MAX_CARS, MAX_SCHEDULE_DAYS);
    expect(q.reduce((s, x) => s + x, 0)).toBe(MAX_CARS);
    expect(new Set(q)).toEqual(new Set([273, 274]));
    // The 0.01 at work: 274 on days 58 and 241, where the plain floor would give it to days 59 and 242.
    expect([q[57], q[58], q[240], q[241]]).toEqual([274, 273, 274, 273]);
  });
});

describe('auto-schedule: input checks', () => {
  const bad: [name: string, input: unknown, errors: Record<string, string[]>][] = [
    ['not an object', [1], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ['nothing given', {}, { cars: ['This field is required.'], schedule: ['This field is required.'] }],
    ['nulls', { cars: null, schedule: null }, { cars: ['This field may not be null.'], schedule: ['This field may not be null.'] }],
    ['cars not whole', { cars: 2.5, schedule: [] }, { cars: ['A valid integer is required.'] }],
    ['cars as text', { cars: '10', schedule: [] }, { cars: ['A valid integer is required.'] }],
    ['cars below 0', { cars: -1, schedule: [] }, { cars: ['Ensure this value is greater than or equal to 0.'] }],
    ['cars above 100,000', { cars: 100_001, schedule: [] }, { cars: ['Ensure this value is less than or equal to 100000.'] }],
    ['schedule not a list', { cars: 1, schedule: { date: '2025-03-01' } }, { schedule: ['Value must be a JSON list.'] }],
    ['more than 366 days', { cars: 1, schedule: Array.from({ length: 367 }, (_, i) => ({ date: day(i), actual: null })) },
      { schedule: ['Ensure this field has no more than 366 elements.'] }],
    ['an unknown field', { cars: 1, schedule: [], route: 4 }, { route: ['Unknown field.'] }],
    ['a day that is not an object', { cars: 1, schedule: ['2025-03-01'] }, { schedule: ['Row 1: expected {date, actual}, got string.'] }],
    ['a day without a date', { cars: 1, schedule: [{ actual: 2 }] }, { schedule: ['Row 1: date is required.'] }],
    ['dates in other formats or not on the calendar', { cars: 1, schedule: [
      { date: '2025-3-1', actual: null }, { date: '01/03/2025', actual: null }, { date: '2025-02-29', actual: null },
      { date: '0000-01-01', actual: null }, { date: '2025-03-01T00:00:00Z', actual: null }, { date: 20250301, actual: null },
    ] }, { schedule: [1, 2, 3, 4, 5, 6].map((n) => `Row ${n}: date has wrong format. Use one of these formats instead: YYYY-MM-DD.`) }],
    ['a date listed twice', { cars: 1, schedule: [{ date: '2025-03-01', actual: null }, { date: '2025-03-02', actual: null }, { date: '2025-03-01', actual: 1 }] },
      { schedule: ['Row 3: 2025-03-01 is listed twice (also row 1).'] }],
    ['actuals that are not whole numbers of cars', { cars: 1, schedule: [
      { date: '2025-03-01', actual: -1 }, { date: '2025-03-02', actual: 1.5 }, { date: '2025-03-03', actual: '2' }, { date: '2025-03-04', actual: 100_001 },
    ] }, { schedule: [1, 2, 3, 4].map((n) => `Row ${n}: actual must be null or a whole number of cars from 0 to 100000.`) }],
    ['unknown keys on a day', { cars: 1, schedule: [{ date: '2025-03-01', actual: null, car: 'TILX 1' }] }, { schedule: ['Row 1: unknown keys car.'] }],
    ['several problems at once', { cars: -3, schedule: [{ date: 'tomorrow', actual: -2 }] }, {
      cars: ['Ensure this value is greater than or equal to 0.'],
      schedule: ['Row 1: date has wrong format. Use one of these formats instead: YYYY-MM-DD.', 'Row 1: actual must be null or a whole number of cars from 0 to 100000.'],
    }],
  ];
  for (const [name, input, errors] of bad) {
    it(`refuses ${name}`, () => {
      expect(checkAutoScheduleInput(input)).toEqual({ ok: false, errors });
      expect(() => autoSchedule(input as AutoScheduleInput)).toThrow(RangeError);
    });
  }

  it('takes the bounds themselves, a leap day and the first and last storable dates', () => {
    const input = { cars: MAX_CARS, schedule: [
      { date: '2024-02-29', actual: MAX_CARS }, { date: '0001-01-01', actual: 0 }, { date: '9999-12-31', actual: null }, { date: '2000-02-29' },
    ] };
    expect(checkAutoScheduleInput(input)).toEqual({ ok: true, input: { cars: MAX_CARS, schedule: input.schedule.map((d) => ({ date: d.date, actual: d.actual ?? null })) } });
    expect(checkAutoScheduleInput({ cars: 0, schedule: Array.from({ length: 366 }, (_, i) => ({ date: day(i), actual: null })) }).ok).toBe(true);
    expect(['1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00'].filter(isScheduleDate)).toEqual([]);
  });

  it('declares the input in the engine\'s field kinds', () => {
    expect(AUTO_SCHEDULE_INPUT.cars).toMatchObject({ kind: 'integer', required: true, min: 0, max: MAX_CARS });
    expect(AUTO_SCHEDULE_INPUT.schedule).toMatchObject({ kind: 'json', shape: 'array', required: true });
  });
});

/** Any valid input: up to 366 distinct dates in any order (near together or across the whole calendar), actuals sometimes. */
const dateArb = fc.oneof(
  fc.integer({ min: 0, max: 800 }).map(day),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const actualArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_CARS }) },
);
const inputArb: fc.Arbitrary<AutoScheduleInput> = fc.record({
  cars: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: MAX_CARS })),
  schedule: fc.uniqueArray(fc.record({ date: dateArb, actual: actualArb }), { maxLength: MAX_SCHEDULE_DAYS, selector: (d) => d.date }),
});

describe('auto-schedule: properties', () => {
  it('holds the rule for any valid input', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(checkAutoScheduleInput(input).ok).toBe(true);
      const { schedule } = autoSchedule(input);
      const actualOf = new Map(input.schedule.map((d) => [d.date, d.actual ?? null]));
      // Every day once, in date order.
      expect(schedule.map((d) => d.date).sort()).toEqual([...actualOf.keys()].sort());
      for (let i = 1; i < schedule.length; i++) expect(schedule[i - 1].date < schedule[i].date).toBe(true);
      // Whole numbers, never negative; actual days keep their actual.
      for (const d of schedule) {
        expect(Number.isInteger(d.quantity) && d.quantity >= 0).toBe(true);
        expect(d.actual).toBe(actualOf.get(d.date));
        if (d.actual !== null) expect(d.quantity).toBe(d.actual);
      }
      const open = schedule.filter((d) => d.actual === null).map((d) => d.quantity);
      const remaining = input.cars - schedule.reduce((s, d) => s + (d.actual ?? 0), 0);
      if (remaining > 0 && open.length > 0) {
        // The route's cars, exactly.
        expect(schedule.reduce((s, d) => s + d.quantity, 0)).toBe(input.cars);
        expect(open.reduce((s, q) => s + q, 0)).toBe(remaining);
      } else {
        expect(open.every((q) => q === 0)).toBe(true);
      }
      // An even spread: open days differ by at most 1.
      if (open.length) expect(Math.max(...open) - Math.min(...open)).toBeLessThanOrEqual(1);
    }), { numRuns: 400 });
  });

  it('does not depend on the order the days are sent in', () => {
    fc.assert(fc.property(inputArb.chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray([...input.schedule], { minLength: input.schedule.length }))),
      ([input, shuffled]) => {
        expect(autoSchedule({ cars: input.cars, schedule: shuffled })).toEqual(autoSchedule(input));
      }), { numRuns: 100 });
  });

  it('after day i of n the shares add up to ⌊i × remaining / n + 0.01⌋', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_CARS }), fc.integer({ min: 1, max: MAX_SCHEDULE_DAYS }), (remaining, n) => {
      let sum = 0;
      const sums = spreadRemaining(remaining, n).map((q) => (sum += q));
      // In hundredths: ⌊(100 × i × remaining + n) / (100 × n)⌋, worked in BigInt (whole numbers, division truncates).
      const bound = Array.from({ length: n }, (_, i) => Number((100n * BigInt(i + 1) * BigInt(remaining) + BigInt(n)) / (100n * BigInt(n))));
      expect(sums).toEqual(bound);
      expect(sum).toBe(remaining);
    }), { numRuns: 300 });
  });

  it('the 0.01 changes nothing below 100 open days', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_CARS }), fc.integer({ min: 1, max: 99 }), (remaining, n) => {
      const upTo = (i: number) => Number((BigInt(i) * BigInt(remaining)) / BigInt(n));
      const plain = Array.from({ length: n }, (_, i) => upTo(i + 1) - upTo(i));
      expect(spreadRemaining(remaining, n)).toEqual(plain);
    }), { numRuns: 300 });
  });

  it('answers any body with messages or a valid input, never an exception', () => {
    fc.assert(fc.property(fc.oneof(fc.anything(), fc.record({ cars: fc.anything(), schedule: fc.array(fc.anything(), { maxLength: 5 }) })), (body) => {
      const checked = checkAutoScheduleInput(body);
      if (checked.ok) expect(() => autoSchedule(checked.input)).not.toThrow();
      else expect(Object.values(checked.errors).every((m) => Array.isArray(m) && m.length > 0)).toBe(true);
    }), { numRuns: 300 });
  });
});
