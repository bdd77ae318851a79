/**
 * Text PostgreSQL cannot store: a NUL character (refused in text and jsonb) or a lone surrogate
 * (node-postgres would write it as U+FFFD, silently changing the value). Messages are DRF's.
 */
import type { FieldErrors } from './errors';

export const NUL_MESSAGE = 'Null characters are not allowed.';
export const surrogateMessage = (code: number) => `Surrogate characters are not allowed: U+${code.toString(16).toUpperCase()}.`;
const PROTO_MESSAGE = 'This key is not allowed.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first problem of a string for the database: a NUL, or a lone surrogate. */
export function textProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  if (!LONE_SURROGATE.test(s)) return undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return surrogateMessage(c);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return surrogateMessage(c);
    }
  }
  return undefined;
}

/** `a.b[2]` */
const pathText = (path: (string | number)[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');

/**
 * Per-field messages for strings and keys the database cannot store. The message is keyed by the
 * top-level field (where a form shows it); a nested place is named after the message.
 */
export function bodyProblems(value: unknown): FieldErrors {
  const errors = Object.create(null) as FieldErrors; // keys are the client's (`__proto__` too)
  const add = (path: (string | number)[], message: string) => {
    const key = typeof path[0] === 'string' ? path[0] : 'non_field_errors';
    const where = path.length > 1 || typeof path[0] === 'number' ? ` (at ${pathText(path)})` : '';
    const list = (errors[key] ??= []);
    if (list.length < 5) list.push(message.replace(/\.$/, `${where}.`));
  };
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) add(path, problem);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...path, i]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const keyProblem = textProblem(k);
        if (keyProblem) add([...path, k], keyProblem);
        else if (k === '__proto__' || (k === 'constructor' && x !== null && typeof x === 'object' && 'prototype' in x)) add([...path, k], PROTO_MESSAGE);
        else walk(x, [...path, k]);
      }
    }
  };
  walk(value, []);
  return errors;
}

