/**
 * Scheduled reports (docs/reports.md, Scheduled mailing and Filters): when a report is next mailed
 * on the company's clock (server/reports/schedule.ts), and the days and instants a period such as
 * "last month" covers when the report runs (server/reports/periods.ts). Every expected value is
 * worked out by hand from the calendar and the zone's offsets, noted beside it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { nextRun, type Schedule } from '../../server/reports/schedule';
import { periodBounds, periodDays } from '../../server/reports/periods';
import { clearZoneRules, localDateIn, registerZoneRules, zoneRules } from '../../src/lib/time-zone';
import { PERIODS, type Period } from '../../src/resources/reports/report-terms';

afterEach(() => clearZoneRules());

const EDMONTON = 'America/Edmonton';
const run = (s: Schedule, after: string, zone: string) => nextRun(s, new Date(after), zone)?.toISOString() ?? null;

/** The runs one after another from `after`: each is the next after the one before. */
function walk(s: Schedule, after: string, zone: string, count: number): string[] {
  const runs: string[] = [];
  let at = new Date(after);
  for (let i = 0; i < count; i++) {
    at = nextRun(s, at, zone)!;
    runs.push(at.toISOString());
  }
  return runs;
}

describe('the next daily run across the spring-forward change (America/Edmonton, 2027-03-14, 02:00 MST -> 03:00 MDT)', () => {
  const daily = { frequency: 'daily', time: '02:30' } as const;

  it('reads the skipped 02:30 as 03:30 MDT on the day of the change, and 02:30 MDT the day after', () => {
    // 2027-03-13T10:00Z is 03:00 MST on the 13th: that day's 02:30 is gone, the next is the 14th's.
    // 02:30 does not exist on the 14th; read with the offset before the change (-07:00) it is 09:30Z = 03:30 MDT.
    expect(run(daily, '2027-03-13T10:00:00Z', EDMONTON)).toBe('2027-03-14T09:30:00.000Z');
    // From that run on: 02:30 MDT (-06:00) on the 15th is 08:30Z.
    expect(run(daily, '2027-03-14T09:30:00.000Z', EDMONTON)).toBe('2027-03-15T08:30:00.000Z');
    // 2027-03-14T09:00Z is the moment of the change (03:00 MDT): the day's run is still ahead.
    expect(run(daily, '2027-03-14T09:00:00Z', EDMONTON)).toBe('2027-03-14T09:30:00.000Z');
    // 2027-03-14T08:59Z is 01:59 MST, one minute before the change.
    expect(run(daily, '2027-03-14T08:59:00Z', EDMONTON)).toBe('2027-03-14T09:30:00.000Z');
  });

  it('mails once on every local day of the week around the change: none skipped, none twice', () => {
    // From 2027-03-10T00:00Z (17:00 MST on the 9th): 02:30 MST (+7 h) until the change, 02:30 MDT (+6 h) after it.
    const expected = [
      '2027-03-10T09:30:00.000Z', '2027-03-11T09:30:00.000Z', '2027-03-12T09:30:00.000Z', '2027-03-13T09:30:00.000Z',
      '2027-03-14T09:30:00.000Z', // 03:30 MDT, the skipped 02:30
      '2027-03-15T08:30:00.000Z', '2027-03-16T08:30:00.000Z',
    ];
    const runs = walk(daily, '2027-03-10T00:00:00Z', EDMONTON, 7);
    expect(runs).toEqual(expected);
    // One run per local day, the seven days from the 10th to the 16th in order.
    expect(runs.map((r) => localDateIn(r, EDMONTON))).toEqual(
      ['2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15', '2027-03-16'],
    );
  });

  it('gives the same runs by the zone rules the server hands the browser as by the Intl data', () => {
    registerZoneRules(zoneRules(EDMONTON, 2026, 2028));
    expect(walk(daily, '2027-03-12T00:00:00Z', EDMONTON, 4)).toEqual(
      ['2027-03-12T09:30:00.000Z', '2027-03-13T09:30:00.000Z', '2027-03-14T09:30:00.000Z', '2027-03-15T08:30:00.000Z'],
    );
  });
});

