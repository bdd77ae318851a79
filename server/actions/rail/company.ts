/**
 * The rail desk's actions on the company (docs/rail.md §6.7), joined to the company's behaviour
 * (server/actions/accounts/behaviours.ts): a railroad found or added by name, and the platform
 * companies the company's parties are. Their rights are the party's (`of: party` on the
 * declaration); the company's contracts are in contract-lists.ts.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { company } from '../../../src/resources/accounts/company';
import { party } from '../../../src/resources/logistics/party';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { fieldError } from '../../engine/errors';
import { create, scopeOf, selectionOf, serializeRows } from '../../engine/operations';

/**
 * `POST company/create_related_carrier_company/ {company_id, carrier_company_name}`: the company's
 * railroad party of that name (case-insensitive) as it is (200), or a new one of type railroad (201).
 */
export const createRelatedCarrierCompany: ActionHandler = async ({ db, ctx, input }) => {
  if (input.company_id !== ctx.user.companyId) throw fieldError('company_id', 'Add railroads to the company you act for.');
  const name = String(input.carrier_company_name);
  const t = tableOf(party);
  const found = await db.select(selectionOf(party)).from(t)
    .where(and(eq(t.company, input.company_id as number), sql`lower(${t.name}) = lower(${name})`)).orderBy(asc(t.id)).limit(1);
  if (found.length) return (await serializeRows(db, party, found))[0];
  return created(await create(db, ctx, party, { name, party_type: 'railroad' }));
};

/** `GET company/wheelhouse/`: the platform companies the company's parties name, with those parties. */
export const wheelhouse: ActionHandler = async ({ db, ctx }) => {
  const p = tableOf(party);
  const links = await db.select({ party: p.id, company: p.platform_company }).from(p)
    .where(and(scopeOf(ctx, party), isNotNull(p.platform_company))).orderBy(asc(p.id));
  if (!links.length) return [];
  const c = tableOf(company);
  const companies = await db.select({ id: c.id, name: c.name, code: c.code, company_type: c.company_type }).from(c)
    .where(inArray(c.id, [...new Set(links.map((l) => l.company as number))])).orderBy(asc(c.name));
  return companies.map((x) => ({ ...x, parties: links.filter((l) => l.company === x.id).map((l) => l.party) }));
};
