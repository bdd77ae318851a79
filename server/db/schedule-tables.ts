/** Tables of the truck scheduler that are not resources: the booking links' token hashes. */
import { type AnyPgColumn, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { bookingLink } from '../../src/resources/schedule/link';
import { tableOf } from './tables';

/**
 * The token of a booking link (docs/scheduler.md, Carrier self-booking): only its SHA-256 is kept,
 * as an API token's, so the database alone opens no booking page. The link record
 * (`schedule/link`) holds its expiry and revocation; deleting the link deletes this row.
 */
export const bookingLinkToken = pgTable('booking_link_token', {
  token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
  link_id: integer('link_id').notNull().references(() => tableOf(bookingLink).id as AnyPgColumn, { onDelete: 'cascade' }),
}, (t) => [index('booking_link_token_link_idx').on(t.link_id)]);
