/**
 * The fast path of `download_table/` on PostgreSQL: PostgreSQL writes each CSV line itself (every
 * value quoted, quotes doubled, CRLF) and COPY streams them; this process only strips COPY's framing.
 * It applies when every column's CSV text can be computed in SQL exactly as the row-by-row formatter
 * in csv-export.ts writes it; references (written as labels the user may see) and JSON values
 * (JSON.stringify spacing differs from jsonb's) keep the formatter.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import type { Db } from '../db/connection';
import type { AnyTable } from '../db/tables';
import { inlineParams } from '../db/copy-binary';

const lit = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);

/** The text of one cell in SQL, NULL for an empty cell; undefined when SQL cannot write it identically. */
function cellText(r: Resource, name: string, col: PgColumn): SQL | undefined {
  const f: Field | undefined = r.fields[name];
  if (!f) {
    // id, version, created_at, updated_at
    if (name === 'created_at' || name === 'updated_at') return isoUtc(col);
    return sql`${col}::text`;
  }
  switch (f.kind) {
    case 'text': case 'longtext':
      // A cell a spreadsheet would run as a formula gets a leading quote (as FORMULA in csv-export.ts).
      return sql`case when left(${col}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${col} else ${col} end`;
    case 'choice': {
      const pairs = f.choices.filter(([value, label]) => value !== label);
      if (!pairs.length) return sql`${col}::text`;
      // The first label of a value wins, as in the formatter's map.
      return sql`case ${col} ${sql.join(pairs.map(([v, l]) => sql`when ${lit(v)} then ${lit(l)}`), sql` `)} else ${col} end`;
    }
    case 'boolean': return sql`case ${col} when true then 'true' when false then 'false' end`;
    case 'integer': case 'decimal': case 'date': case 'file': return sql`${col}::text`;
    case 'datetime': return isoUtc(col);
    case 'tags': return sql`array_to_string(${col}, ', ', '')`;
    default: return undefined; // ref, refs, json, password
  }
}

/** What Date#toISOString writes (milliseconds truncated, as JavaScript's Date parsing does). */
const isoUtc = (col: PgColumn) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SELECT (parameters inlined) whose one column is each row's CSV line, or null when a column
 * needs the row-by-row formatter.
 */
export function csvLinesSelect(db: Db, r: Resource, t: AnyTable, columns: string[], where: SQL | undefined, orderBy: SQL[]): string | null {
  const cells: SQL[] = [];
  for (const c of columns) {
    const text = cellText(r, c, t[c] as PgColumn);
    if (!text) return null;
    cells.push(sql`replace(coalesce(${text}, ''), '"', '""')`);
  }
  const line = sql`'"' || ${sql.join(cells, sql` || '","' || `)} || '"' || chr(13) || chr(10)`;
  const { sql: text, params } = db.select({ line }).from(t).where(where).orderBy(...orderBy).toSQL();
  return inlineParams(text, params);
}
