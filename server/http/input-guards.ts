/**
 * Request input the database or the engine cannot take is refused at the door, with a 400 that
 * names the field or parameter, so no route (generic or domain action) meets it:
 * - JSON bodies: valid UTF-8 only (decoded with a fatal TextDecoder, never turned into U+FFFD), at
 *   most MAX_JSON_DEPTH levels deep (checked before parsing), no NUL characters and no lone
 *   surrogates in any key or string (PostgreSQL refuses NUL in text and jsonb; a lone surrogate
 *   would be stored as U+FFFD), no `__proto__` / `constructor.prototype` keys;
 * - query strings and path parameters: no NUL characters.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { type FieldErrors, HttpError, badRequest } from '../engine/errors';
import { bodyProblems, textProblem } from '../engine/storable-text';

export const MAX_JSON_DEPTH = 32;
const DEPTH_MESSAGE = `Nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The deepest nesting of a JSON text, found without parsing it (JSON.parse of a megabyte of `[`
 * would build the whole structure first), and the top-level key under which it first passes the cap.
 */
function tooDeep(text: string): { key: string | null } | undefined {
  let depth = 0;
  let lastTopString: [number, number] | null = null;
  let topIsObject = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: skip to its closing quote
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      if (depth === 1) lastTopString = [start, i + 1];
    } else if (c === 0x7b || c === 0x5b) { // { [
      if (depth === 0) topIsObject = c === 0x7b;
      if (++depth > MAX_JSON_DEPTH) {
        let key: string | null = null;
        if (topIsObject && lastTopString) {
          try { key = JSON.parse(text.slice(lastTopString[0], lastTopString[1])) as string; } catch { key = null; }
        }
        return { key };
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/** The JSON body parser: UTF-8, depth, NUL and surrogate checks before any route sees the body. */
export function parseJsonBody(_req: FastifyRequest, body: Buffer): unknown {
  if (body.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new HttpError(400, { detail: 'The request body is not valid UTF-8.' });
  }
  const deep = tooDeep(text);
  if (deep) throw badRequest({ [deep.key ?? 'non_field_errors']: [DEPTH_MESSAGE] });
  const value: unknown = JSON.parse(text); // a SyntaxError answers "Malformed JSON" (app error handler)
  const problems = bodyProblems(value);
  if (Object.keys(problems).length) throw badRequest(problems);
  return value;
}

/** Query parameters and path parameters with a NUL answer 400 with the parameter as the key. */
export function checkParams(req: FastifyRequest): void {
  const errors = Object.create(null) as FieldErrors; // keys are the client's
  for (const source of [req.query, req.params]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, raw] of Object.entries(source as Record<string, unknown>)) {
      const values = Array.isArray(raw) ? raw : [raw];
      const problem = textProblem(key) ?? values.map((v) => (typeof v === 'string' ? textProblem(v) : undefined)).find(Boolean);
      if (problem) (errors[key] ??= []).push(problem);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Installs the JSON parser and the parameter check on the app (all routes, registered or not yet). */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    try { done(null, parseJsonBody(req, body as Buffer)); } catch (e) { done(e as Error, undefined); }
  });
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (req, _reply, done) => {
    try { checkParams(req); done(); } catch (e) { done(e as Error); }
  });
}
