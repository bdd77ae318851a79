/**
 * A loading place's slots from its week pattern (docs/scheduler.md, Times): at their local times
 * every day, by the zone's rules across both daylight-saving changes of America/Edmonton in 2027
 * (clocks forward on Sunday 14 March at 02:00, back on Sunday 7 November at 02:00).
 */
import { describe, expect, it } from 'vitest';
import { hoursInLocalDay, patternSlotErrors, slotsFromPattern } from '../../src/lib/slot-times';

const EDMONTON = 'America/Edmonton';
const sunday = (start: string, minutes = 60) => ({ weekday: 7, start, minutes, capacity: 2 });

describe('a week pattern made into slots', () => {
  it('makes each weekday its slots at their local times, in time order, over the range', () => {
    const weekdays = [1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, start: '13:00', minutes: 120, capacity: 3 }, { weekday, start: '07:00', minutes: 60, capacity: 2 }]);
    const plan = slotsFromPattern(weekdays, '2027-06-07', '2027-06-20', EDMONTON);
    expect(plan.skipped).toEqual([]);
    expect(plan.slots).toHaveLength(20);
    // Monday 7 June, Mountain Daylight Time (UTC-6).
    expect(plan.slots.slice(0, 2)).toEqual([
      { date: '2027-06-07', start: '07:00', starts_at: '2027-06-07T13:00:00.000Z', ends_at: '2027-06-07T14:00:00.000Z', capacity: 2 },
      { date: '2027-06-07', start: '13:00', starts_at: '2027-06-07T19:00:00.000Z', ends_at: '2027-06-07T21:00:00.000Z', capacity: 3 },
    ]);
    expect(new Set(plan.slots.map((s) => s.date)).size).toBe(10);
    expect(plan.slots.some((s) => ['2027-06-12', '2027-06-13', '2027-06-19', '2027-06-20'].includes(s.date))).toBe(false);
  });

  it('keeps local times across the spring change; a time the clocks skip makes no slot and is named', () => {
    const plan = slotsFromPattern([sunday('01:30'), sunday('02:30'), sunday('03:30')], '2027-03-14', '2027-03-14', EDMONTON);
    expect(hoursInLocalDay('2027-03-14', EDMONTON)).toBe(23);
    expect(plan.slots.map((s) => [s.start, s.starts_at])).toEqual([['01:30', '2027-03-14T08:30:00.000Z'], ['03:30', '2027-03-14T09:30:00.000Z']]);
    expect(plan.skipped).toEqual([{ date: '2027-03-14', start: '02:30', reason: expect.stringContaining('skip') }]);
    // The hour before the change lasts an hour of elapsed time: it ends at 03:00 MDT, not 02:30.
    expect(plan.slots[0].ends_at).toBe('2027-03-14T09:30:00.000Z');
  });

  it('keeps local times across the autumn change; a time that happens twice is its first', () => {
    const plan = slotsFromPattern([sunday('00:30'), sunday('01:30'), sunday('02:30')], '2027-11-07', '2027-11-07', EDMONTON);
    expect(hoursInLocalDay('2027-11-07', EDMONTON)).toBe(25);
    expect(plan.skipped).toEqual([]);
    expect(plan.slots.map((s) => [s.start, s.starts_at, s.ends_at])).toEqual([
      ['00:30', '2027-11-07T06:30:00.000Z', '2027-11-07T07:30:00.000Z'],
      // 01:30 MDT (UTC-6), the first of the two; an hour later the clocks read 01:30 again (MST).
      ['01:30', '2027-11-07T07:30:00.000Z', '2027-11-07T08:30:00.000Z'],
      ['02:30', '2027-11-07T09:30:00.000Z', '2027-11-07T10:30:00.000Z'],
    ]);
  });

  it('counts 24 hours on the other days, and reads another zone by its own rules', () => {
    expect(hoursInLocalDay('2027-03-13', EDMONTON)).toBe(24);
    expect(hoursInLocalDay('2027-03-14', 'America/Regina')).toBe(24);
    expect(slotsFromPattern([sunday('07:00')], '2027-03-14', '2027-03-14', 'America/Regina').slots[0].starts_at).toBe('2027-03-14T13:00:00.000Z');
  });

  it('refuses a range of no real days, a backwards one, one over a year, and a pattern slot out of bounds', () => {
    expect(() => slotsFromPattern([], '2027-02-30', '2027-03-01', EDMONTON)).toThrow('real days');
    expect(() => slotsFromPattern([], '2027-03-02', '2027-03-01', EDMONTON)).toThrow('ends before it starts');
    expect(() => slotsFromPattern([], '2027-01-01', '2028-01-02', EDMONTON)).toThrow('more than 366 days');
    expect(() => slotsFromPattern([{ weekday: 8, start: '24:00', minutes: 2, capacity: 0 }], '2027-03-01', '2027-03-01', EDMONTON)).toThrow('not valid');
    expect(Object.keys(patternSlotErrors({ weekday: 0, start: '7:00', minutes: 1441, capacity: 1.5 }))).toEqual(['weekday', 'start', 'minutes', 'capacity']);
    expect(patternSlotErrors({ weekday: 7, start: '23:59', minutes: 1440, capacity: 200 })).toEqual({});
    // A volume is positive, at most 100,000 m³, with at most 3 decimals; a product list holds ids.
    for (const volume of [0, -1, 100_001, 1.0005]) expect(Object.keys(patternSlotErrors({ weekday: 1, start: '07:00', minutes: 60, capacity: 1, volume })), String(volume)).toEqual(['volume']);
    expect(patternSlotErrors({ weekday: 1, start: '07:00', minutes: 60, capacity: 1, volume: 90.125, products: [3] })).toEqual({});
    expect(Object.keys(patternSlotErrors({ weekday: 1, start: '07:00', minutes: 60, capacity: 1, products: [0] }))).toEqual(['products']);
    const [withVolume] = slotsFromPattern([{ weekday: 1, start: '07:00', minutes: 60, capacity: 2, volume: 60, products: [3] }], '2027-03-01', '2027-03-01', EDMONTON).slots;
    expect(withVolume).toMatchObject({ volume: 60, products: [3] });
  });
});
