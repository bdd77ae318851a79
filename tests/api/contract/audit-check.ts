/**
 * The audit trail, checked on every call the contract suites make (docs/audit.md, Tests): a call
 * that wrote answers with entries that all name its caller (the token's user) and carry its request
 * id and route. A write made outside the engine's stamped transactions (an entry naming no one)
 * fails the call that made it, so a resource or action added later is covered without a test of
 * its own. Calls without a token (sign-in, sign-up) are not the trail's to check.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/connection';
import { rawRows } from '../../../server/db/connection';
import type { Answer, Call } from './client';

interface Entry { id: number; user_id: number | null; request_id: string | null; via: string | null; model: string; event_type: string }

/** `call`, with every answered write's new entries checked; `userOf` names a token's user. */
export function auditedCall(database: Database, call: Call, userOf: (token: string) => Promise<number>): Call {
  return async (method, url, o = {}) => {
    // A read writes nothing to check (and the suites read far more than they write).
    if (method === 'GET' || !o.token) return call(method, url, o);
    // From just before the call: a test's own writes between calls are no call's.
    const [{ seen }] = await rawRows<{ seen: number }>(database.db, sql`select coalesce(max(id), 0)::int as seen from audit_crud`);
    const answer: Answer = await call(method, url, o);
    const entries = await rawRows<Entry>(database.db, sql`select id, user_id, request_id, via, model, event_type from audit_crud where id > ${seen} order by id`);
    if (!entries.length) return answer;
    const user = await userOf(o.token);
    const requestId = String(answer.headers['x-request-id']);
    const wrong = entries.filter((e) => e.user_id !== user || e.request_id !== requestId || !e.via);
    if (wrong.length) {
      throw new Error(`${method} ${url} (${answer.status}) wrote audit entries that do not name its caller ${user} and request ${requestId}: ${JSON.stringify(wrong.slice(0, 5))}`);
    }
    return answer;
  };
}
