/**
 * Pieces shared by the terminal-management declarations (docs/terminal.md, Terminal records).
 * Terminal records are addressed by UUID, belong to a company and remember which terminal site
 * (server) created them; the older v2 screens address the same records by a short number.
 */
import type { ScreenDecl } from '../define';
import { choice, integer, ref } from '../fields';

export const SITE = 'terminalboss/v3/site';
export const TB_COMPANY = 'terminalboss/v3/company';
export const TB_PRODUCT = 'terminalboss/v3/product';
export const TB_LOCATION = 'terminalboss/v3/location';
export const TB_USER = 'terminalboss/v3/user';
export const TB_VEHICLE = 'terminalboss/v3/vehicle';
export const TB_DRIVER = 'terminalboss/v3/driver';
export const TB_TICKET = 'terminalboss/v3/ticket';
export const TB_SERVICE_CONTRACT = 'terminalboss/v3/service-contract';
export const TB_SERVICE_CONTRACT_TICKET = 'terminalboss/v3/service-contract-ticket';
export const TB_TICKET_INVOICE = 'terminalboss/v3/ticket-invoice';
export const TB_CROSS_BORDER_CONTRACT = 'terminalboss/v3/cross-border-contract';
export const TB_TICKET_INVOICE_LINE = 'terminalboss/v3/ticket-invoice-line';
export const MEASUREMENT_UNIT = 'terminalboss/measurementunit';
export const COMPANY_TYPE = 'terminalboss/companytype';

export const v3 = { app: 'terminalboss' } as const;
/** The company subscription the terminal screens and API need. */
export const TERMINAL_FEATURE = 'terminalboss';

/** The site that created a record (terminal servers sync their records up). */
export const createdByServer = () => ref(SITE, { label: 'Created by site', index: true });

/** The number the older v2 screens (`.../{entityId}`) address a record by. */
export const legacyNumber = () => integer({ identity: true, label: 'No.', unique: true });

/** Active / inactive master data, with a pending state for records awaiting review. */
export const masterStatus = () => choice(
  [['pending', 'Pending'], ['active', 'Active'], ['inactive', 'Inactive']],
  {
    default: 'active', index: true, chip: true,
    transitions: { initial: ['pending', 'active'], moves: { pending: ['active', 'inactive'], active: ['inactive'], inactive: ['active'] } },
  },
);

/** Canadian provinces and territories, plus the US states terminals commonly deal with, for plates and licences. */
export const JURISDICTIONS = [
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
  'MT', 'ND', 'SD', 'WA', 'ID', 'MN', 'TX', 'OK', 'WY',
].map((c) => [c, c] as const);

/** What every terminal record shares: the `terminalboss` app and feature, the tenant company, a UUID id. */
/** Where the terminal's v3 screens sit in the route table. */
export const TB_V3_AT = 'company/terminalboss/v3';

/** A terminal v3 screen: `company/terminalboss/v3/{slug}/` and its record and form routes, behind the terminal menu code. */
export const terminalScreen = (slug: string, o: Omit<ScreenDecl, 'at' | 'slug'> = {}): ScreenDecl =>
  ({ at: TB_V3_AT, slug, codes: ['access_menu__v3__overview'], ...o });

export const terminalRecords = (model: string) =>
  ({ perms: { app: 'terminalboss', model }, feature: TERMINAL_FEATURE, tenant: 'company' as const, idKind: 'uuid' as const });
