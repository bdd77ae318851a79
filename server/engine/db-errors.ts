/** Database errors that are the client's fault become 4xx answers; the rest stay 500s. */
import type { Resource } from '../../src/resources/define';
import { type FieldErrors, HttpError, badRequest, conflict } from './errors';

interface PgError { code?: string; constraint?: string; detail?: string }

export function pgErrorOf(e: unknown): PgError | undefined {
  let cur = e as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 4; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur as PgError;
    cur = cur.cause as typeof cur;
  }
  return undefined;
}

/**
 * A value PostgreSQL refused (class 22, data exception) or a statement too large for it (54000,
 * program limit: too many parameters or too deep an expression) is the client's input: a 400, not
 * a 500. The engine validates first (field-schemas.ts, list-query.ts); this is the net for what
 * domain actions pass on unchecked.
 */
export function dataErrorAnswer(e: unknown): FieldErrors | undefined {
  const code = pgErrorOf(e)?.code;
  if (!code) return undefined;
  if (code === '22021' || code === '22P05') return { non_field_errors: ['Null characters and unpaired surrogates are not allowed.'] };
  if (code === '22003') return { non_field_errors: ['A number is out of range.'] };
  if (code === '22007' || code === '22008') return { non_field_errors: ['A date or time is out of range or malformed.'] };
  if (code === '22P02') return { non_field_errors: ['A value is malformed (e.g. an id that is not a valid UUID or number).'] };
  if (code.startsWith('22')) return { non_field_errors: ['A value is out of range or malformed.'] };
  if (code === '54000' || code === '54001' || code === '54023') return { non_field_errors: ['The request is too large for one query: send fewer values.'] };
  return undefined;
}

export function translateDbError(e: unknown, r: Resource, op: 'write' | 'delete'): never {
  const pgErr = pgErrorOf(e);
  switch (pgErr?.code) {
    case '23505': {
      const unique = [...r.unique, ...Object.keys(r.fields).filter((n) => r.fields[n].unique).map((n) => [n])]
        .find((cols) => pgErr.constraint === `${r.table}_${cols.join('_')}_uniq`);
      const shown = unique?.filter((c) => c !== 'company') ?? [];
      if (shown.length) throw badRequest(Object.fromEntries(shown.map((c) => [c, [`A ${r.label.toLowerCase()} with this ${shown.join(' and ').replace(/_/g, ' ')} already exists.`]])));
      throw badRequest({ non_field_errors: ['A record with these values already exists.'] });
    }
    // 23001: a reference declared `onDelete: 'restrict'` (PostgreSQL reports it apart from 23503).
    case '23001': case '23503':
      if (op === 'delete') throw conflict(`This ${r.label.toLowerCase()} cannot be deleted because other records refer to it.`);
      throw badRequest({ non_field_errors: ['A referenced record does not exist.'] });
    // A declared check (`Resource.checks`): a rule the rows must keep, broken by a write that raced another.
    case '23514':
      throw conflict(`This ${r.label.toLowerCase()} breaks the rule "${pgErr.constraint?.replace(`${r.table}_`, '').replace(/_/g, ' ') ?? 'of its table'}": it was changed at the same time. Reload it and try again.`);
    case '23502':
      throw badRequest({ non_field_errors: ['A required value is missing.'] });
    case '57014':
      throw new HttpError(503, { detail: 'The database took too long to answer. Narrow the request and try again.' });
    case '40001': case '40P01':
      throw conflict('The record was changed at the same time by another request. Try again.');
  }
  const data = dataErrorAnswer(e);
  if (data) throw badRequest(data);
  throw e;
}
