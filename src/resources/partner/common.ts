/**
 * Pieces shared by the partner declarations (docs/partners.md): the records two companies that
 * trade by rail share live in the `wheelhouse` app and need the `rail` subscription on both sides.
 */
import { RAIL_FEATURE } from '../rail/common';

export const partnerRecords = (model: string) => ({ perms: { app: 'wheelhouse', model }, feature: RAIL_FEATURE, tenant: 'company' as const });

/**
 * An order or a nomination: made by its partner (`partner_company`), read by it while the contract
 * is still shared with it (its party is the partner on the platform); the partner's drafts are its
 * own, the owner reads one once it is sent.
 */
export const PARTNER_DRAFTS = {
  path: ['partner_company'], through: ['contract', 'party', 'platform_company'], hiddenFromOwner: { field: 'status', values: ['draft'] },
} as const;
