/**
 * Two-sided records (docs/partners.md, Two-sided records): a row of a resource that declares
 * `partner` belongs to its owner (`company`) and to the partner companies its `partner.path` (and
 * `partner.also`) chains end at. The owner reads its rows but those the declaration hides from it
 * (the partner's drafts) and, for a view of what it shares, those that name no partner; a partner
 * reads the rows that name it, of another owner, while the partnership holds (`through`), and of
 * those only the ones it is shown (`partnerSees`). Nobody else reads any. This one condition is
 * the tenancy of such a resource, so every list, record, count, label, export, reference check
 * and action applies it.
 */
import { type SQL, and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PartnerDecl, Resource } from '../../src/resources/define';
import { tableOf } from '../db/tables';
import { columnOf } from './computed';
import { chainEndsWith } from './own-rows';

type Shared = Resource & { partner: PartnerDecl };

/** Any of the resource's partner chains ends at a column for which `end` holds. */
const anyChain = (r: Shared, end: (column: SQL) => SQL): SQL => {
  const chains = [r.partner.path, ...r.partner.also ?? []];
  return chains.length === 1 ? chainEndsWith(r, chains[0], end) : or(...chains.map((c) => chainEndsWith(r, c, end)))!;
};

export function partnerScope(r: Shared, company: number): SQL {
  const t = tableOf(r);
  const { through, hiddenFromOwner: hidden, sharedOnly, partnerSees: shown } = r.partner;
  const owner = and(
    eq(t.company, company),
    hidden ? notInArray(columnOf(r, hidden.field, t), [...hidden.values]) : undefined,
    sharedOnly ? sharedRows(r) : undefined,
  )!;
  const isPartner = (c: SQL) => sql`${c} = ${company}`;
  const partner = and(
    ne(t.company, company),
    anyChain(r, isPartner),
    through ? chainEndsWith(r, through, isPartner) : undefined,
    shown ? inArray(columnOf(r, shown.field, t), [...shown.values]) : undefined,
  )!;
  return or(owner, partner)!;
}

/**
 * The rows of a view of what is shared (`sharedOnly`) that name a partner other than their owner:
 * what the view is, whoever reads it (platform staff included, who are bound by no company).
 */
export function sharedRows(r: Shared): SQL {
  const t = tableOf(r);
  return anyChain(r, (c) => sql`${c} is not null and ${c} <> ${t.company}`);
}
