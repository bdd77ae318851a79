/**
 * What every demo seed uses: a deterministic random source, date helpers, and the bulk insert that
 * fills declared tables with their declared defaults.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Resource } from '../../src/resources/define';
import { defaultOf } from '../engine/input';

export type SeedVolume = 'full' | 'small';

export type Row = Record<string, unknown>;

/** Deterministic PRNG (mulberry32): the same demo on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    real: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export const day = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86400_000);
export const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Declared defaults for the fields a row leaves out (the generic create would apply them). */
function withDefaults(r: Resource, row: Row): Row {
  const out: Row = { ...row };
  for (const [name, f] of Object.entries(r.fields)) if (out[name] === undefined && f.default !== undefined) out[name] = defaultOf(f);
  return out;
}

/**
 * Bulk insert: each chunk of rows travels as ONE JSON parameter that the database unpacks with
 * json_populate_recordset. Far faster than multi-row VALUES with one parameter per value (no
 * statement with hundreds of thousands of parameters to build, send and bind), on PGlite and PostgreSQL alike.
 */
export async function insertMany(db: Db, r: Resource, rows: Row[]) {
  if (!rows.length) return;
  const t = tableOf(r);
  const columns = getTableColumns(t);
  const fields = [...new Set(rows.flatMap((x) => Object.keys(withDefaults(r, x))))];
  const names = fields.map((f) => {
    if (!columns[f]) throw new Error(`${r.name}: no column for "${f}"`);
    return columns[f].name;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((x) => {
      const full = withDefaults(r, x);
      const out: Row = {};
      fields.forEach((f, k) => { const v = full[f]; out[names[k]] = v instanceof Date ? v.toISOString() : v ?? null; });
      return out;
    });
    await db.execute(sql`insert into ${t} (${list}) select ${list} from json_populate_recordset(null::${t}, ${JSON.stringify(chunk)}::json)`);
  }
}
