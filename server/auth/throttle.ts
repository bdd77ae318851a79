/**
 * Login throttling counters shared by every server process: one atomic upsert per key counts
 * attempts in a sliding window, so parallel requests cannot slip past a read-then-write race.
 * The rules that read them are in login-throttle.ts.
 */
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../db/connection';

/** Counts one attempt for `key` and returns the attempts in the current window (including this one). */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await rawRows<{ count: number }>(db, sql`
    insert into login_attempt (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when login_attempt.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else login_attempt.count + 1 end,
      window_start = case when login_attempt.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else login_attempt.window_start end
    returning count`);
  return Number(rows[0].count);
}

/** Takes one attempt back (one that turned out to be the user's right password). */
export async function forgiveAttempt(db: Db, key: string) {
  await db.execute(sql`update login_attempt set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clearAttempts(db: Db, key: string) {
  await db.execute(sql`delete from login_attempt where key = ${key}`);
}

/** Records that `key` happened now (e.g. a user signed in from an address). */
export async function mark(db: Db, key: string) {
  await db.execute(sql`insert into login_attempt (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set window_start = now()`);
}

/** Whether `key` was marked within the last `maxAgeSeconds`. */
export async function isMarked(db: Db, key: string, maxAgeSeconds: number): Promise<boolean> {
  const rows = await rawRows<{ x: number }>(db, sql`select 1 as x from login_attempt
    where key = ${key} and window_start > now() - make_interval(secs => ${maxAgeSeconds})`);
  return rows.length > 0;
}
