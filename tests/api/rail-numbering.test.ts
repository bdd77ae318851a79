/**
 * Rail numbering through the real server (docs/rail.md §4.6, §6.5, §9): the company's BOL numbering
 * and code generators, their get_or_create/ and get_columns/, the pattern rules, and the numbering
 * engine's counter (no gaps, no duplicates, skipping numbers in use, the start number).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_SKIP, type Series, giveNumber, peekNumber } from '../../server/actions/rail/numbering';
import { localDateIn } from '../../src/lib/time-zone';
import { PLACEHOLDERS } from '../../src/lib/code-pattern';
import { railSuite } from './rail-fixtures';

const rail = railSuite();
const { t, ids, rows } = rail;
/** Today's year in the demo company's zone: what {yyyy} writes now. */
const year = () => localDateIn(new Date(), 'America/Edmonton')!.slice(0, 4);
const get = (path: string, token = t.siteadmin) => rail.call('GET', path, undefined, token);
const call = (method: string, path: string, token: string, body?: unknown) => rail.call(method, path, body, token);
/** A refused call: its answer and the tables it changed. */
const refused = (method: string, path: string, token = t.siteadmin, body?: unknown) => rail.refused(method, path, body, token);

describe('bolnumber/get_or_create/', () => {
  it('makes the company\'s BOL numbering with the defaults on first call, once, also for two calls at once', async () => {
    await rows(sql`delete from bolnumber where company_id = ${ids.pbt}`);
    const [a, b] = await Promise.all([get('bolnumber/get_or_create/'), get('bolnumber/get_or_create/')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ company: ids.pbt, pattern: '{company.code}{yy}{seq:6}', reset: 'yearly', start_number: 1, version: 1 });
    expect(b.body.id).toBe(a.body.id);
    expect((await get('bolnumber/get_or_create/')).body.id).toBe(a.body.id);
    expect(await rows(sql`select count(*)::int as n from bolnumber where company_id = ${ids.pbt}`)).toEqual([{ n: 1 }]);
  });

  it('answers what the next BOL will be and how many were given this period; the preview follows the pattern', async () => {
    // The demo has issued this year's bills of lading up to its counter (server/seed/rail-issued.ts).
    const [counter] = await rows<{ last: number; given: number }>(sql`select last_number::int as last, given::int as given from code_counter where company_id = ${ids.pbt} and series = 'bol' and period = ${year()}`);
    const next = (counter?.last ?? 0) + 1;
    const first = await get('bolnumber/get_or_create/');
    expect(first.body).toMatchObject({ next_number: `PBT${year().slice(2)}${String(next).padStart(6, '0')}`, next_seq: next, period: year(), issued_this_period: counter?.given ?? 0 });
    const start = next + 100;
    const changed = await call('PATCH', `bolnumber/${first.body.id}/`, t.siteadmin, { version: first.body.version, pattern: 'B{origin.code}{yyyy}{seq:3}', start_number: start });
    expect(changed.status, changed.text).toBe(200);
    // A raised start number moves the next number forward; a record's own values (the origin) are not known yet: the preview writes the placeholder's example.
    expect((await get('bolnumber/get_or_create/')).body).toMatchObject({ next_number: `BFSK${year()}${String(start).padStart(3, '0')}`, next_seq: start });
  });

  it('reads another company\'s own: the partner gets Northern Refining\'s, never Prairie Bulk\'s', async () => {
    const ours = (await get('bolnumber/get_or_create/')).body;
    const theirs = await get('bolnumber/get_or_create/', t.partner);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(ours.id);
    expect(theirs.body.next_number).toMatch(/^NRP\d{8}$/);
    const foreign = await refused('PATCH', `bolnumber/${ours.id}/`, t.partner, { start_number: 5 });
    expect([foreign.status, foreign.changed]).toEqual([404, []]);
    expect((await get(`bolnumber/${ours.id}/`, t.partner)).status).toBe(404);
  });

  it('refuses 403 without view_bolnumber: the dispatcher, the operator and the driver, writing nothing', async () => {
    for (const who of ['dispatcher', 'operator', 'driver']) {
      const res = await refused('GET', 'bolnumber/get_or_create/', t[who]);
      expect([who, res.status, res.changed]).toEqual([who, 403, []]);
      expect((await get('bolnumber/get_columns/', t[who])).status).toBe(403);
    }
  });

  it('one per company: a second one is refused and nothing is written', async () => {
    const res = await refused('POST', 'bolnumber/', t.siteadmin, { pattern: 'X{yy}{seq:4}' });
    expect([res.status, res.changed]).toEqual([400, []]);
  });
});

