/**
 * Keyset cursors (server/engine/keyset.ts; docs/api.md, Cursors): the token round trip and what it
 * refuses, the values a key of each kind accepts, and the condition itself: paging any table of
 * random rows by it, forwards and backwards, in random orderings over nullable columns with ties,
 * gives exactly the rows of ORDER BY, each once. PGlite in memory is PostgreSQL, so its order (nulls
 * last ascending, first descending) is the server's.
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type KeyColumn, type KeyKind, MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, keyValueProblem, keyValueText, keysetCondition, keysetOrder,
} from '../../server/engine/keyset';

const KEYS = [{ name: 'event_time', desc: true, kind: 'datetime' as const, notNull: true }, { name: 'id', desc: false, kind: 'integer' as const, notNull: true }];

describe('the cursor token', () => {
  it('round-trips its position and direction, and is URL-safe', () => {
    for (const back of [false, true]) {
      const token = encodeCursor(KEYS, ['2026-03-08 05:00:00.123456+00', '42'], back);
      expect(token).toMatch(/^[\w-]+$/);
      expect(decodeCursor(token, KEYS)).toEqual({ values: ['2026-03-08 05:00:00.123456+00', '42'], back });
    }
  });

  it('refuses what is no cursor, another ordering, and a value its key cannot hold', () => {
    const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const invalid = ['', '***', 'e30', b64(null), b64([]), b64({ o: ['-event_time', 'id'] }), b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z'] }),
      b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1'], d: 'n' }), b64({ o: ['-event_time', 'id'], k: [null, '1'] }),
      b64({ o: ['-event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1.5'] }), 'x'.repeat(MAX_CURSOR_LENGTH + 1)];
    for (const raw of invalid) expect(decodeCursor(raw, KEYS), raw).toBe('Invalid cursor.');
    expect(decodeCursor(b64({ o: ['event_time', 'id'], k: ['2026-01-01T00:00:00Z', '1'] }), KEYS)).toMatch(/another ordering/);
    // A nullable key takes a null.
    const nullable = [{ ...KEYS[0], notNull: false }, KEYS[1]];
    expect(decodeCursor(b64({ o: ['-event_time', 'id'], k: [null, '1'] }), nullable)).toEqual({ values: [null, '1'], back: false });
  });

  it('accepts the values of each kind as the drivers and JSON write them, and nothing else', () => {
    const ok: [KeyKind, string][] = [
      ['integer', '-12'], ['integer', '2147483647'], ['decimal', '1.500000'], ['decimal', '-3'], ['decimal', 'NaN'],
      ['datetime', '2026-03-08T05:00:00+00:00'], ['datetime', '2026-03-08 05:00:00.123456+00'], ['datetime', '2026-03-08T05:00:00Z'], ['datetime', 'infinity'],
      ['date', '2024-02-29'], ['boolean', 'false'], ['uuid', '0b4e7c1a-9d2f-4c1e-8a3b-5f6e7d8c9b0a'], ['text', 'PORT ARTHUR'],
    ];
    const bad: [KeyKind, string][] = [
      ['integer', '2147483648'], ['integer', '1e3'], ['decimal', '1,5'], ['datetime', '2026-02-30T00:00:00Z'], ['datetime', '2026-03-08T24:00:00Z'],
      ['datetime', '2026-03-08'], ['datetime', 'yesterday'], ['date', '2023-02-29'], ['boolean', 'yes'], ['uuid', 'abc'], ['text', 'a\u0000b'],
    ];
    for (const [kind, v] of ok) expect(keyValueProblem(kind, v), `${kind} ${v}`).toBeUndefined();
    for (const [kind, v] of bad) expect(keyValueProblem(kind, v), `${kind} ${v}`).toBeDefined();
  });

  it("takes a driver's value as it is where it is exact, and no time as a JavaScript Date (PGlite drops its microseconds)", () => {
    expect(keyValueText({ kind: 'datetime' }, '2026-03-08 05:00:00.123456+00')).toBe('2026-03-08 05:00:00.123456+00');
    expect(keyValueText({ kind: 'integer' }, 7)).toBe('7');
    expect(keyValueText({ kind: 'boolean' }, false)).toBe('false');
    expect(keyValueText({ kind: 'text' }, null)).toBeNull();
    expect(keyValueText({ kind: 'date' }, new Date('2026-03-08T00:00:00Z'))).toBe('2026-03-08');
    expect(keyValueText({ kind: 'datetime' }, new Date('2026-03-08T05:00:00Z'))).toBeUndefined();
  });
});

describe('the keyset condition', () => {
  let db: PGlite;
  const dialect = new PgDialect();
  const run = async (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return (await db.query<Record<string, unknown>>(text, params)).rows;
  };
  const COLUMNS: Record<string, Omit<KeyColumn, 'desc' | 'column'>> = {
    a: { name: 'a', kind: 'integer', notNull: false, sqlType: 'integer' },
    b: { name: 'b', kind: 'text', notNull: false, sqlType: 'text' },
    c: { name: 'c', kind: 'datetime', notNull: true, sqlType: 'timestamp with time zone' },
    d: { name: 'd', kind: 'decimal', notNull: false, sqlType: 'numeric' },
  };
  const key = (name: string, desc: boolean): KeyColumn => ({ ...COLUMNS[name] ?? { name, kind: 'integer', notNull: true, sqlType: 'integer' }, desc, column: sql.raw(`"${name}"`) });

  beforeAll(async () => {
    db = new PGlite();
    await db.exec('create table t (id integer primary key, a integer, b text, c timestamptz not null, d numeric(6, 2))');
  }, 60_000);
  afterAll(() => db?.close());

  it('pages every table in every ordering to the rows of ORDER BY, forwards and backwards', async () => {
    const row = fc.record({
      a: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      b: fc.option(fc.constantFrom('x', 'y', 'Z', ''), { nil: null }),
      // Few distinct instants, some a microsecond apart: ties, and values a millisecond cannot tell apart.
      c: fc.constantFrom('2026-01-01 00:00:00+00', '2026-01-01 00:00:00.000001+00', '2026-01-02 12:00:00+00'),
      d: fc.option(fc.constantFrom('1.50', '-2.00', '1.5'), { nil: null }),
    });
    const ordering = fc.uniqueArray(fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd'), desc: fc.boolean() }), { selector: (k) => k.name, minLength: 1, maxLength: 3 });
    await fc.assert(fc.asyncProperty(fc.array(row, { maxLength: 30 }), ordering, fc.boolean(), fc.integer({ min: 1, max: 4 }), async (rows, terms, idDesc, size) => {
      await db.exec('delete from t');
      for (const [i, r] of rows.entries()) await db.query('insert into t values ($1, $2, $3, $4, $5)', [i + 1, r.a, r.b, r.c, r.d]);
      const keys = [...terms.map((k) => key(k.name, k.desc)), key('id', idDesc)];
      const texts = keys.map((k) => sql`to_json(${k.column}) #>> '{}' as ${sql.raw(`"k_${k.name}"`)}`);
      const page = async (after: string[] | null, back: boolean) => {
        const where = after ? sql` where ${keysetCondition(keys, after, back)}` : sql``;
        const got = await run(sql`select id, ${sql.join(texts, sql`, `)} from t${where} order by ${sql.join(keysetOrder(keys, back), sql`, `)} limit ${size}`);
        return got.map((g) => ({ id: Number(g.id), at: keys.map((k) => g[`k_${k.name}`] as string) }));
      };
      const all = (await run(sql`select id from t order by ${sql.join(keysetOrder(keys, false), sql`, `)}`)).map((g) => Number(g.id));
      // Each page after (before) the last row of the one before, from the head (the end).
      const walk = async (back: boolean) => {
        const ids: number[] = [];
        for (let p = await page(null, back); p.length; p = await page(p[p.length - 1].at, back)) ids.push(...p.map((x) => x.id));
        return back ? ids.reverse() : ids;
      };
      expect(await walk(false)).toEqual(all);
      expect(await walk(true)).toEqual(all);
    }), { numRuns: 60 });
  }, 60_000);
});
