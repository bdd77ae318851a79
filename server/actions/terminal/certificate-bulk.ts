/**
 * `POST certificate/bulk_update_date/` `{model, ids, expiry_date}` and `bulk_delete_date/`
 * `{model, ids}` (clears the date) over the three kinds of held certificates.
 * Mounted as a small route module rather than a declared resource: "certificate" is not an entity
 * of its own (a declaration would create an empty table); the model named in the body decides
 * the permission (`change_<model>`) and the table. Mounted at `/api/certificate/` (the path the
 * screens call, beside `certificatetype/`) and at `/api/terminalboss/v3/certificate/` (beside the holders).
 * All or nothing: every id must be a certificate of the caller's company, or nothing is written.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { tableOf } from '../../db/tables';
import { ErrorBag, badRequest, forbidden } from '../../engine/errors';
import { isUuid } from '../../engine/field-schemas';
import { can, scopeOf } from '../../engine/operations';
import { HELD_CERTIFICATES } from '../../../src/resources/terminal/held-certificates';

const MODELS = Object.fromEntries(HELD_CERTIFICATES.map((r) => [r.perms.model, r]));
export const MAX_BULK_IDS = 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseBody(body: unknown, withDate: boolean) {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest({ non_field_errors: ['Expected an object {model, ids' + (withDate ? ', expiry_date}' : '}') + '.'] });
  const errors = new ErrorBag();
  const r = typeof b.model === 'string' ? MODELS[b.model] : undefined;
  if (!r) errors.add('model', `Expected one of ${Object.keys(MODELS).join(', ')}.`);
  const ids = b.ids;
  if (!Array.isArray(ids) || !ids.length) errors.add('ids', 'Expected a non-empty list of certificate ids.');
  else if (ids.length > MAX_BULK_IDS) errors.add('ids', `At most ${MAX_BULK_IDS} certificates at a time.`);
  else if (ids.some((x) => typeof x !== 'string' || !isUuid(x))) errors.add('ids', 'Every id must be a certificate UUID.');
  let date: string | null = null;
  if (withDate) {
    const d = b.expiry_date;
    if (typeof d !== 'string' || !DAY.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || !new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)) {
      errors.add('expiry_date', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    } else date = d;
  }
  errors.throwIfAny();
  return { r: r!, ids: [...new Set((ids as string[]).map((x) => x.toLowerCase()))], date };
}

export function mountCertificateBulk(app: FastifyInstance, s: Services) {
  const db = s.database.db;
  for (const base of ['/api/certificate', '/api/terminalboss/v3/certificate']) {
    for (const [action, withDate] of [['bulk_update_date', true], ['bulk_delete_date', false]] as const) {
      app.post(`${base}/${action}/`, async (req) => {
        const ctx = req.ctx!;
        const { r, ids, date } = parseBody(req.body, withDate);
        if (!can(ctx, r, 'change')) throw forbidden();
        const t = tableOf(r);
        return db.transaction(async (tx) => {
          const found = await tx.select({ id: t.id }).from(t).where(and(inArray(t.id, ids), scopeOf(ctx, r))).for('update');
          const seen = new Set(found.map((x) => String(x.id)));
          const missing = ids.filter((x) => !seen.has(x));
          if (missing.length) throw badRequest({ ids: [`Not found: ${missing.join(', ')}. Nothing was changed.`] });
          await tx.update(t).set({ expiry_date: date, version: sql`${t.version} + 1`, updated_at: sql`now()` }).where(inArray(t.id, ids));
          return { model: r.perms.model, updated: ids.length, expiry_date: date };
        });
      });
    }
  }
}