describe('bolnumber/get_columns/', () => {
  it('lists the placeholders a BOL pattern may use, with the company\'s code and today\'s year as examples', async () => {
    const res = await get('bolnumber/get_columns/');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { token: string }) => c.token)).toEqual(PLACEHOLDERS.bol.map((p) => p.token));
    expect(res.body.find((c: { token: string }) => c.token === '{company.code}')).toMatchObject({ label: 'Your company\'s code', example: 'PBT' });
    expect(res.body.find((c: { token: string }) => c.token === '{yyyy}').example).toBe(year());
    expect(res.body.find((c: { token: string }) => c.token === '{railroad.scac}').example).toBe('CN');
  });
});

describe('pattern rules (400 on pattern, nothing written)', () => {
  const patch = async (body: Record<string, unknown>, path = 'bolnumber') => {
    const current = (await get(path === 'bolnumber' ? 'bolnumber/get_or_create/' : 'code-generators/get_or_create/?code_type=contract_sale')).body;
    return refused('PATCH', `${path}/${current.id}/`, t.siteadmin, { version: current.version, ...body });
  };

  it('a BOL pattern: letters and digits only, one {seq}, its own placeholders, the year for a yearly reset', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pattern: 'PBT-{yy}{seq:6}' }, 'Write the text of a BOL pattern with letters and digits only (the EDI 404 takes no blanks or other characters).'],
      [{ pattern: 'PBT{yy}' }, 'Put {seq} exactly once in the pattern.'],
      [{ pattern: 'PBT{yy}{seq:2}{seq:2}' }, 'Put {seq} exactly once in the pattern.'],
      [{ pattern: 'PBT{seq:6}', reset: 'yearly' }, 'A yearly reset needs {yyyy} or {yy} in the pattern, or numbers would repeat from one year to the next.'],
      [{ pattern: 'PBT{seq:6}{yy', reset: 'never' }, 'A { opens a placeholder that is not closed.'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(body);
      expect([res.status, res.body, res.changed], JSON.stringify(body)).toEqual([400, { pattern: [message] }, []]);
    }
    const party = await patch({ pattern: '{party.code}{yy}{seq:4}' });
    expect([party.status, party.changed]).toEqual([400, []]);
    expect(party.body.pattern[0]).toMatch(/^Unknown placeholder \{party\.code\}\. Available: \{seq\}/);
    // Without the year the reset must be never, and the reset alone is checked against the stored pattern.
    expect((await patch({ pattern: 'PBT{seq:6}', reset: 'never' })).status).toBe(200);
    expect((await patch({ reset: 'yearly' })).body).toEqual({ pattern: ['A yearly reset needs {yyyy} or {yy} in the pattern, or numbers would repeat from one year to the next.'] });
  });

  it('per field: a start number out of 1..999,999,999, a reset that is no choice, a pattern over 30 characters', async () => {
    expect((await patch({ start_number: 0 })).body).toEqual({ start_number: ['Ensure this value is greater than or equal to 1.'] });
    expect((await patch({ start_number: 1_000_000_000 })).body).toEqual({ start_number: ['Ensure this value is less than or equal to 999999999.'] });
    expect((await patch({ reset: 'monthly' })).body).toEqual({ reset: ['"monthly" is not a valid choice.'] });
    expect(Object.keys((await patch({ pattern: `${'X'.repeat(26)}{seq}` })).body)).toEqual(['pattern']);
  });

  it('a code generator: a code\'s characters and its type\'s placeholders; it keeps its type', async () => {
    expect((await patch({ pattern: 'S#{seq}' }, 'code-generators')).body).toEqual({ pattern: ['Write the text of the pattern with letters, digits, spaces and - / . _ only.'] });
    const origin = await patch({ pattern: 'S-{origin.code}-{yy}{seq}' }, 'code-generators');
    expect(origin.body.pattern[0]).toMatch(/^Unknown placeholder \{origin\.code\}\. Available: \{seq\}, \{yyyy\}, \{yy\}, \{mm\}, \{company\.code\}, \{party\.code\}/);
    const retyped = await patch({ code_type: 'contract_purchase' }, 'code-generators');
    expect([retyped.status, retyped.body, retyped.changed]).toEqual([400, { code_type: ['A generator keeps its type; add one for the other type.'] }, []]);
  });
});