describe('the next daily run across the fall-back change (America/Edmonton, 2026-11-01, 02:00 MDT -> 01:00 MST)', () => {
  const daily = { frequency: 'daily', time: '01:30' } as const;

  it('mails once on 2026-11-01, at the first 01:30 (MDT), and not again at the second', () => {
    // 01:30 MDT (-06:00) = 07:30Z before the change; 01:30 MST (-07:00) = 08:30Z after it.
    const runs = walk(daily, '2026-10-30T00:00:00Z', EDMONTON, 4);
    expect(runs).toEqual(['2026-10-30T07:30:00.000Z', '2026-10-31T07:30:00.000Z', '2026-11-01T07:30:00.000Z', '2026-11-02T08:30:00.000Z']);
    expect(runs.filter((r) => localDateIn(r, EDMONTON) === '2026-11-01')).toEqual(['2026-11-01T07:30:00.000Z']);
    // From the first 01:30 the next is the 2nd's, not the second 01:30 (08:30Z) an hour later.
    expect(run(daily, '2026-11-01T07:30:00.000Z', EDMONTON)).toBe('2026-11-02T08:30:00.000Z');
    // 08:00Z is 01:00 MST, the repeated hour begun again: the day's run is already behind.
    expect(run(daily, '2026-11-01T08:00:00Z', EDMONTON)).toBe('2026-11-02T08:30:00.000Z');
    // 07:00Z is 01:00 MDT, the first time round: the run is half an hour ahead.
    expect(run(daily, '2026-11-01T07:00:00Z', EDMONTON)).toBe('2026-11-01T07:30:00.000Z');
  });
});

describe('the next run is strictly after the moment given', () => {
  it('skips a run exactly at that moment, and takes one a millisecond after it', () => {
    // 07:00 MDT (-06:00) on 2027-06-01 is 13:00Z.
    const daily = { frequency: 'daily', time: '07:00' } as const;
    expect(run(daily, '2027-06-01T13:00:00.000Z', EDMONTON)).toBe('2027-06-02T13:00:00.000Z');
    expect(run(daily, '2027-06-01T12:59:59.999Z', EDMONTON)).toBe('2027-06-01T13:00:00.000Z');
  });

  it('takes a time later the same local day that day, even where it falls on the next UTC day', () => {
    // 2027-06-01T14:00Z is 08:00 MDT; 18:00 MDT the same day is 2027-06-02T00:00Z.
    expect(run({ frequency: 'daily', time: '18:00' }, '2027-06-01T14:00:00Z', EDMONTON)).toBe('2027-06-02T00:00:00.000Z');
    // 2027-06-02T03:00Z is still 21:00 MDT on the 1st: 23:15 MDT on the 1st is 2027-06-02T05:15Z.
    expect(run({ frequency: 'daily', time: '23:15' }, '2027-06-02T03:00:00Z', EDMONTON)).toBe('2027-06-02T05:15:00.000Z');
  });

  it('mails at 07:00 when the schedule names no time', () => {
    // 07:00 MST (-07:00) on 2027-01-10 is 14:00Z; 2027-01-10T12:00Z is 05:00 MST.
    for (const time of [undefined, null, '']) {
      expect(run({ frequency: 'daily', time }, '2027-01-10T12:00:00Z', EDMONTON), String(time)).toBe('2027-01-10T14:00:00.000Z');
    }
  });
});

