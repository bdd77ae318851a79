/** Tables of the rail area that are not resources (docs/rail.md §4.9). */
import { bigint, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The last number given per company, series (`bol`, a code type, or `edi`) and period (`''` for a
 * series never reset, the year for a yearly one): docs/rail.md §9.2. Bumped by one upsert inside
 * the write transaction that stores the number, so concurrent writers in every server process queue
 * on the row and a rolled-back write leaves no gap. `given` counts the numbers this counter handed
 * out in the period (numbers skipped because a record already had them are not counted).
 */
export const codeCounter = pgTable('code_counter', {
  company_id: integer('company_id').notNull(),
  series: varchar('series', { length: 40 }).notNull(),
  period: varchar('period', { length: 7 }).notNull(),
  last_number: bigint('last_number', { mode: 'number' }).notNull(),
  given: bigint('given', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.company_id, t.series, t.period] })]);
