/** Tables of reports that are not resources: the mailings of scheduled reports. */
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { report } from '../../src/resources/reports/report';
import { tableOf } from './tables';

/**
 * One mailing of a scheduled report (docs/reports.md, Scheduled mailing): written when it falls
 * due, then sent, retried after a failure until it is sent or has failed for good. Shown on the
 * report (`get_emails/`); deleted with it. Claimed by one server process at a time (a row lock,
 * skipped by the others), so a mailing is sent once however many processes run.
 */
export const reportDelivery = pgTable('report_delivery', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  report_id: integer('report_id').notNull().references(() => tableOf(report).id as AnyPgColumn, { onDelete: 'cascade' }),
  /** The moment the schedule named: the mailing is of the report as of then. */
  due_at: timestamp('due_at', { withTimezone: true }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('sending'),
  attempts: integer('attempts').notNull().default(0),
  rows: integer('rows'),
  error: text('error'),
  mail_id: integer('mail_id'),
  sent_at: timestamp('sent_at', { withTimezone: true }),
  next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
  /** While `sending`: when the attempt began, so a process that died mid-send is retried. */
  claimed_at: timestamp('claimed_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('report_delivery_report_idx').on(t.report_id, t.id), index('report_delivery_due_idx').on(t.status, t.next_attempt_at)]);
