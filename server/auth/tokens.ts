/** API tokens: 160 random bits shown once, stored as SHA-256, revocable. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { authToken } from '../db/internal-tables';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function issueToken(db: Db, userId: number, name = 'login'): Promise<{ key: string; id: number }> {
  const key = randomBytes(20).toString('hex');
  const [row] = await db.insert(authToken).values({ key_hash: hashKey(key), user_id: userId, name }).returning({ id: authToken.id });
  return { key, id: row.id };
}

const stale = or(isNull(authToken.last_used_at), lt(authToken.last_used_at, sql`now() - interval '1 minute'`));

/** The lookup every request makes, built once per database (building the SQL costs more than running it). */
const lookups = new WeakMap<Db, ReturnType<typeof buildLookup>>();
function buildLookup(db: Db) {
  return db.select({ id: authToken.id, userId: authToken.user_id, stale: sql<boolean>`coalesce(${stale}, true)` })
    .from(authToken).where(eq(authToken.key_hash, sql.placeholder('hash'))).prepare('auth_token_lookup');
}

export async function findTokenByHash(db: Db, hash: string): Promise<{ id: number; userId: number } | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = buildLookup(db)));
  const [row] = await lookup.execute({ hash });
  if (!row) return undefined;
  // Record use at most once a minute: a write per request would cost more than the request. The
  // select already says whether the mark is stale, so a fresh token costs no second statement.
  if (row.stale) {
    await db.update(authToken).set({ last_used_at: sql`now()` }).where(and(eq(authToken.id, row.id), stale));
  }
  return { id: row.id, userId: row.userId };
}

/** Caches of known tokens (known-tokens.ts) to clear when this process revokes one. */
const revocationListeners = new Set<() => void>();
export function onLocalRevocation(listener: () => void): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}
const revoked = () => { for (const l of revocationListeners) l(); };

export async function revokeToken(db: Db, id: number) {
  await db.delete(authToken).where(eq(authToken.id, id));
  revoked();
}

/** Inside a transaction the caches are cleared now and, by the trigger's notification, at commit. */
export async function revokeAllTokens(db: Db, userId: number) {
  await db.delete(authToken).where(eq(authToken.user_id, userId));
  revoked();
}
