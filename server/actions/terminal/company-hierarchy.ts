/**
 * `terminalboss/companyhierarchy/choices/?company_type_code=CUS&stockholder=<uuid>`: the companies
 * that deal under a stockholder in one role, as `[{label, company_table_id, company_type_key}]`
 * (`company_type_key` is the company type's code, e.g. `CUS`). Either parameter may be left out.
 * Without both, `choices/` keeps the generic `[{id, label}]` answer of every resource.
 */
import { and, asc, eq } from 'drizzle-orm';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest } from '../../engine/errors';
import { isUuid } from '../../engine/field-schemas';
import { scopeOf } from '../../engine/operations';
import { tableOf } from '../../db/tables';
import { companyHierarchy } from '../../../src/resources/terminal/company-hierarchy';
import { terminalCompany } from '../../../src/resources/terminal/terminal-company';
import { companyType } from '../../../src/resources/terminal/company-type';

const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

export const companyHierarchyBehaviour = defineBehaviour(companyHierarchy, {
  hooks: {
    async choices({ db, ctx, query }) {
      const code = one(query.company_type_code) as string | undefined;
      const stockholder = one(query.stockholder) as string | undefined;
      if (code === undefined && stockholder === undefined) return undefined;
      if (stockholder !== undefined && !isUuid(stockholder)) throw badRequest({ stockholder: [`"${stockholder}" is not a valid UUID.`] });
      const h = tableOf(companyHierarchy);
      const c = tableOf(terminalCompany);
      const ct = tableOf(companyType);
      const rows = await db.selectDistinct({ label: c.name, company_table_id: c.id, company_type_key: ct.company_type_code })
        .from(h)
        .innerJoin(c, eq(c.id, h.company_table))
        .innerJoin(ct, eq(ct.id, h.company_type))
        .where(and(
          scopeOf(ctx, companyHierarchy),
          code ? eq(ct.company_type_code, code) : undefined,
          stockholder ? eq(h.stockholder, stockholder.toLowerCase()) : undefined,
        ))
        .orderBy(asc(c.name), asc(c.id), asc(ct.company_type_code));
      return rows;
    },
  },
});
