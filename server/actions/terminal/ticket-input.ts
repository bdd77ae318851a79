/** Body checks shared by the ticket actions: every failure is a 400 naming the field. */
import { and, inArray } from 'drizzle-orm';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { isUuid } from '../../engine/field-schemas';
import { scopeOf, selectionOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';

export const MAX_TICKETS_PER_CALL = 500;

export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  return body as Record<string, unknown>;
}

/** What is wrong with a `ticket_ids` value, or null. */
export function ticketIdsError(raw: unknown, max = MAX_TICKETS_PER_CALL): string | null {
  if (!Array.isArray(raw) || raw.length === 0) return 'Give a non-empty list of ticket ids.';
  if (raw.length > max) return `At most ${max} tickets per call.`;
  const bad = raw.filter((x) => typeof x !== 'string' || !isUuid(x));
  return bad.length ? `Not valid ticket ids: ${bad.map(String).join(', ')}.` : null;
}

/** A non-empty list of distinct ticket UUIDs (lower-cased), in the order given. */
export function ticketIdsOf(raw: unknown, max = MAX_TICKETS_PER_CALL): string[] {
  const error = ticketIdsError(raw, max);
  if (error) throw badRequest({ ticket_ids: [error] });
  return [...new Set((raw as string[]).map((x) => x.toLowerCase()))];
}

/**
 * The tickets visible to the user, in the order asked; ids that are unknown or of another company
 * are one 400 (not a 404: the call itself exists). `lock` takes row locks for an update.
 */
export async function visibleTickets(db: Db, ctx: Ctx, ids: string[], lock = false): Promise<Row[]> {
  const t = tableOf(ticket);
  let q = db.select(selectionOf(ticket)).from(t).where(and(inArray(t.id, ids), scopeOf(ctx, ticket))).orderBy(t.id).$dynamic();
  if (lock) q = q.for('update');
  const rows = await q;
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw badRequest({ ticket_ids: [`Unknown ticket(s): ${missing.join(', ')}.`] });
  return ids.map((id) => byId.get(id)!);
}
