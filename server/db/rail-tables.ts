/** Tables of the rail area that are not resources (docs/rail.md §4.9). */
import { bigint, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

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

/**
 * Every document a shipment's bill of lading has been (docs/rail.md §10.2): issued, each corrected
 * revision, and the void copy, with the snapshot of everything it prints. Rows are only added;
 * a row's PDF and EDI control number are attached once, at their first rendering. No foreign
 * keys: a shipment that has an archive is never deleted (only open ones are, and they have none).
 */
export const railBolArchive = pgTable('rail_bol_archive', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  company_id: integer('company_id').notNull(),
  shipment_id: integer('shipment_id').notNull(),
  seq: integer('seq').notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  bol_number: varchar('bol_number', { length: 30 }).notNull(),
  revision: integer('revision').notNull(),
  template_code: varchar('template_code', { length: 40 }).notNull(),
  template_version: integer('template_version').notNull(),
  snapshot: jsonb('snapshot').notNull(),
  issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  issued_by: integer('issued_by'),
  issued_by_label: varchar('issued_by_label', { length: 254 }),
  file_id: uuid('file_id'),
  sha256: varchar('sha256', { length: 64 }),
  size: integer('size'),
  edi_control_number: varchar('edi_control_number', { length: 9 }),
}, (t) => [
  uniqueIndex('rail_bol_archive_shipment_seq').on(t.shipment_id, t.seq),
  index('rail_bol_archive_company_idx').on(t.company_id, t.shipment_id, t.seq),
]);

/**
 * The rail area's audit trail (docs/rail.md §10.6): who changed which contract, schedule day,
 * shipment or loaded car, when, through which call, from what to what. Append-only, written in the
 * change's own transaction; a car's and a day's rows carry their shipment and contract, so a
 * shipment's history shows its cars' changes.
 */
export const railHistory = pgTable('rail_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  company_id: integer('company_id').notNull(),
  resource: varchar('resource', { length: 40 }).notNull(),
  record_id: integer('record_id').notNull(),
  contract_id: integer('contract_id'),
  shipment_id: integer('shipment_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  user_id: integer('user_id'),
  user_label: varchar('user_label', { length: 254 }),
  action: varchar('action', { length: 40 }).notNull(),
  via: varchar('via', { length: 200 }).notNull(),
  changes: jsonb('changes').notNull().default({}),
}, (t) => [
  index('rail_history_company_idx').on(t.company_id, t.at),
  index('rail_history_contract_idx').on(t.contract_id, t.at),
  index('rail_history_shipment_idx').on(t.shipment_id, t.at),
]);
