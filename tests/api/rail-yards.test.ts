/**
 * Rail yards (docs/yard.md) through the real server: tracks and cars with measured occupancy, plan
 * edits against switching moves (over length refused, a car never passes another), check-only
 * removal, switch lists worked step by step until the actual layout is the plan, the history
 * paged, versions that stop a silent overwrite, who may do what, and another company's yard not
 * found. Every refusal writes nothing.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { getBinary, pdfText } from './terminal-tickets-fixtures';

const r = railSuite();
const { call, refused, t } = r;

interface Layout {
  yard: { id: number; layout_version: number; length_unit: string };
  tracks: { id: number; name: string; length: string; actual: number[]; planned: number[]; actual_used: string; planned_used: string }[];
  cars: { id: number; mark_number: string; length: string; actual: { track: number | null; position: number | null }; planned: { track: number | null } }[];
}

let facility = 0;
let seq = 0;

/** A new yard with tracks of these lengths (ft) and a lead; answers its layout and its tracks' ids by name. */
async function yard(lengths: Record<string, number>, lead: string | null = '300') {
  const y = ok(await call('POST', 'yard_management/rail_yard/', { facility, name: `Test yard ${++seq}`, length_unit: 'ft', lead_length: lead }), 201);
  const tracks: Record<string, number> = {};
  let position = 0;
  for (const [name, length] of Object.entries(lengths)) {
    tracks[name] = Number(ok(await call('POST', 'yard_management/rail_yard_track/', { yard: y.id, name, length: String(length), position: position++ }), 201).id);
  }
  return { id: Number(y.id), tracks, layout: async () => ok(await call('GET', `yard_management/rail_yard/${y.id}/layout/`)) as unknown as Layout };
}

type Yard = Awaited<ReturnType<typeof yard>>;

const marksOn = (l: Layout, track: number, scenario: 'actual' | 'planned' = 'actual') =>
  l.tracks.find((x) => x.id === track)![scenario].map((id) => l.cars.find((c) => c.id === id)!.mark_number);

async function arrive(y: Yard, track: string, cars: string[]) {
  const l = await y.layout();
  return ok(await call('POST', `yard_management/rail_yard/${y.id}/add_cars/`, { car_marks: cars, scenario: 'actual', track: y.tracks[track], layout_version: l.yard.layout_version })) as unknown as Layout;
}

beforeAll(async () => {
  facility = await r.idOf('facility', 'SCY');
}, 120_000);

describe('tracks and cars (docs/yard.md, The model)', () => {
  it('cars arrive at the switch end, measured by their type; the yard and its tracks say their occupancy', async () => {
    const y = await yard({ A: 300, B: 100 });
    await arrive(y, 'A', ['tilx 001', 'TILX 2']);
    const l = await arrive(y, 'A', ['UTLX 3']);
    expect(marksOn(l, y.tracks.A)).toEqual(['UTLX 3', 'TILX 1', 'TILX 2']);
    expect(l.tracks.find((x) => x.id === y.tracks.A)!.actual_used).toBe('180.00');
    expect(l.yard.layout_version).toBe(2);
    const row = ok(await call('GET', `yard_management/rail_yard/${y.id}/`));
    expect(row).toMatchObject({ track_count: 2, car_count: 3, capacity: '400.00', occupied: '180.00' });
    const track = ok(await call('GET', `yard_management/rail_yard_track/${y.tracks.A}/`));
    expect(track).toMatchObject({ car_count: 3, used: '180.00' });
    const history = ok(await call('GET', `yard_management/rail_yard/${y.id}/move_history/?page=1&rowsPerPage=1`));
    expect(history).toMatchObject({ count: 2, page: 1, rowsPerPage: 1, results: [{ kind: 'arrived', cars: ['UTLX 3'], to_name: 'A', moved_by: 'Sam Siteadmin' }] });
  });

  it("a fleet car's own length counts; a yard's unit stays once it has tracks; a track keeps room for its cars and is not deleted under them", async () => {
    const y = await yard({ A: 400 });
    const fleet = ok(await call('POST', 'car/', { mark: 'YRDX', number: 77, car_type: 'C', length: '65.75' }), 201);
    const l = await arrive(y, 'A', ['YRDX 77', 'YRDX 78']);
    expect(l.cars.map((c) => [c.mark_number, c.length])).toEqual([['YRDX 77', '65.75'], ['YRDX 78', '60.00']]);
    expect(l.cars[0]).toMatchObject({ car: fleet.id });
    const unit = await refused('PATCH', `yard_management/rail_yard/${y.id}/`, { length_unit: 'm' });
    expect(unit.status).toBe(400);
    expect(unit.body.length_unit[0]).toContain('has tracks');
    const shrink = await refused('PATCH', `yard_management/rail_yard_track/${y.tracks.A}/`, { length: '100' });
    expect(shrink.body).toEqual({ length: ['Its cars take 125.75 ft: move some off first.'] });
    const gone = await refused('DELETE', `yard_management/rail_yard_track/${y.tracks.A}/`);
    expect(gone.status).toBe(409);
    expect(gone.changed).toEqual([]);
  });
});

