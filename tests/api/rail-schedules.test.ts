/**
 * Rail schedules through the real server (docs/rail.md §4.2, §6.2, §7): a contract is made with its
 * schedule; `list/` answers it with its days; `auto_schedule/` computes without writing, or applies
 * the shared rule to a stored schedule; a day stays inside its contract's period, a day with
 * actual cars is neither left out nor deleted, a cancelled contract's days stay as they are; the
 * contract's new period may not leave out a day with actual cars. Who may do what: the dispatcher
 * plans, the operator reads, the driver gets nothing, another company's schedule is not found.
 * Every refused call is checked to have written nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';

const { t, ids, call, refused, rows, idOf } = railSuite();

interface Day { id: number; version: number; date: string; quantity: number; actual: number | null }
interface Schedule { id: number; cars: number; planned_total: number; actual_total: number; remaining: number; entries: Day[] }

/** A November sale of 10 cars, active, with its schedule. */
async function contractWithSchedule(extra: Record<string, unknown> = {}): Promise<{ contract: Record<string, unknown>; schedule: Schedule }> {
  const made = await call('POST', 'contract/', {
    contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, number_of_cars: 10,
    start_date: '2026-11-01', end_date: '2026-11-30', status: 'active', ...extra,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { contract: made.body, schedule: await scheduleOf(made.body.id as number) };
}
async function scheduleOf(contractId: number, token = t.siteadmin): Promise<Schedule> {
  const res = await call('GET', `rail_schedule/list/?contract_id=${contractId}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toHaveLength(1);
  return res.body[0] as Schedule;
}
const days = (x: Schedule) => x.entries.map((d) => [d.date, d.quantity, d.actual]);
const plan = (scheduleId: number, schedule?: unknown, token = t.siteadmin) =>
  call('POST', 'rail_schedule/auto_schedule/', { schedule_id: scheduleId, ...(schedule === undefined ? {} : { schedule }) }, token);

beforeAll(async () => {
  ids.gcr = await idOf('party', 'GCR');
  ids.crude = await idOf('product', 'CRUDE');
  ids.fsk = await idOf('facility', 'FSK');
});

describe('a contract and its schedule (docs/rail.md §4.1, §4.2)', () => {
  it('a new contract has its schedule, named by its number, with no day yet', async () => {
    const { contract, schedule } = await contractWithSchedule();
    expect(schedule).toMatchObject({ name: contract.contract_number, cars: 10, planned_total: 0, actual_total: 0, remaining: 10, entries: [] });
  });

  it('the demo contracts have their schedules, with weekdays planned and the past days done', async () => {
    const [{ n, done }] = await rows<{ n: number; done: number }>(sql`
      select count(*)::int as n, count(*) filter (where exists (select 1 from rail_schedule_entry e where e.schedule_id = s.id and e.actual is not null))::int as done
      from rail_schedule s join contract c on c.id = s.contract_id where c.company_id = ${ids.pbt}`);
    const [{ contracts }] = await rows<{ contracts: number }>(sql`select count(*)::int as contracts from contract where company_id = ${ids.pbt}`);
    expect(n).toBe(contracts);
    expect(done).toBeGreaterThan(0);
  });
});

describe('auto_schedule/ (docs/rail.md §7.2)', () => {
  it('without a schedule computes the spread and writes nothing', async () => {
    const res = await refused('POST', 'rail_schedule/auto_schedule/', {
      cars: 10, schedule: [{ date: '2026-11-03', actual: null }, { date: '2026-11-02', actual: null }, { date: '2026-11-04', actual: null }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ schedule: [{ date: '2026-11-02', quantity: 3, actual: null }, { date: '2026-11-03', quantity: 3, actual: null }, { date: '2026-11-04', quantity: 4, actual: null }] });
  });

  it('says what is missing or wrong, field by field, in the rule\'s words', async () => {
    expect((await refused('POST', 'rail_schedule/auto_schedule/', {})).body).toEqual({ cars: ['This field is required.'], schedule: ['This field is required.'] });
    const bad = await refused('POST', 'rail_schedule/auto_schedule/', { cars: 5, schedule: [{ date: '2026-11-02', actual: null }, { date: '2026-11-02', actual: -1 }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Row 2/);
    expect((await refused('POST', 'rail_schedule/auto_schedule/', { cars: 100_001, schedule: [] })).status).toBe(400);
  });

  it('applies the spread to a stored schedule: the days become exactly those sent, the totals follow', async () => {
    const { schedule } = await contractWithSchedule();
    const res = await plan(schedule.id, [{ date: '2026-11-02', actual: 2 }, { date: '2026-11-03' }, { date: '2026-11-04', actual: null }, { date: '2026-11-05', actual: null }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.schedule.map((d: Day) => d.quantity)).toEqual([2, 2, 3, 3]);
    const after = (await call('GET', `rail_schedule/${schedule.id}/`)).body;
    expect(after).toMatchObject({ cars: 10, planned_total: 10, actual_total: 2, remaining: 8 });
    // Again with fewer days: the day left out goes, the others are spread anew.
    const again = await plan(schedule.id, [{ date: '2026-11-02', actual: 2 }, { date: '2026-11-10', actual: null }]);
    expect(again.body.schedule).toEqual([{ date: '2026-11-02', quantity: 2, actual: 2 }, { date: '2026-11-10', quantity: 8, actual: null }]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from rail_schedule_entry where schedule_id = ${schedule.id}`);
    expect(n).toBe(2);
  });

  it('with only the schedule, spreads the remaining cars over its stored days without an actual', async () => {
    const { contract, schedule } = await contractWithSchedule();
    await plan(schedule.id, [{ date: '2026-11-02', actual: null }, { date: '2026-11-03', actual: null }]);
    const first = (await scheduleOf(contract.id as number)).entries[0];
    // The first day gets its actual by hand (a PATCH of the day), then Auto-schedule spreads the rest.
    const patched = await call('PATCH', `rail_schedule_entry/${first.id}/`, { actual: 1, version: first.version });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const res = await plan(schedule.id);
    expect(res.body.schedule).toEqual([{ date: '2026-11-02', quantity: 1, actual: 1 }, { date: '2026-11-03', quantity: 9, actual: null }]);
  });

  it('refuses, writing nothing: another number of cars, a day outside the contract, leaving out a day with actual cars', async () => {
    const { schedule } = await contractWithSchedule();
    await plan(schedule.id, [{ date: '2026-11-02', actual: 3 }, { date: '2026-11-03', actual: null }]);
    expect((await refused('POST', 'rail_schedule/auto_schedule/', { schedule_id: schedule.id, cars: 12 })).body).toEqual({ cars: ['This schedule\'s contract has 10 cars.'] });
    const outside = await refused('POST', 'rail_schedule/auto_schedule/', { schedule_id: schedule.id, schedule: [{ date: '2026-11-02', actual: 3 }, { date: '2026-12-01', actual: null }] });
    expect(outside.status).toBe(400);
    expect(outside.body.schedule[0]).toMatch(/^Row 2: 2026-12-01 is outside contract .* \(2026-11-01 to 2026-11-30\)\.$/);
    const dropped = await refused('POST', 'rail_schedule/auto_schedule/', { schedule_id: schedule.id, schedule: [{ date: '2026-11-03', actual: null }] });
    expect(dropped.body).toEqual({ schedule: ['2026-11-02 has actual cars and cannot be left out.'] });
  });

  it('with a schedule needs the right to change days: the operator reads, the dispatcher plans, the driver gets nothing', async () => {
    const { contract, schedule } = await contractWithSchedule();
    expect((await scheduleOf(contract.id as number, t.operator)).id).toBe(schedule.id);
    expect((await refused('POST', 'rail_schedule/auto_schedule/', { schedule_id: schedule.id, schedule: [] }, t.operator)).status).toBe(403);
    expect((await plan(schedule.id, [{ date: '2026-11-02', actual: null }, { date: '2026-11-03', actual: null }], t.dispatcher)).status).toBe(200);
    // Planning again with fewer days deletes the day left out.
    expect((await plan(schedule.id, [{ date: '2026-11-03', actual: null }], t.dispatcher)).body.schedule).toEqual([{ date: '2026-11-03', quantity: 10, actual: null }]);
    expect((await refused('DELETE', `rail_schedule/${schedule.id}/`)).body).toEqual({ contract: ['A schedule is made with its contract and goes with it.'] });
    expect((await refused('POST', 'rail_schedule/', { contract: contract.id })).status).toBe(400);
    expect((await refused('GET', `rail_schedule/list/?contract_id=${contract.id}`, undefined, t.driver)).status).toBe(403);
    expect((await refused('POST', 'rail_schedule/auto_schedule/', { cars: 1, schedule: [] }, t.driver)).status).toBe(403);
  });

  it('another company\'s schedule is not found, nor are its days listed', async () => {
    const { contract, schedule } = await contractWithSchedule();
    expect((await refused('POST', 'rail_schedule/auto_schedule/', { schedule_id: schedule.id }, t.partner)).status).toBe(400);
    const listed = await call('GET', `rail_schedule/list/?contract_id=${contract.id}`, undefined, t.partner);
    expect(listed.status).toBe(400);
    expect((await call('GET', `rail_schedule/${schedule.id}/`, undefined, t.partner)).status).toBe(404);
  });
});

