/**
 * `partner/picker/{name}/` (docs/partners.md, Picker): the choices a partner may pick from, and
 * nothing more: the contracts shared with (or by) its company, its orders, and the products,
 * facilities and railroads those contracts name, by their labels. Each takes the choices'
 * `search` (part of the label) and `limit`; another name answers 404 naming the pickers there are.
 */
import { and, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partnerRailContract } from '../../../src/resources/partner/rail-contract';
import { partnerRailOrder } from '../../../src/resources/partner/rail-order';
import { registry } from '../../../src/resources/index';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { type Choice, MAX_CHOICES, choices, limitOf } from '../../engine/choices';
import type { Ctx } from '../../engine/context';
import { HttpError, badRequest } from '../../engine/errors';
import { labelsFor } from '../../engine/labels';
import type { Query } from '../../engine/list-query';
import { authorize, scopeOf } from '../../engine/operations';

/** The references of the shared contracts a picker offers: picker name -> contract field. */
const NAMED: Record<string, string> = { products: 'product', facilities: 'facility', railroads: 'carrier' };
export const PARTNER_PICKERS = ['contracts', 'orders', ...Object.keys(NAMED)];

export async function partnerPicker(db: Db, ctx: Ctx, name: string, query: Query): Promise<unknown> {
  if (name === 'contracts') return choices(db, ctx, partnerRailContract, query);
  if (name === 'orders') return choices(db, ctx, partnerRailOrder, query);
  const field = NAMED[name];
  if (!field) throw new HttpError(404, { detail: `No picker "${name}": ${PARTNER_PICKERS.join(', ')}.` });
  authorize(ctx, partnerRailContract, 'view');
  const { search, limit, ...rest } = query;
  const unknown = Object.keys(rest);
  if (unknown.length) throw badRequest(Object.fromEntries(unknown.map((k) => [k, ['Unknown parameter: this picker takes search and limit.']])));
  const t = tableOf(partnerRailContract);
  const rows: { id: unknown }[] = await db.selectDistinct({ id: t[field] }).from(t).where(and(scopeOf(ctx, partnerRailContract), isNotNull(t[field])));
  const f = partnerRailContract.fields[field];
  const target = registry.get(f.kind === 'ref' ? f.to : '')!;
  // Named on a shared contract, so shared with it (server/engine/labels.ts).
  const labels = await labelsFor(db, ctx, target, rows.map((x) => x.id), true);
  const term = typeof search === 'string' ? search.trim().toLowerCase() : '';
  const out: Choice[] = [...labels].map(([id, label]) => ({ id: Number(id), label }))
    .filter((c) => !term || c.label.toLowerCase().includes(term))
    .sort((a, b) => a.label.localeCompare(b.label) || Number(a.id) - Number(b.id));
  return out.slice(0, limitOf(limit, 50, MAX_CHOICES));
}

export function mountPartnerPicker(app: FastifyInstance, db: Db) {
  app.get('/api/partner/picker/:name/', async (req: FastifyRequest<{ Params: { name: string }; Querystring: Query }>) => partnerPicker(db, req.ctx!, req.params.name, req.query));
}