describe('code-generators', () => {
  it('get_or_create/ makes the type\'s generator with its defaults once; get_columns/ lists the type\'s placeholders', async () => {
    // Without the demo's generators and the counters its contracts left: a company that never numbered.
    await rows(sql`delete from code_generators where company_id = ${ids.pbt}`);
    await rows(sql`delete from code_counter where company_id = ${ids.pbt} and series <> 'test'`);
    const [a, b] = await Promise.all([get('code-generators/get_or_create/?code_type=contract_purchase'), get('code-generators/get_or_create/?code_type=contract_purchase')]);
    expect(a.body).toMatchObject({ code_type: 'contract_purchase', pattern: 'P-{yyyy}-{seq:4}', reset: 'yearly', start_number: 1, next_number: `P-${year()}-0001`, issued_this_period: 0 });
    expect(b.body.id).toBe(a.body.id);
    const rs = await get('code-generators/get_or_create/?code_type=rail_shipment');
    expect(rs.body).toMatchObject({ pattern: 'RS-{seq:6}', reset: 'never', next_number: 'RS-000001', period: '' });
    expect(await rows(sql`select code_type from code_generators where company_id = ${ids.pbt} order by code_type`)).toEqual([{ code_type: 'contract_purchase' }, { code_type: 'rail_shipment' }]);
    const cols = await get('code-generators/get_columns/?code_type=rail_shipment');
    expect(cols.body.map((c: { token: string }) => c.token)).toEqual(PLACEHOLDERS.rail_shipment.map((p) => p.token));
  });

  it('answers 400 on code_type when it is missing or no type, writing nothing', async () => {
    for (const path of ['code-generators/get_or_create/', 'code-generators/get_columns/']) {
      const missing = await refused('GET', path);
      expect([missing.status, missing.body, missing.changed]).toEqual([400, { code_type: ['This field is required.'] }, []]);
      const wrong = await refused('GET', `${path}?code_type=waybill`);
      expect([wrong.status, wrong.body, wrong.changed]).toEqual([400, { code_type: ['"waybill" is not a valid choice.'] }, []]);
    }
  });

  it('numbers invoices and credit notes too, yearly, with the billed party\'s code (docs/invoicing.md, Numbers)', async () => {
    for (const [type, pattern] of [['invoice', 'INV-{yyyy}-{seq:5}'], ['credit_note', 'CN-{yyyy}-{seq:4}']]) {
      const got = await call('GET', `code-generators/get_or_create/?code_type=${type}`, t.siteadmin);
      expect(got.status, got.text).toBe(200);
      expect(got.body).toMatchObject({ code_type: type, pattern, reset: 'yearly' });
      const tokens = (await call('GET', `code-generators/get_columns/?code_type=${type}`, t.siteadmin)).body.map((p: { token: string }) => p.token);
      expect(tokens).toContain('{party.code}');
    }
  });

  it('created without a pattern or reset, a generator takes its type\'s; cleared, they come back; one per type', async () => {
    const made = await call('POST', 'code-generators/', t.siteadmin, { code_type: 'contract_sale', description: 'Sales' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ pattern: 'S-{yyyy}-{seq:4}', reset: 'yearly', start_number: 1 });
    const edited = await call('PATCH', `code-generators/${made.body.id}/`, t.siteadmin, { pattern: 'SO {yy}/{seq:5}' });
    expect(edited.body.pattern).toBe('SO {yy}/{seq:5}');
    const cleared = await call('PATCH', `code-generators/${made.body.id}/`, t.siteadmin, { pattern: '', reset: null });
    expect(cleared.body).toMatchObject({ pattern: 'S-{yyyy}-{seq:4}', reset: 'yearly' });
    const twice = await refused('POST', 'code-generators/', t.siteadmin, { code_type: 'contract_sale' });
    expect([twice.status, twice.changed]).toEqual([400, []]);
  });

  it('refuses 403 without view_codegenerator (the dispatcher, the driver), writing nothing', async () => {
    for (const who of ['dispatcher', 'driver']) {
      const res = await refused('GET', 'code-generators/get_or_create/?code_type=contract_sale', t[who]);
      expect([res.status, res.changed]).toEqual([403, []]);
    }
  });
});

