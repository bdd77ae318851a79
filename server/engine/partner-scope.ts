/**
 * Two-sided records (docs/partners.md, Two-sided records): a row of a resource that declares
 * `partner` belongs to its owner (`company`) and to the partner company its `partner.path` ends
 * at. The owner reads its rows but those the declaration hides from it (the partner's drafts) and,
 * for a view of what it shares, those that name no partner; the partner reads the rows that name
 * it, of another owner, while the partnership holds (`through`). Nobody else reads any. This one condition is the tenancy of such a
 * resource, so every list, record, count, label, export, reference check and action applies it.
 */
import { type SQL, and, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PartnerDecl, Resource } from '../../src/resources/define';
import { tableOf } from '../db/tables';
import { columnOf } from './computed';
import { chainEndsWith } from './own-rows';

export function partnerScope(r: Resource & { partner: PartnerDecl }, company: number): SQL {
  const t = tableOf(r);
  const { path, through, hiddenFromOwner: hidden, sharedOnly } = r.partner;
  const owner = and(
    eq(t.company, company),
    hidden ? notInArray(columnOf(r, hidden.field, t), [...hidden.values]) : undefined,
    sharedOnly ? chainEndsWith(r, path, (c) => sql`${c} is not null and ${c} <> ${company}`) : undefined,
  )!;
  const isPartner = (chain: readonly string[]) => chainEndsWith(r, chain, (c) => sql`${c} = ${company}`);
  const partner = and(ne(t.company, company), isPartner(path), through ? isPartner(through) : undefined)!;
  return or(owner, partner)!;
}

/**
 * The rows of a view of what is shared (`sharedOnly`) that name a partner other than their owner:
 * what the view is, whoever reads it (platform staff included, who are bound by no company).
 */
export function sharedRows(r: Resource & { partner: PartnerDecl }): SQL {
  const t = tableOf(r);
  return chainEndsWith(r, r.partner.path, (c) => sql`${c} is not null and ${c} <> ${t.company}`);
}
