/**
 * Tokens this process has recently checked, so most requests need no token statement.
 *
 * Looking the token up was one of a retrieve's two statements: a database round trip that cost
 * about a fifth of the server's CPU per request (benchmark profile). A remembered token is trusted
 * only while both hold:
 *  - the revocation subscription is live. A trigger on `auth_token` (migration 0005) notifies every
 *    process of a deleted or changed token at commit, and each forgets it;
 *  - it was checked against the database within RECHECK_MS. This bounds what a lost notification
 *    could cost, and it is the moment `last_used_at` is refreshed.
 * Revocations made by this process also clear the whole cache at once (`onLocalRevocation`), so a
 * token signed out here is refused here before the notification comes back.
 */
import type { Database } from '../db/connection';
import type { Subscription } from '../db/notifications';
import { findTokenByHash, hashKey, onLocalRevocation } from './tokens';

export const TOKEN_CHANNEL = 'auth_token_revoked';
const RECHECK_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface KnownToken { id: number; userId: number }
interface Entry extends KnownToken { checkedAt: number }

export class KnownTokens {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every revocation: a lookup that raced one is not remembered. */
  private epoch = 0;
  private readonly sub: Subscription;
  private readonly unregister: () => void;

  constructor(private readonly database: Database) {
    this.sub = database.subscribe(TOKEN_CHANNEL, {
      message: (hash) => { this.epoch++; this.entries.delete(hash); },
      reset: () => this.clear(),
    });
    this.unregister = onLocalRevocation(() => this.clear());
  }

  clear() {
    this.epoch++;
    this.entries.clear();
  }

  /** The token behind `key`, from memory when it can be vouched for, else from the database. */
  async find(key: string): Promise<KnownToken | undefined> {
    if (!/^[0-9a-f]{40}$/.test(key)) return undefined;
    const hash = hashKey(key);
    const hit = this.entries.get(hash);
    if (hit && this.sub.live && Date.now() - hit.checkedAt < RECHECK_MS) return hit;
    const epoch = this.epoch;
    const found = await findTokenByHash(this.database.db, hash);
    if (found && epoch === this.epoch && this.sub.live) this.remember(hash, found);
    else this.entries.delete(hash);
    return found;
  }

  private remember(hash: string, t: KnownToken) {
    this.entries.delete(hash);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { ...t, checkedAt: Date.now() });
  }

  async close() {
    this.unregister();
    this.entries.clear();
    await this.sub.close();
  }
}