describe('the numbering engine (server/actions/rail/numbering.ts)', () => {
  const used = new Set<string>();
  const series = (o: Partial<Series> = {}): Series => ({
    companyId: ids.pbt, series: 'test', settings: { pattern: 'T-{yyyy}-{seq:3}', reset: 'yearly', start_number: 1 },
    rule: 'code', taken: async (code) => used.has(code), maxLength: 40, ...o,
  });
  const give = (o: Partial<Series> = {}) => rail.s.database.db.transaction((tx) => giveNumber(tx, series(o)));

  it('gives consecutive numbers; a write that fails after taking one gives it back, so there is no gap', async () => {
    expect([await give(), await give()]).toEqual([`T-${year()}-001`, `T-${year()}-002`]);
    await expect(rail.s.database.db.transaction(async (tx) => {
      expect(await giveNumber(tx, series())).toBe(`T-${year()}-003`);
      throw new Error('the record\'s write failed');
    })).rejects.toThrow('the record\'s write failed');
    expect(await give()).toBe(`T-${year()}-003`);
    expect(await peekNumber(rail.s.database.db, series())).toMatchObject({ next_number: `T-${year()}-004`, next_seq: 4, issued_this_period: 3 });
  });

  it('skips a number a record already has, without counting it as given', async () => {
    used.add(`T-${year()}-004`).add(`T-${year()}-005`);
    expect((await peekNumber(rail.s.database.db, series())).next_number).toBe(`T-${year()}-006`);
    expect(await give()).toBe(`T-${year()}-006`);
    expect((await peekNumber(rail.s.database.db, series())).issued_this_period).toBe(4);
  });

  it('raising the start number moves the next one forward; lowering it never moves the counter back', async () => {
    expect(await give({ settings: { pattern: 'T-{yyyy}-{seq:3}', reset: 'yearly', start_number: 500 } })).toBe(`T-${year()}-500`);
    expect(await give({ settings: { pattern: 'T-{yyyy}-{seq:3}', reset: 'yearly', start_number: 1 } })).toBe(`T-${year()}-501`);
  });

  it('two first numbers of a new series at once get 1 and 2', async () => {
    const fresh = { series: 'fresh', settings: { pattern: 'F{seq}', reset: 'never' as const, start_number: 1 } };
    expect((await Promise.all([give(fresh), give(fresh)])).sort()).toEqual(['F1', 'F2']);
  });

  it('a number longer than its field, or no free number within 1,000, is refused (409) and rolls the counter back', async () => {
    await expect(give({ maxLength: 8 })).rejects.toMatchObject({ status: 409, body: { detail: `The next number, T-${year()}-502, is longer than 8 characters; shorten the pattern.` } });
    await expect(give({ taken: async () => true })).rejects.toMatchObject({ status: 409, body: { detail: `No free number within ${MAX_SKIP.toLocaleString('en-US')} of the counter; check the pattern.` } });
    expect(await give()).toBe(`T-${year()}-502`);
  });
});
