/**
 * The fast path of `download_table/` on PostgreSQL: PostgreSQL writes each CSV line itself (every
 * value quoted, quotes doubled, CRLF) and COPY streams them; this process only strips COPY's framing.
 * It applies when every column's CSV text can be computed in SQL exactly as the row-by-row formatter
 * in csv-export.ts writes it; references (written as labels the user may see), JSON values
 * (JSON.stringify spacing differs from jsonb's) and times keep the formatter. Times are written in
 * their record's zone by one library for every screen, print and file (docs/architecture.md, Time
 * zones); PostgreSQL's own zone data can say otherwise (PGlite's puts Alberta on UTC-6 all year from
 * November 2026, where the JavaScript data keeps MST), so the database never converts a time.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import { columnOf } from './computed';
import type { Db } from '../db/connection';
import type { AnyTable } from '../db/tables';
import { inlineParams } from '../db/copy-binary';

const lit = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);

/** CSV quoting inside a value: quotes doubled. */
const quoted = (x: SQL | PgColumn) => sql`replace(${x}, '"', '""')`;

/**
 * One cell's text in SQL, already quote-doubled; NULL for an empty cell. Undefined when SQL cannot
 * write it exactly as the formatter does.
 */
function cellText(r: Resource, name: string, col: PgColumn): SQL | undefined {
  const f: Field | undefined = r.fields[name];
  if (!f) {
    // id and version: numbers and uuids never hold a quote; created_at and updated_at are times.
    return name === 'created_at' || name === 'updated_at' ? undefined : sql`${col}`;
  }
  switch (f.kind) {
    case 'text': case 'longtext':
      // A cell a spreadsheet would run as a formula gets a leading quote (FORMULA in csv-export.ts):
      // = + - @ tab CR, tested on the first character's code (no substring per row).
      return sql`case when ascii(${col}) in (61, 43, 45, 64, 9, 13) then '''' || ${quoted(col)} else ${quoted(col)} end`;
    case 'choice': {
      const pairs = f.choices.filter(([value, label]) => value !== label);
      const hasQuote = f.choices.some(([v, l]) => v.includes('"') || l.includes('"'));
      // The first label of a value wins, as in the formatter's map.
      const label = pairs.length ? sql`case ${col} ${sql.join(pairs.map(([v, l]) => sql`when ${lit(v)} then ${lit(l)}`), sql` `)} else ${col} end` : sql`${col}`;
      return hasQuote ? quoted(label) : label;
    }
    case 'boolean': return sql`case ${col} when true then 'Yes' when false then 'No' end`;
    case 'integer': case 'decimal': case 'date': case 'file': return sql`${col}`; // no quotes in their text
    case 'tags': return quoted(sql`array_to_string(${col}, ', ', '')`);
    default: return undefined; // datetime, ref, refs, json, password
  }
}

/** PostgreSQL functions take at most 100 arguments: longer concat() calls are nested. */
function concat(parts: SQL[]): SQL {
  if (parts.length <= 90) return sql`concat(${sql.join(parts, sql`, `)})`;
  const groups: SQL[] = [];
  for (let i = 0; i < parts.length; i += 90) groups.push(concat(parts.slice(i, i + 90)));
  return concat(groups);
}

/**
 * The SELECT (parameters inlined) whose one column is each row's CSV line, or null when a column
 * needs the row-by-row formatter. One concat() builds the line (NULL cells come out empty): far
 * cheaper per row than a chain of || operators.
 */
export function csvLinesSelect(db: Db, r: Resource, t: AnyTable, columns: string[], where: SQL | undefined, orderBy: SQL[]): string | null {
  const parts: SQL[] = [sql.raw(`'"'`)];
  for (const [i, c] of columns.entries()) {
    const text = cellText(r, c, columnOf(r, c, t));
    if (!text) return null;
    if (i) parts.push(sql.raw(`'","'`));
    parts.push(text);
  }
  parts.push(sql.raw(`'"' || chr(13) || chr(10)`));
  const { sql: text, params } = db.select({ line: concat(parts) }).from(t).where(where).orderBy(...orderBy).toSQL();
  return inlineParams(text, params);
}
