/**
 * Which side of a two-sided record the caller is on (docs/partners.md, Two-sided records): the
 * engine's scope already lets only the owner and the partner read it; the moves of its lifecycle
 * belong to one side each (the partner sends, the owner approves), checked here in one place.
 */
import type { Ctx } from '../../engine/context';
import { forbidden } from '../../engine/errors';
import type { Row } from '../../engine/serialize';

export const isOwner = (ctx: Ctx, row: Row) => ctx.user.companyId !== null && row.company === ctx.user.companyId;
export const isPartner = (ctx: Ctx, row: Row) => ctx.user.companyId !== null && row.partner_company === ctx.user.companyId;

/** Refuses (403) a move that belongs to the other side, saying whose it is. */
export function requireSide(ctx: Ctx, row: Row, side: 'owner' | 'partner', what: string) {
  if (side === 'owner' ? !isOwner(ctx, row) : !isPartner(ctx, row)) {
    throw forbidden(side === 'owner' ? `Only the shipper ${what}.` : `Only the partner that made it ${what}.`);
  }
}