describe('weekly and monthly runs', () => {
  it('mails weekly on its ISO weekday', () => {
    // 2027-03-01 is a Monday (2027-03-14 is the second Sunday), so 2027-06-01 (+92 days, 92 = 13*7 + 1) is a Tuesday
    // and Friday (weekday 5) is 2027-06-04. 07:00 MDT = 13:00Z.
    const friday = { frequency: 'weekly', weekday: '5', time: '07:00' } as const;
    expect(run(friday, '2027-06-01T12:00:00Z', EDMONTON)).toBe('2027-06-04T13:00:00.000Z');
    expect(walk(friday, '2027-06-04T13:00:00.000Z', EDMONTON, 2)).toEqual(['2027-06-11T13:00:00.000Z', '2027-06-18T13:00:00.000Z']);
    // Earlier on the Friday itself (06:00 MDT = 12:00Z): that day.
    expect(run(friday, '2027-06-04T12:00:00Z', EDMONTON)).toBe('2027-06-04T13:00:00.000Z');
    // Sunday is 7 (not 0): 2027-06-06.
    expect(run({ frequency: 'weekly', weekday: '7' }, '2027-06-01T12:00:00Z', EDMONTON)).toBe('2027-06-06T13:00:00.000Z');
    // No weekday: Monday, 2027-06-07.
    expect(run({ frequency: 'weekly' }, '2027-06-01T12:00:00Z', EDMONTON)).toBe('2027-06-07T13:00:00.000Z');
  });

  it('mails on day 31 on the last day of a shorter month', () => {
    const on31 = { frequency: 'monthly', day_of_month: 31, time: '07:00' } as const;
    // February 2028 (leap year) ends on the 29th; 07:00 MST = 14:00Z (DST begins 2028-03-12). Then 2028-03-31, 07:00 MDT = 13:00Z.
    expect(walk(on31, '2028-02-01T00:00:00Z', EDMONTON, 2)).toEqual(['2028-02-29T14:00:00.000Z', '2028-03-31T13:00:00.000Z']);
    // February 2027 ends on the 28th.
    expect(run(on31, '2027-02-01T00:00:00Z', EDMONTON)).toBe('2027-02-28T14:00:00.000Z');
    // April has 30 days (MDT, 13:00Z); then May has its 31st.
    expect(walk(on31, '2027-04-01T00:00:00Z', EDMONTON, 2)).toEqual(['2027-04-30T13:00:00.000Z', '2027-05-31T13:00:00.000Z']);
    // Past the 30th of April's run, it is not mailed again on May 1st.
    expect(run(on31, '2027-04-30T13:00:00.000Z', EDMONTON)).toBe('2027-05-31T13:00:00.000Z');
  });

  it('mails on day 1 (and on day 1 when the schedule names no day)', () => {
    const on1 = { frequency: 'monthly', day_of_month: 1, time: '07:00' } as const;
    // 2027-02-01 and 2027-03-01 are before DST (14:00Z); 2027-04-01 after (13:00Z).
    expect(walk(on1, '2027-01-15T00:00:00Z', EDMONTON, 3)).toEqual(['2027-02-01T14:00:00.000Z', '2027-03-01T14:00:00.000Z', '2027-04-01T13:00:00.000Z']);
    // 2027-03-31T23:00Z is 17:00 MDT on the 31st: the next is the 1st of April.
    expect(run(on1, '2027-03-31T23:00:00Z', EDMONTON)).toBe('2027-04-01T13:00:00.000Z');
    expect(run({ frequency: 'monthly', day_of_month: null }, '2027-01-15T00:00:00Z', EDMONTON)).toBe('2027-02-01T14:00:00.000Z');
    // Across a year's end: 2028-01-01 07:00 MST.
    expect(run(on1, '2027-12-01T14:00:00.000Z', EDMONTON)).toBe('2028-01-01T14:00:00.000Z');
  });

  it('is never mailed when its frequency is none', () => {
    expect(nextRun({ frequency: 'none', time: '07:00' }, new Date('2027-06-01T00:00:00Z'), EDMONTON)).toBeNull();
    expect(nextRun({ frequency: 'none', weekday: '5', day_of_month: 1 }, new Date('2027-06-01T00:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('daily runs near local midnight east of UTC', () => {
  it('in Asia/Kolkata (+05:30, no DST), where the local day begins at 18:30Z the UTC day before', () => {
    const zone = 'Asia/Kolkata';
    // 2027-06-01T18:00Z is 23:30 IST on the 1st. 23:45 IST on the 1st is 18:15Z.
    expect(run({ frequency: 'daily', time: '23:45' }, '2027-06-01T18:00:00Z', zone)).toBe('2027-06-01T18:15:00.000Z');
    // 00:15 IST on the 2nd is 2027-06-01T18:45Z: still the 1st in UTC.
    expect(run({ frequency: 'daily', time: '00:15' }, '2027-06-01T18:00:00Z', zone)).toBe('2027-06-01T18:45:00.000Z');
    // 2027-06-01T18:40Z is 00:10 IST on the 2nd: that day's 00:15 is five minutes off; after it, the 3rd's.
    expect(run({ frequency: 'daily', time: '00:15' }, '2027-06-01T18:40:00Z', zone)).toBe('2027-06-01T18:45:00.000Z');
    expect(run({ frequency: 'daily', time: '00:15' }, '2027-06-01T18:45:00.000Z', zone)).toBe('2027-06-02T18:45:00.000Z');
    // 2027-06-01T18:30Z is midnight IST: a run at 00:00 there is that moment, so the next is a day later.
    expect(run({ frequency: 'daily', time: '00:00' }, '2027-06-01T18:30:00Z', zone)).toBe('2027-06-02T18:30:00.000Z');
  });

  it('in Pacific/Auckland (+13:00 NZDT in January, +12:00 NZST in June), a local day ahead of UTC', () => {
    const zone = 'Pacific/Auckland';
    // January, NZDT (+13): 23:30 on the 15th is 10:30Z on the 15th; 00:30 on the 16th is 11:30Z on the 15th.
    expect(run({ frequency: 'daily', time: '23:30' }, '2027-01-15T10:00:00Z', zone)).toBe('2027-01-15T10:30:00.000Z');
    expect(run({ frequency: 'daily', time: '00:30' }, '2027-01-15T10:00:00Z', zone)).toBe('2027-01-15T11:30:00.000Z');
    // June, NZST (+12): 2027-06-09T12:00Z is midnight starting the 10th; 00:30 then is 12:30Z on the 9th.
    expect(walk({ frequency: 'daily', time: '00:30' }, '2027-06-09T12:00:00Z', zone, 2)).toEqual(['2027-06-09T12:30:00.000Z', '2027-06-10T12:30:00.000Z']);
    // 2027-06-09T23:00Z is 11:00 on the 10th (weekly Friday 00:30: 2027-06-11 is a Friday, its 00:30 NZST is 12:30Z on the 10th).
    expect(run({ frequency: 'weekly', weekday: '5', time: '00:30' }, '2027-06-09T23:00:00Z', zone)).toBe('2027-06-10T12:30:00.000Z');
  });

  it('in Pacific/Auckland across its spring-forward change (2027-09-26, 02:00 NZST -> 03:00 NZDT)', () => {
    // 2027-09-01 is a Wednesday (2027-03-01 Monday + 184 days, 184 = 26*7 + 2), so the last Sunday of September is the 26th.
    // 02:30 NZST (+12) on the 25th = 14:30Z on the 24th; skipped 02:30 on the 26th read at +12 = 14:30Z on the 25th (03:30 NZDT);
    // 02:30 NZDT (+13) on the 27th = 13:30Z on the 26th.
    const runs = walk({ frequency: 'daily', time: '02:30' }, '2027-09-24T00:00:00Z', 'Pacific/Auckland', 3);
    expect(runs).toEqual(['2027-09-24T14:30:00.000Z', '2027-09-25T14:30:00.000Z', '2027-09-26T13:30:00.000Z']);
    expect(runs.map((r) => localDateIn(r, 'Pacific/Auckland'))).toEqual(['2027-09-25', '2027-09-26', '2027-09-27']);
  });
});

describe('the days a period covers', () => {
  it('from a mid-quarter Wednesday, 2027-05-12', () => {
    // 2027-05-01 is a Saturday (2027-03-01 Monday + 61 days, 61 = 8*7 + 5), so the 12th is a Wednesday and its week runs Mon 10th - Sun 16th.
    const today = '2027-05-12';
    const expected: Record<Period, [string, string]> = {
      today: ['2027-05-12', '2027-05-12'],
      yesterday: ['2027-05-11', '2027-05-11'],
      this_week: ['2027-05-10', '2027-05-16'],
      last_week: ['2027-05-03', '2027-05-09'],
      this_month: ['2027-05-01', '2027-05-31'],
      last_month: ['2027-04-01', '2027-04-30'],
      this_quarter: ['2027-04-01', '2027-06-30'],
      last_quarter: ['2027-01-01', '2027-03-31'],
      this_year: ['2027-01-01', '2027-12-31'],
      last_year: ['2026-01-01', '2026-12-31'],
      last_7_days: ['2027-05-06', '2027-05-12'], // 12 - 6
      last_30_days: ['2027-04-13', '2027-05-12'], // 12 - 29: 11 days back to May 1st, 18 more to April 13th
    };
    // Every period there is, each checked.
    expect(Object.keys(expected).sort()).toEqual(PERIODS.map(([p]) => p).sort());
    for (const [period, [first, last]] of Object.entries(expected) as [Period, [string, string]][]) {
      expect(periodDays(period, today), period).toEqual({ first, last });
    }
  });

  it('weeks start on Monday: from a Monday and from a Sunday the week is the same', () => {
    // 2027-05-10 is a Monday, 2027-05-16 the Sunday ending its week.
    for (const today of ['2027-05-10', '2027-05-16']) {
      expect(periodDays('this_week', today), today).toEqual({ first: '2027-05-10', last: '2027-05-16' });
      expect(periodDays('last_week', today), today).toEqual({ first: '2027-05-03', last: '2027-05-09' });
    }
    // On the Monday, yesterday is the Sunday ending last week.
    expect(periodDays('yesterday', '2027-05-10')).toEqual({ first: '2027-05-09', last: '2027-05-09' });
  });

  it('from January 1st, the periods reaching back fall in the year before', () => {
    // 2027-01-01 is a Friday (2027-03-01 Monday - 59 days, 59 = 8*7 + 3): its week runs Mon 2026-12-28 - Sun 2027-01-03.
    const today = '2027-01-01';
    expect(periodDays('yesterday', today)).toEqual({ first: '2026-12-31', last: '2026-12-31' });
    expect(periodDays('this_week', today)).toEqual({ first: '2026-12-28', last: '2027-01-03' });
    expect(periodDays('last_week', today)).toEqual({ first: '2026-12-21', last: '2026-12-27' });
    expect(periodDays('this_month', today)).toEqual({ first: '2027-01-01', last: '2027-01-31' });
    expect(periodDays('last_month', today)).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(periodDays('this_quarter', today)).toEqual({ first: '2027-01-01', last: '2027-03-31' });
    expect(periodDays('last_quarter', today)).toEqual({ first: '2026-10-01', last: '2026-12-31' });
    expect(periodDays('this_year', today)).toEqual({ first: '2027-01-01', last: '2027-12-31' });
    expect(periodDays('last_year', today)).toEqual({ first: '2026-01-01', last: '2026-12-31' });
    expect(periodDays('last_7_days', today)).toEqual({ first: '2026-12-26', last: '2027-01-01' });
    expect(periodDays('last_30_days', today)).toEqual({ first: '2026-12-03', last: '2027-01-01' }); // Dec 31 is -1, Dec 3 is -29
  });

  it('from March 1st of a leap year, last month is February to the 29th', () => {
    // 2028-01-01 is a Saturday (2027 has 365 days: Friday + 1); 2028-03-01 is 60 days on (60 = 8*7 + 4): a Wednesday.
    const today = '2028-03-01';
    expect(periodDays('last_month', today)).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(periodDays('yesterday', today)).toEqual({ first: '2028-02-29', last: '2028-02-29' });
    expect(periodDays('this_week', today)).toEqual({ first: '2028-02-28', last: '2028-03-05' });
    expect(periodDays('this_month', today)).toEqual({ first: '2028-03-01', last: '2028-03-31' });
    expect(periodDays('this_quarter', today)).toEqual({ first: '2028-01-01', last: '2028-03-31' });
    expect(periodDays('last_7_days', today)).toEqual({ first: '2028-02-24', last: '2028-03-01' });
    expect(periodDays('last_30_days', today)).toEqual({ first: '2028-02-01', last: '2028-03-01' }); // Feb 29 is -1, Feb 1 is -29
    // And in a common year, February ends on the 28th; a leap February as this month does too on the 29th.
    expect(periodDays('last_month', '2027-03-01')).toEqual({ first: '2027-02-01', last: '2027-02-28' });
    expect(periodDays('this_month', '2028-02-10')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });

  it('from the last day of a quarter and of a year', () => {
    expect(periodDays('this_quarter', '2027-09-30')).toEqual({ first: '2027-07-01', last: '2027-09-30' });
    expect(periodDays('last_quarter', '2027-09-30')).toEqual({ first: '2027-04-01', last: '2027-06-30' });
    expect(periodDays('this_quarter', '2027-12-31')).toEqual({ first: '2027-10-01', last: '2027-12-31' });
    expect(periodDays('last_month', '2027-12-31')).toEqual({ first: '2027-11-01', last: '2027-11-30' });
  });
});

describe('the bounds a period filters by, at the moment the report runs', () => {
  it('covers a 23-hour day whole: today on 2027-03-14 in America/Edmonton', () => {
    // 2027-03-14T18:00Z is 12:00 MDT on the 14th. Midnight starting the 14th is MST (-07:00): 07:00Z;
    // midnight starting the 15th is MDT (-06:00): 06:00Z. 23 hours apart.
    const b = periodBounds('today', new Date('2027-03-14T18:00:00Z'), EDMONTON, true);
    expect(b).toEqual({ from: '2027-03-14T07:00:00.000Z', to: '2027-03-15T06:00:00.000Z' });
    expect(Date.parse(b.to) - Date.parse(b.from)).toBe(23 * 3_600_000);
  });

  it('covers a 25-hour day whole: today on 2026-11-01 in America/Edmonton', () => {
    // Midnight starting the 1st is MDT (-06:00): 06:00Z; midnight starting the 2nd is MST (-07:00): 07:00Z.
    const b = periodBounds('today', new Date('2026-11-01T18:00:00Z'), EDMONTON, true);
    expect(b).toEqual({ from: '2026-11-01T06:00:00.000Z', to: '2026-11-02T07:00:00.000Z' });
    expect(Date.parse(b.to) - Date.parse(b.from)).toBe(25 * 3_600_000);
  });

  it('reckons the day in the zone, not in UTC', () => {
    // 2027-03-15T05:00Z is 23:00 MDT on the 14th: still the 14th there.
    expect(periodBounds('today', new Date('2027-03-15T05:00:00Z'), EDMONTON, false)).toEqual({ from: '2027-03-14', to: '2027-03-14' });
    expect(periodBounds('today', new Date('2027-03-15T05:00:00Z'), EDMONTON, true)).toEqual({ from: '2027-03-14T07:00:00.000Z', to: '2027-03-15T06:00:00.000Z' });
    // 2027-04-01T05:30Z is 23:30 MDT on March 31st: last month is February, this month March.
    expect(periodBounds('last_month', new Date('2027-04-01T05:30:00Z'), EDMONTON, false)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    // March spans the change: from 00:00 MST on the 1st (07:00Z) to 00:00 MDT on April 1st (06:00Z).
    expect(periodBounds('this_month', new Date('2027-04-01T05:30:00Z'), EDMONTON, true)).toEqual({ from: '2027-03-01T07:00:00.000Z', to: '2027-04-01T06:00:00.000Z' });
    // East of UTC: 2027-06-30T19:00Z is 00:30 IST on July 1st, so yesterday is June 30th, from 2027-06-29T18:30Z to 2027-06-30T18:30Z.
    expect(periodBounds('yesterday', new Date('2027-06-30T19:00:00Z'), 'Asia/Kolkata', false)).toEqual({ from: '2027-06-30', to: '2027-06-30' });
    expect(periodBounds('yesterday', new Date('2027-06-30T19:00:00Z'), 'Asia/Kolkata', true)).toEqual({ from: '2027-06-29T18:30:00.000Z', to: '2027-06-30T18:30:00.000Z' });
    // 2026-12-31T12:00Z is 01:00 NZDT (+13) on 2027-01-01 in Auckland: last year is 2026, to midnight NZDT starting 2027 (2026-12-31T11:00Z).
    expect(periodBounds('last_year', new Date('2026-12-31T12:00:00Z'), 'Pacific/Auckland', false)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodBounds('last_year', new Date('2026-12-31T12:00:00Z'), 'Pacific/Auckland', true)).toEqual({ from: '2025-12-31T11:00:00.000Z', to: '2026-12-31T11:00:00.000Z' });
  });
});