describe('cars at the facility (docs/yard.md, The calls)', () => {
  it("the terminal's open car loads stand on no track until added; added, a car takes its load's product and is loaded", async () => {
    const [terminalYard] = await r.rows<{ id: number }>(sql`select id from rail_yard where name = 'Terminal yard'`);
    const waiting = ok(await call('GET', `yard_management/rail_yard/${terminalYard.id}/unassigned_cars/`, undefined, t.dispatcher)) as unknown as { mark_number: string; source: string; loaded: boolean; product_name: string | null }[];
    expect(waiting.length).toBeGreaterThan(0);
    const first = waiting.find((c) => c.source === 'load')!;
    expect(first).toMatchObject({ loaded: true, product_name: expect.any(String) });
    const l = ok(await call('GET', `yard_management/rail_yard/${terminalYard.id}/layout/`)) as unknown as Layout;
    const storage = l.tracks.find((x) => x.name === 'Storage B')!;
    const after = ok(await call('POST', `yard_management/rail_yard/${terminalYard.id}/add_cars/`, { car_marks: [first.mark_number], scenario: 'actual', track: storage.id, layout_version: l.yard.layout_version }, t.dispatcher)) as unknown as Layout & { cars: { mark_number: string; loaded: boolean; product_name: string | null }[] };
    expect(after.cars.find((c) => c.mark_number === first.mark_number)).toMatchObject({ loaded: true, product_name: first.product_name });
    const still = ok(await call('GET', `yard_management/rail_yard/${terminalYard.id}/unassigned_cars/`)) as unknown as { mark_number: string }[];
    expect(still.map((c) => c.mark_number)).not.toContain(first.mark_number);
  });
});

