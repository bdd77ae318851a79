/**
 * The limit arithmetic (docs/terminal.md, Limit arithmetic; Limits at the load): the calendar
 * periods and the next period, and what a period's standing says of a load.
 */
import { describe, expect, it } from 'vitest';
import { nextPeriod, periodContaining } from '../../src/lib/limit-periods';
import { type LimitStanding, judge } from '../../server/actions/terminal/limit-check';

describe('limit periods', () => {
  it('the period holding a day: the day, its ISO week from Monday, its month, quarter and year', () => {
    expect(periodContaining('day', '2026-12-03')).toEqual({ start: '2026-12-03', end: '2026-12-03' });
    expect(periodContaining('week', '2026-12-03')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(periodContaining('week', '2026-12-06')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(periodContaining('week', '2027-01-01')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(periodContaining('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodContaining('quarter', '2026-11-15')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(periodContaining('year', '2026-06-30')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('the next period starts the day after and lasts one period from there', () => {
    expect(nextPeriod('month', '2026-11-30')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(nextPeriod('month', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(nextPeriod('month', '2026-02-14')).toEqual({ start: '2026-02-15', end: '2026-03-14' });
    // From the 31st a month on is the next month's last day.
    expect(nextPeriod('month', '2027-01-30')).toEqual({ start: '2027-01-31', end: '2027-02-27' });
    expect(nextPeriod('week', '2026-12-06')).toEqual({ start: '2026-12-07', end: '2026-12-13' });
    expect(nextPeriod('day', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-01-01' });
    expect(nextPeriod('quarter', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-03-31' });
    expect(nextPeriod('year', '2027-12-31')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
  });
});

describe('a load against a period', () => {
  // The unit's code as keyed (m3); the messages write its symbol (m³).
  const standing = (o: Partial<LimitStanding> = {}): LimitStanding => ({
    name: 'Crude', period_start: '2026-11-01', period_end: '2026-11-30', unit: 'm3',
    limit: '100.000', warning_level: '80.000', deny: true, used: '53.885', in_progress: '0.000', this_load: '10.000', ...o,
  });

  it('passes silently below the warning level, with a warning past it, refused over the limit as it starts', () => {
    expect(judge(standing(), 'start')).toEqual({});
    expect(judge(standing({ this_load: '26.116' }), 'start').warn).toMatch(/^Past the warning level of limit "Crude"/);
    expect(judge(standing({ this_load: '46.115' }), 'start')).toEqual({ warn: expect.stringMatching(/makes 100\.000 m³\.$/) });
    expect(judge(standing({ this_load: '46.116' }), 'start').deny).toBe('The load is refused by limit "Crude" (2026-11-01 to 2026-11-30): 53.885 m³ of 100.000 m³ used, 0.000 under way; this load of 46.116 m³ would make 100.001 m³.');
  });

  it('counts the loads under way; a load of no known quantity is refused only when nothing remains', () => {
    expect(judge(standing({ in_progress: '40.000' }), 'start').deny).toMatch(/40\.000 under way; this load of 10\.000 m³ would make 103\.885 m³/);
    expect(judge(standing({ this_load: null }), 'start')).toEqual({});
    expect(judge(standing({ this_load: null, used: '100.000' }), 'start').deny).toMatch(/nothing remains this period/);
  });

  it('never refuses a load completing or a correction, nor over a limit that does not deny: it warns', () => {
    expect(judge(standing({ this_load: '60' }), 'other')).toEqual({ warn: expect.stringMatching(/^Over limit "Crude"/) });
    expect(judge(standing({ this_load: '60', deny: false }), 'start')).toEqual({ warn: expect.stringMatching(/^Over limit/) });
  });
});
