/**
 * The move rules (docs/yard.md, Move rules): lengths add up exactly in feet and metres, a cut
 * leaves from the switch end and keeps its order, a car never passes another, a track never goes
 * over its length; any sequence of moves keeps every car on exactly one track.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Layout, type YardShape, cutOf, fromMicrons, layoutFaults, moveCut, placeCars, toMicrons } from '../../src/lib/yard-layout';

const shape: YardShape = {
  tracks: { a: { name: 'Track 1', length: toMicrons('200', 'ft') }, b: { name: 'Track 2', length: toMicrons('130.5', 'ft') }, c: { name: 'Track 3', length: toMicrons('400', 'ft') } },
  carLength: (car) => toMicrons(car.startsWith('LONG') ? '89.33' : '60', 'ft'),
  lead: toMicrons('300', 'ft'),
};

describe('lengths', () => {
  it('feet and metres of two decimals add up exactly and read back as written', () => {
    expect(toMicrons('60.25', 'ft')).toBe(18_364_200);
    expect(toMicrons('18.36', 'm')).toBe(18_360_000);
    expect(toMicrons(50, 'ft')).toBe(15_240_000);
    expect(fromMicrons(toMicrons('0.01', 'ft') * 3, 'ft')).toBe('0.03');
    expect(fromMicrons(toMicrons('60.25', 'ft'), 'm')).toBe('18.36');
    const cars = Array.from({ length: 400 }, () => toMicrons('89.33', 'ft'));
    expect(fromMicrons(cars.reduce((a, b) => a + b, 0), 'ft')).toBe('35732.00');
  });
});

describe('moves', () => {
  const layout: Layout = { a: ['TILX 1', 'TILX 2', 'TILX 3'], b: ['LONG 1'], c: [] };

  it('a cut leaves from the switch end and keeps its order in front of the cars already there', () => {
    expect(moveCut(layout, shape, { from: 'a', count: 2, to: 'c' })).toEqual({ layout: { a: ['TILX 3'], b: ['LONG 1'], c: ['TILX 1', 'TILX 2'] } });
  });

  it('over length is refused with the room there is', () => {
    expect(moveCut(layout, shape, { from: 'a', count: 1, to: 'b' })).toEqual({ refused: 'Track 2 has 41.17 ft free; the cut is 60.00 ft.' });
  });

  it('a cut longer than the lead is refused', () => {
    const long: Layout = { a: [], b: [], c: ['TILX 1', 'TILX 2', 'TILX 3', 'TILX 4', 'TILX 5', 'TILX 6'] };
    expect(moveCut(long, shape, { from: 'c', count: 6, to: 'a' })).toEqual({ refused: 'The cut is 360.00 ft: the lead holds 300.00 ft.' });
  });

  it('a car behind another cannot leave first', () => {
    expect(cutOf(layout, ['TILX 2'])).toEqual({ refused: 'TILX 1 is in front of TILX 2: a car cannot pass through another, move it first.' });
    expect(cutOf(layout, ['TILX 3', 'TILX 1'])).toEqual({ refused: 'TILX 2 is in front of TILX 3: a car cannot pass through another, move it first.' });
    expect(cutOf(layout, ['TILX 2', 'TILX 1'])).toEqual({ from: 'a', count: 2 });
    expect(cutOf(layout, ['TILX 1', 'LONG 1'])).toEqual({ refused: 'A cut is taken from one track: the cars chosen are on several.' });
  });

  it('a plan edit puts cars anywhere, refused only over length', () => {
    expect(placeCars(layout, shape, ['TILX 3', 'TILX 1'], 'c', 0)).toEqual({ layout: { a: ['TILX 2'], b: ['LONG 1'], c: ['TILX 3', 'TILX 1'] } });
    expect(placeCars(layout, shape, ['TILX 3'], 'a', 0)).toEqual({ layout: { a: ['TILX 3', 'TILX 1', 'TILX 2'], b: ['LONG 1'], c: [] } });
    expect(placeCars(layout, shape, ['TILX 1', 'TILX 2'], 'b', 1)).toEqual({ refused: 'Track 2 has 41.17 ft free; the cut is 120.00 ft.' });
  });

  it('any sequence of moves keeps every car on exactly one track and no track over its length', () => {
    const cars = ['TILX 1', 'TILX 2', 'TILX 3', 'LONG 1', 'LONG 2', 'UTLX 9'];
    const start: Layout = { a: cars.slice(0, 3), b: ['LONG 1'], c: ['LONG 2', 'UTLX 9'] };
    const step = fc.record({ from: fc.constantFrom('a', 'b', 'c'), to: fc.constantFrom('a', 'b', 'c'), count: fc.integer({ min: 0, max: 7 }) });
    fc.assert(fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
      let l = start;
      for (const m of steps) {
        const r = moveCut(l, shape, m);
        if ('layout' in r) l = r.layout;
        expect(layoutFaults(l, shape)).toEqual([]);
        expect(Object.values(l).flat().sort()).toEqual([...cars].sort());
      }
    }), { numRuns: 300 });
  });

  it('faults name a car twice and a track over', () => {
    expect(layoutFaults({ a: ['X 1'], b: ['X 1', 'X 2', 'X 3'], z: [] }, shape)).toEqual([
      'X 1 is on Track 1 and on Track 2.', 'Track 2 is over its length by 49.50 ft.', 'Track z is not a track of this yard.',
    ]);
  });
});
