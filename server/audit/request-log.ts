/**
 * The request log (docs/audit.md, Requests): one `audit_request` row per API request, with its
 * method, route, path, status, duration, user and address, never its body, query string or
 * headers. Rows are kept in memory and written in batches (every FLUSH_MS or BATCH rows), apart
 * from the requests, so logging costs a request nothing; a crash loses at most the last second.
 * Rows older than the retention are deleted, at most once an hour.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { requestEvent } from '../../src/resources/audit/request-event';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { actorOf, routePath } from './request-scope';

const FLUSH_MS = 1000;
const BATCH = 200;
const PRUNE_MS = 3_600_000;

/**
 * Requests not logged: the health probe a load balancer asks every few seconds, and reads of the
 * request log itself (each would change the log under its reader: a page, its count and its
 * export would disagree). Reads of the record changes are logged.
 */
const UNLOGGED = /^\/api\/(health|audit\/request)\//;
const logged = (req: FastifyRequest) => req.url.startsWith('/api/') && !UNLOGGED.test(req.url);

type Entry = Record<string, unknown>;

export class RequestLog {
  private rows: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  constructor(private db: Db, private retentionDays: number, private onError: (err: unknown) => void) {}

  add(req: FastifyRequest, reply: FastifyReply) {
    if (!logged(req)) return;
    const actor = actorOf(req);
    this.rows.push({
      company: actor?.companyId ?? null,
      method: req.method.slice(0, 10),
      route: routePath(req).slice(0, 300),
      url: req.url.split('?')[0].slice(0, 500),
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime),
      user: actor?.id || null,
      user_label: actor?.label || null,
      request_id: String(req.id).slice(0, 64),
      remote_ip: req.ip.slice(0, 64),
    });
    if (this.rows.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => { void this.flush(); }, FLUSH_MS).unref();
  }

  /** Writes what is waiting (and what is being written by an earlier call) before it resolves. */
  flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    const batch = this.rows.splice(0);
    this.writing = this.writing.then(async () => {
      const t = tableOf(requestEvent);
      if (batch.length) await this.db.insert(t).values(batch as never);
      if (Date.now() - this.prunedAt > PRUNE_MS) {
        this.prunedAt = Date.now();
        await this.db.delete(t).where(lt(t.created_at, sql`now() - make_interval(days => ${this.retentionDays})`));
      }
    }).catch(this.onError);
    return this.writing;
  }
}

/** Logs every API request of `app`; the list of requests reads this process's waiting rows too. */
export function registerRequestLog(app: FastifyInstance, db: Db, retentionDays: number): RequestLog {
  const log = new RequestLog(db, retentionDays, (err) => app.log.error({ err }, 'request log not written'));
  // As the answer is sent (not after): a reader's next request finds it.
  app.addHook('onSend', async (req, reply, payload) => { log.add(req, reply); return payload; });
  app.addHook('preHandler', async (req) => { if (req.url.startsWith(`/api/${requestEvent.name}/`)) await log.flush(); });
  app.addHook('onClose', async () => { await log.flush(); });
  return log;
}
