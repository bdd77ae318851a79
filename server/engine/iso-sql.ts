/** SQL that writes a timestamp exactly as the API's serializer does, for the paths where the database writes the output. */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What Date#toISOString writes (milliseconds truncated, as JavaScript's Date parsing does). */
export const isoUtc = (x: SQL | PgColumn) => sql`to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
