/** Tables of the terminal system that are not resources: ticket numbering and the ticket history. */
import { bigint, index, integer, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The last ticket number given out per company and series (`T` tickets, `W` waste disposal
 * tickets). Bumped by one atomic UPDATE inside the ticket's own write transaction, so concurrent
 * saves (in any number of server processes) queue on the row and a rolled-back save leaves no gap.
 */
export const ticketNumberCounter = pgTable('ticket_number_counter', {
  company_id: integer('company_id').notNull(),
  series: varchar('series', { length: 4 }).notNull(),
  last_number: integer('last_number').notNull(),
}, (t) => [primaryKey({ columns: [t.company_id, t.series] })]);

/**
 * Audit trail of terminal tickets: who changed what, when and through which call. Append-only and
 * written only by the server, inside the same transaction as the change it records; no foreign
 * key, so it outlives a deleted ticket.
 */
export const ticketHistory = pgTable('ticket_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  ticket_id: uuid('ticket_id').notNull(),
  company_id: integer('company_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  user_id: integer('user_id'),
  user_label: varchar('user_label', { length: 254 }),
  action: varchar('action', { length: 30 }).notNull(),
  via: varchar('via', { length: 200 }).notNull(),
  changes: jsonb('changes').notNull().default({}),
}, (t) => [index('ticket_history_ticket_idx').on(t.ticket_id, t.at)]);