describe('move rules (docs/yard.md, Move rules)', () => {
  it('over length is refused with the room there is, and nothing changes', async () => {
    const y = await yard({ A: 300, B: 100 });
    const l = await arrive(y, 'A', ['TILX 11', 'TILX 12']);
    const over = await refused('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['TILX 11', 'TILX 12'], to_track: y.tracks.B, layout_version: l.yard.layout_version });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ to_track: ['B has 100.00 ft free; the cut is 120.00 ft.'] });
    expect(over.changed).toEqual([]);
    const plan = await refused('POST', `yard_management/rail_yard/${y.id}/move_cars/`, { cars: ['TILX 11', 'TILX 12'], to_track: y.tracks.B, layout_version: l.yard.layout_version });
    expect(plan.body).toEqual({ to_track: ['B has 100.00 ft free; the cut is 120.00 ft.'] });
  });

  it('a car behind another cannot leave first; the cut from the switch end keeps its order', async () => {
    const y = await yard({ A: 300, B: 300 });
    const l = await arrive(y, 'A', ['TILX 21', 'TILX 22', 'TILX 23']);
    const behind = await refused('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['TILX 22'], to_track: y.tracks.B, layout_version: l.yard.layout_version });
    expect(behind.body).toEqual({ cars: ['TILX 21 is in front of TILX 22: a car cannot pass through another, move it first.'] });
    expect(behind.changed).toEqual([]);
    const moved = ok(await call('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['TILX 22', 'TILX 21'], to_track: y.tracks.B, layout_version: l.yard.layout_version })) as unknown as Layout;
    expect(marksOn(moved, y.tracks.B)).toEqual(['TILX 21', 'TILX 22']);
    expect(marksOn(moved, y.tracks.A)).toEqual(['TILX 23']);
  });

  it('the lead bounds a cut', async () => {
    const y = await yard({ A: 600, B: 600 }, '130');
    const l = await arrive(y, 'A', ['TILX 31', 'TILX 32', 'TILX 33']);
    const long = await refused('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['TILX 31', 'TILX 32', 'TILX 33'], to_track: y.tracks.B, layout_version: l.yard.layout_version });
    expect(long.body).toEqual({ to_track: ['The cut is 180.00 ft: the lead holds 130.00 ft.'] });
  });

  it('a plan edit places cars anywhere and leaves the actual layout as it is; reset makes the plan the layout again', async () => {
    const y = await yard({ A: 300, B: 300 });
    const l = await arrive(y, 'A', ['TILX 41', 'TILX 42']);
    const planned = ok(await call('POST', `yard_management/rail_yard/${y.id}/move_cars/`, { cars: ['TILX 42'], to_track: y.tracks.B, scenario: 'planned', layout_version: l.yard.layout_version })) as unknown as Layout;
    expect(marksOn(planned, y.tracks.B, 'planned')).toEqual(['TILX 42']);
    expect(marksOn(planned, y.tracks.A, 'actual')).toEqual(['TILX 41', 'TILX 42']);
    const reset = ok(await call('POST', `yard_management/rail_yard/${y.id}/reset_layout/`, { scenario_id: 'planned', layout_version: planned.yard.layout_version })) as unknown as Layout;
    expect(marksOn(reset, y.tracks.A, 'planned')).toEqual(['TILX 41', 'TILX 42']);
  });

  it('a change made against an old version is refused with 409: two planners never overwrite each other silently', async () => {
    const y = await yard({ A: 300, B: 300 });
    const l = await arrive(y, 'A', ['TILX 51', 'TILX 52']);
    const plan = (track: number) => ({ tracks: [{ track, cars: ['TILX 51', 'TILX 52'] }], layout_version: l.yard.layout_version });
    const [one, two] = await Promise.all([
      call('PUT', `yard_management/rail_yard/${y.id}/planned_scenario/`, plan(y.tracks.B)),
      call('PUT', `yard_management/rail_yard/${y.id}/planned_scenario/`, plan(y.tracks.A)),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect((one.status === 409 ? one : two).body.detail).toMatch(/changed by someone else \(you have version 1, it is now version 2\)/);
    const cache = ok(await call('GET', `cache/yard_management/rail_yard_cache/?yard_id=${y.id}`));
    expect(cache).toMatchObject({ yard_id: y.id, layout_version: 2, layout_changed_by: 'Sam Siteadmin' });
  });

  it('check-only removal says what it would break and changes nothing; removal takes the car out of both scenarios', async () => {
    const y = await yard({ A: 300, B: 300 });
    const l = await arrive(y, 'A', ['TILX 61', 'TILX 62']);
    const check = await r.refused('POST', `yard_management/rail_yard/${y.id}/remove/?checkOnly=true`, { car_marks: ['TILX 62'] });
    expect(check.status).toBe(200);
    expect(check.changed).toEqual([]);
    expect(check.body).toEqual({ checked: true, removed: 0, layout_version: l.yard.layout_version, cars: [{ mark_number: 'TILX 62', in_front: ['TILX 61'], planned: 'A', switch_lists: [] }] });
    const blocked = await refused('POST', `yard_management/rail_yard/${y.id}/remove/`, { car_marks: ['TILX 62'], layout_version: l.yard.layout_version });
    expect(blocked.body).toEqual({ car_marks: ['TILX 61 is in front of TILX 62: a car cannot pass through another, move it first.'] });
    const gone = ok(await call('POST', `yard_management/rail_yard/${y.id}/remove/`, { car_marks: ['TILX 61', 'TILX 62'], layout_version: l.yard.layout_version }));
    expect(gone).toMatchObject({ checked: false, removed: 2 });
    expect((await y.layout()).cars).toEqual([]);
  });

  it('bad input is refused per field, and nothing is written', async () => {
    const y = await yard({ A: 300 });
    const other = await yard({ Z: 300 });
    const l = await arrive(y, 'A', ['TILX 71']);
    const v = l.yard.layout_version;
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['add_cars', { car_marks: ['NOT A CAR'], track: y.tracks.A, layout_version: v }, { car_marks: [expect.stringContaining('is not a car')] }],
      ['add_cars', { car_marks: ['TILX 72', 'tilx 72'], track: y.tracks.A, layout_version: v }, { car_marks: ['TILX 72 is named twice.'] }],
      ['add_cars', { car_marks: ['TILX 71'], scenario: 'actual', track: y.tracks.A, layout_version: v }, { car_marks: [expect.stringContaining('already on a track')] }],
      ['add_cars', { car_marks: ['TILX 79'], scenario: 'actual', track: y.tracks.A, position: 1, layout_version: v }, { position: [expect.stringContaining('switch end')] }],
      ['execute_move', { cars: ['TILX 71'], to_track: other.tracks.Z, layout_version: v }, { to_track: ['Not a track of this yard.'] }],
      ['execute_move', { cars: ['TILX 99'], to_track: y.tracks.A, layout_version: v }, { cars: ['TILX 99 is not in this yard: add it first.'] }],
      ['execute_move', { cars: ['TILX 71'], to_track: y.tracks.A, layout_version: v, step: 1 }, { switch_list: ['Give the switch list and its step together.'] }],
      ['move_cars', { cars: ['TILX 71'], to_track: y.tracks.A, scenario: 'sideways', layout_version: v }, { scenario: [expect.any(String)] }],
      ['move_cars', { cars: ['TILX 71'], to_track: y.tracks.A }, { layout_version: [expect.any(String)] }],
      ['remove_car', { car_mark: 'TILX 99', scenario: 'actual', layout_version: v }, { car_mark: ['TILX 99 is on no track of the actual layout.'] }],
    ];
    for (const [action, body, errors] of cases) {
      const res = await refused('POST', `yard_management/rail_yard/${y.id}/${action}/`, body);
      expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual(errors);
      expect(res.changed).toEqual([]);
    }
    const plan = await refused('PUT', `yard_management/rail_yard/${y.id}/planned_scenario/`, { tracks: [{ track: y.tracks.A, cars: ['TILX 71', 'TILX 71'] }], layout_version: v });
    expect(plan.body).toEqual({ tracks: ['TILX 71 is named twice.'] });
    const stale = await refused('POST', `yard_management/rail_yard/${y.id}/remove_car/`, { car_mark: 'TILX 71', scenario: 'planned', layout_version: v - 1 });
    expect(stale.status).toBe(409);
  });

  it('any sequence of moves keeps every car on exactly one track and no track over its length', async () => {
    const y = await yard({ A: 400, B: 250, C: 130 }, null);
    const cars = ['PROP 1', 'PROP 2', 'PROP 3', 'PROP 4', 'PROP 5', 'PROP 6'];
    await arrive(y, 'A', cars.slice(0, 4));
    await arrive(y, 'B', cars.slice(4));
    const names = Object.keys(y.tracks);
    const steps = fc.sample(fc.record({ from: fc.constantFrom(...names), to: fc.constantFrom(...names), count: fc.integer({ min: 1, max: 4 }) }), { numRuns: 30, seed: 11 });
    let moved = 0;
    for (const s of steps) {
      const l = await y.layout();
      const cut = marksOn(l, y.tracks[s.from]).slice(0, s.count);
      const res = await call('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: cut.length ? cut : ['PROP 1'], to_track: y.tracks[s.to], layout_version: l.yard.layout_version });
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) moved++;
      const after = await y.layout();
      expect(after.cars.map((c) => c.mark_number).sort()).toEqual([...cars].sort());
      expect(after.cars.every((c) => c.actual.track !== null)).toBe(true);
      for (const track of after.tracks) expect(Number(track.actual_used)).toBeLessThanOrEqual(Number(track.length));
      expect(after.tracks.flatMap((x) => x.actual).length).toBe(cars.length);
    }
    expect(moved).toBeGreaterThan(5);
  });
});

describe('switch lists (docs/yard.md, The switch list)', () => {
  it('the plan saved, its switch list made and worked step by step in order: the actual layout is then the plan', async () => {
    const y = await yard({ A: 300, B: 300, C: 300 });
    let l = await arrive(y, 'A', ['SWTX 1', 'SWTX 2', 'SWTX 3']);
    l = ok(await call('PUT', `yard_management/rail_yard/${y.id}/planned_scenario/`, {
      tracks: [{ track: y.tracks.A, cars: ['SWTX 2'] }, { track: y.tracks.B, cars: ['SWTX 3', 'SWTX 1'] }], layout_version: l.yard.layout_version,
    }, t.dispatcher)) as unknown as Layout;
    const preview = ok(await call('GET', `yard_management/rail_yard/${y.id}/switch_list/`, undefined, t.dispatcher));
    expect(preview.problem).toBeNull();
    const moves = preview.moves as { step: number; cars: string[]; from_name: string; to_name: string }[];
    expect(moves.length).toBeGreaterThanOrEqual(preview.lower_bound as number);
    const list = ok(await call('POST', 'rail_car_switch_list/make/', { yard: y.id, layout_version: l.yard.layout_version, notes: 'Before the 14:00 pull' }, t.dispatcher), 201);
    expect(list).toMatchObject({ status: 'open', step_count: moves.length, done_count: 0, yard: y.id });
    if (moves.length > 1) {
      const early = await refused('POST', `rail_car_switch_list/${list.id}/mark_done/`, { step: 2 }, t.operator);
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe('Step 1 comes first: the moves are worked in order.');
    }
    // The crew works it from a phone, while the planner goes on editing: their steps do not need his version.
    for (const m of moves) ok(await call('POST', `rail_car_switch_list/${list.id}/mark_done/`, { step: m.step }, t.operator));
    const done = await y.layout();
    for (const track of done.tracks) expect(marksOn(done, track.id)).toEqual(marksOn(done, track.id, 'planned'));
    expect(ok(await call('GET', `rail_car_switch_list/${list.id}/`))).toMatchObject({ status: 'done', done_count: moves.length });
    const history = ok(await call('GET', `yard_management/rail_yard/${y.id}/move_history/?rowsPerPage=50`));
    expect((history.results as { switch_list: number | null }[]).filter((h) => h.switch_list === list.id)).toHaveLength(moves.length);
    const again = await refused('POST', `rail_car_switch_list/${list.id}/mark_done/`, { step: 1 }, t.operator);
    expect(again.status).toBe(409);
  });

  it('a plan that holds other cars says which; a yard already as planned has nothing to switch', async () => {
    const y = await yard({ A: 300, B: 300 });
    let l = await arrive(y, 'A', ['SWTX 11']);
    l = ok(await call('POST', `yard_management/rail_yard/${y.id}/add_cars/`, { car_marks: ['SWTX 12'], scenario: 'planned', track: y.tracks.B, layout_version: l.yard.layout_version })) as unknown as Layout;
    const preview = ok(await call('GET', `yard_management/rail_yard/${y.id}/switch_list/`));
    expect(preview.problem).toContain('in the plan but not in the yard: SWTX 12');
    const none = await refused('POST', 'rail_car_switch_list/make/', { yard: y.id, layout_version: l.yard.layout_version });
    expect(none.status).toBe(400);
    l = ok(await call('POST', `yard_management/rail_yard/${y.id}/remove_car/`, { car_mark: 'SWTX 12', scenario: 'planned', layout_version: l.yard.layout_version })) as unknown as Layout;
    const nothing = await refused('POST', 'rail_car_switch_list/make/', { yard: y.id, layout_version: l.yard.layout_version });
    expect(nothing.body).toEqual({ yard: ['The yard already stands as planned: there is nothing to switch.'] });
  });
});

describe('papers (docs/yard.md, Papers)', () => {
  it('the layout of the chosen tracks as YardLayout-{date}.pdf and .xlsx; a switch list printed as the crew works it', async () => {
    const y = await yard({ North: 300, South: 300, Spur: 200 });
    await arrive(y, 'North', ['PAPX 1', 'PAPX 2']);
    let l = await arrive(y, 'Spur', ['PAPX 3']);
    const pdf = await getBinary(r.s, t.dispatcher, `/api/yard_management/rail_yard/${y.id}/get_pdf/?tracks_ids=${y.tracks.North},${y.tracks.Spur}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/YardLayout-\d{4}-\d{2}-\d{2}\.pdf/);
    const text = pdfText(pdf.body);
    expect(text).toContain('YARD LAYOUT');
    expect(text).toMatch(/North · Storage · 120\.00 of 300\.00 ft used · 2 cars/);
    expect(text).toMatch(/1\s+PAPX 1\s+Tank car\s+60\.00\s+Empty/);
    expect(text).not.toContain('South');
    const xlsx = await getBinary(r.s, t.dispatcher, `/api/yard_management/rail_yard/${y.id}/get_excel/`);
    expect(xlsx.headers.get('content-disposition')).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as never);
    const rows = book.getWorksheet('Cars')!.getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1, 6));
    expect(rows).toEqual([['North', 1, 'PAPX 1', 'Tank car', 60], ['North', 2, 'PAPX 2', 'Tank car', 60], ['Spur', 1, 'PAPX 3', 'Tank car', 60]]);
    expect(book.getWorksheet('Tracks')!.getRow(2).values).toEqual([undefined, 'North', 'Storage', 300, 120, 120, 2]);
    const other = await refused('GET', `yard_management/rail_yard/${y.id}/get_pdf/?tracks_ids=999999`);
    expect(other.status).toBe(400);

    l = ok(await call('PUT', `yard_management/rail_yard/${y.id}/planned_scenario/`, {
      tracks: [{ track: y.tracks.South, cars: ['PAPX 3', 'PAPX 1', 'PAPX 2'] }], layout_version: l.yard.layout_version,
    })) as unknown as Layout;
    const list = ok(await call('POST', 'rail_car_switch_list/make/', { yard: y.id, layout_version: l.yard.layout_version, notes: 'Spot South for the unloading crew.' }), 201);
    ok(await call('POST', `rail_car_switch_list/${list.id}/mark_done/`, { step: 1 }, t.operator));
    const printed = await getBinary(r.s, t.operator, `/api/rail_car_switch_list/${list.id}/print/`);
    expect(printed.status).toBe(200);
    const paper = pdfText(printed.body);
    expect(paper).toContain('SWITCH LIST');
    expect(paper).toContain('Spot South for the unloading crew.');
    expect(paper).toMatch(/1\s+North\s+PAPX 1, PAPX 2\s+South\s+2\s+Done, Olivia Operator/);
    expect(paper).toMatch(/2\s+Spur\s+PAPX 3\s+South\s+1/);
    expect(paper).toMatch(/Moves\s+2 \(the fewest moves possible\)/);
  });
});

describe('who may (docs/yard.md, Who may)', () => {
  it('the dispatcher plans, the operator works the moves but does not plan, the driver sees no yard, another company finds none', async () => {
    const y = await yard({ A: 300, B: 300 });
    const l = await arrive(y, 'A', ['WHOX 1']);
    const v = l.yard.layout_version;
    expect((await call('GET', `yard_management/rail_yard/${y.id}/layout/`, undefined, t.operator)).status).toBe(200);
    expect((await refused('POST', `yard_management/rail_yard/${y.id}/move_cars/`, { cars: ['WHOX 1'], to_track: y.tracks.B, layout_version: v }, t.operator)).status).toBe(403);
    expect((await refused('POST', 'yard_management/rail_yard_track/', { yard: y.id, name: 'X', length: '100' }, t.dispatcher)).status).toBe(403);
    expect((await refused('GET', `yard_management/rail_yard/${y.id}/layout/`, undefined, t.driver)).status).toBe(403);
    expect((await refused('GET', `yard_management/rail_yard/${y.id}/layout/`, undefined, t.partner)).status).toBe(404);
    expect((await refused('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['WHOX 1'], to_track: y.tracks.B, layout_version: v }, t.partner)).status).toBe(404);
    expect((await refused('GET', `cache/yard_management/rail_yard_cache/?yard_id=${y.id}`, undefined, t.partner)).status).toBe(400);
    const moved = await call('POST', `yard_management/rail_yard/${y.id}/execute_move/`, { cars: ['WHOX 1'], to_track: y.tracks.B, layout_version: v }, t.operator);
    expect(moved.status).toBe(200);
  });
});
