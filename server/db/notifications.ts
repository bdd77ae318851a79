/**
 * PostgreSQL notifications (`LISTEN` / `pg_notify`) for process-local caches that must hear what
 * other processes change. A subscription is `live` only while it is certainly receiving: on
 * PostgreSQL a dedicated connection that reconnects after a loss, on PGlite the instance itself.
 * Whenever messages may have been missed (before the first LISTEN, after a lost connection) the
 * subscriber's `reset` runs, so a cache can drop everything it could no longer vouch for.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface SubscriptionHandlers {
  message(payload: string): void;
  reset(): void;
}

export interface Subscription {
  /** True while notifications are certainly being received. */
  readonly live: boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A dedicated node-postgres connection that LISTENs, and reconnects when it is lost. */
export function pgSubscription(url: string, channel: string, h: SubscriptionHandlers): Subscription {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    if (client === null) return;
    client.removeAllListeners();
    client.on('error', () => { /* already handled */ });
    client.end().catch(() => undefined);
    client = null;
    live = false;
    h.reset();
    if (!closed) timer = setTimeout(connect, RECONNECT_MS);
  };
  const connect = () => {
    timer = undefined;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => { if (n.channel === channel) h.message(n.payload ?? ''); });
    c.connect()
      .then(() => c.query(`LISTEN ${quoteIdent(channel)}`))
      .then(() => {
        if (client !== c) return;
        // Anything sent before LISTEN took effect was missed.
        h.reset();
        live = true;
      })
      .catch(lost);
  };
  connect();
  return {
    get live() { return live; },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      live = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** PGlite delivers notifications of its own (single) instance; it cannot lose them. */
export function pgliteSubscription(db: PGlite, channel: string, h: SubscriptionHandlers): Subscription {
  let live = false;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const ready = db.listen(channel, (payload) => h.message(payload)).then((u) => {
    unlisten = u;
    if (closed) return u();
    h.reset();
    live = true;
  });
  ready.catch(() => undefined);
  return {
    get live() { return live; },
    async close() {
      closed = true;
      live = false;
      await ready.catch(() => undefined);
      if (unlisten && !db.closed) await unlisten().catch(() => undefined);
    },
  };
}
