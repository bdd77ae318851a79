/**
 * What of an error may go to the log: the logger's `err` serializer (server/app.ts), so every
 * `log.x({ err })` anywhere gets it.
 *
 * A failed statement's error carries its SQL parameters: drizzle's DrizzleQueryError has them in
 * `params` and in its message and stack ("Failed query: ...\nparams: ..."), and PostgreSQL's own
 * error repeats row values in `detail` ("Key (email)=(...) already exists") and `where`. For a
 * write those are a password hash, emails, a user's data. The log keeps what finds the fault (the
 * SQL text with its $n placeholders, the error code, constraint, table, column) and never the
 * values, at any level.
 */

const KEPT = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'statusCode'] as const;
const PARAMS = '\nparams: ';

export interface LoggableError { type: string; message: string; stack: string; query?: string; cause?: LoggableError; [k: string]: unknown }

/** The message without a "params: ..." tail. */
function withoutParams(text: string): string {
  const at = text.indexOf(PARAMS);
  return at < 0 ? text : text.slice(0, at);
}

/** The stack with the parameters cut out of its first (message) part; the frames stay. */
function stackWithoutParams(stack: string): string {
  const at = stack.indexOf(PARAMS);
  if (at < 0) return stack;
  const frames = stack.indexOf('\n    at ', at);
  return stack.slice(0, at) + (frames < 0 ? '' : stack.slice(frames));
}

export function loggableError(e: unknown, depth = 0): LoggableError {
  if (!(e instanceof Error)) return { type: typeof e, message: withoutParams(String(e)), stack: '' };
  const src = e as Error & Record<string, unknown>;
  const out: LoggableError = { type: e.constructor?.name ?? 'Error', message: withoutParams(e.message), stack: e.stack ? stackWithoutParams(e.stack) : '' };
  if (typeof src.query === 'string') out.query = src.query;
  for (const k of KEPT) if (typeof src[k] === 'string' || typeof src[k] === 'number') out[k] = src[k];
  if (src.cause !== undefined && depth < 4) out.cause = loggableError(src.cause, depth + 1);
  return out;
}