describe('a schedule\'s days (docs/rail.md §4.2)', () => {
  it('stay inside the contract\'s period, one per date, and a day with actual cars is not deleted', async () => {
    const { schedule } = await contractWithSchedule();
    const outside = await refused('POST', 'rail_schedule_entry/', { schedule: schedule.id, date: '2026-12-01', quantity: 1 });
    expect(outside.body).toEqual({ date: [expect.stringMatching(/^2026-12-01 is outside contract .* \(2026-11-01 to 2026-11-30\)\.$/)] });
    const day = await call('POST', 'rail_schedule_entry/', { schedule: schedule.id, date: '2026-11-09', quantity: 2, actual: 2 });
    expect(day.status, JSON.stringify(day.body)).toBe(201);
    expect((await refused('POST', 'rail_schedule_entry/', { schedule: schedule.id, date: '2026-11-09', quantity: 1 })).status).toBe(400);
    const gone = await refused('DELETE', `rail_schedule_entry/${day.body.id}/`);
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toBe('2026-11-09 has actual cars; clear its actual first.');
    const cleared = await call('PATCH', `rail_schedule_entry/${day.body.id}/`, { actual: null, version: day.body.version });
    expect(cleared.status).toBe(200);
    expect((await call('DELETE', `rail_schedule_entry/${day.body.id}/`, { version: cleared.body.version })).status).toBe(204);
  });

  it('of a cancelled contract stay as they are', async () => {
    const { contract, schedule } = await contractWithSchedule();
    const cancelled = await call('PATCH', `contract/${contract.id}/`, { status: 'cancelled', cancel_reason: 'Buyer withdrew.', version: contract.version });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const res = await refused('POST', 'rail_schedule_entry/', { schedule: schedule.id, date: '2026-11-09', quantity: 1 });
    expect(res.body).toEqual({ date: [`Contract ${String(contract.contract_number)} is cancelled.`] });
  });

  it('follow the contract\'s new period: a day with actual cars holds it, others outside it go', async () => {
    const { contract, schedule } = await contractWithSchedule();
    await plan(schedule.id, [{ date: '2026-11-02', actual: 3 }, { date: '2026-11-20', actual: null }, { date: '2026-11-27', actual: null }]);
    const held = await refused('PATCH', `contract/${contract.id}/`, { start_date: '2026-11-05', version: contract.version });
    expect(held.body).toEqual({ start_date: ['2026-11-02 has actual cars; the contract must include it.'] });
    const shorter = await call('PATCH', `contract/${contract.id}/`, { end_date: '2026-11-25', version: contract.version });
    expect(shorter.status, JSON.stringify(shorter.body)).toBe(200);
    expect(days(await scheduleOf(contract.id as number))).toEqual([['2026-11-02', 3, 3], ['2026-11-20', 3, null]]);
  });
});
