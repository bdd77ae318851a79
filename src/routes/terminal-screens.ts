/**
 * Which terminal resource each `company/terminalboss/...` screen shows (docs/terminal.md, Screens), in ONE place:
 * the route table and the page registry read it, generic pages of these resources forward to it, and
 * saves/creates/deletes return to it (home-paths.ts). Pure data beside the route table, so both
 * generic code and the terminal's pages may import it; the mapping is unit-tested.
 */
import {
  SITE, TB_COMPANY, TB_DRIVER, TB_LOCATION, TB_PRODUCT, TB_TICKET, TB_USER, TB_VEHICLE,
} from '../resources/terminal/common';

export const TB = 'company/terminalboss';

export interface TerminalScreen {
  /** The v3 path segment: `v3/{slug}/` lists, `v3/{slug}/{entityUUID}/` shows one record. */
  slug: string;
  resource: string;
  /** Permission model (`terminalboss.{model}`): the route needs `view_{model}`. */
  model: string;
  /** The `v3/{form}/` create route (and `v3/{form}/{entityUUID}/` edit), where the route table has one (docs/terminal.md, Screens). */
  form?: string;
  /** False where the route table has no detail route (the record then opens in the generic page). */
  detail?: boolean;
  /** The older v2 screens over the same resource (`{v2}/table/`, `{v2}/create/`, `{v2}/{entityId}/`). */
  v2?: string;
}

export const TERMINAL_SCREENS: readonly TerminalScreen[] = [
  { slug: 'ticket', model: 'ticket', resource: TB_TICKET, v2: 'ticketview' },
  { slug: 'ticketwastedisposal', model: 'ticketwastedisposal', resource: 'terminalboss/v3/ticketwastedisposal' },
  { slug: 'unattachedFiles', model: 'unattachedfile', resource: 'terminalboss/v3/unattached-files', detail: false },
  { slug: 'product', model: 'product', resource: TB_PRODUCT, form: 'product-form', v2: 'product' },
  { slug: 'gipproduct', model: 'gipproduct', resource: 'terminalboss/v3/gipproduct', detail: false },
  { slug: 'location', model: 'location', resource: TB_LOCATION, form: 'location-form', v2: 'location' },
  { slug: 'site', model: 'site', resource: SITE },
  { slug: 'vehicle', model: 'vehicle', resource: TB_VEHICLE },
  { slug: 'user', model: 'user', resource: TB_USER },
  { slug: 'staff', model: 'staff', resource: 'terminalboss/v3/staff' },
  { slug: 'driver', model: 'driver', resource: TB_DRIVER, v2: 'driver' },
  { slug: 'gcanalysis', model: 'gcanalysis', resource: 'terminalboss/v3/gcanalysis' },
  { slug: 'certification', model: 'certification', resource: 'terminalboss/v3/certification' },
  { slug: 'company', model: 'company', resource: TB_COMPANY, form: 'company-form', v2: 'company' },
  { slug: 'useraccess', model: 'useraccess', resource: 'terminalboss/v3/useraccess' },
  { slug: 'route', model: 'route', resource: 'terminalboss/v3/route' },
];

/** Create/edit happens in the detail route under this id when the entity has no form route. */
export const NEW_ID = 'new';

const bySlug = new Map(TERMINAL_SCREENS.map((s) => [s.slug, s]));
const byResource = new Map(TERMINAL_SCREENS.map((s) => [s.resource, s]));
const byForm = new Map(TERMINAL_SCREENS.filter((s) => s.form).map((s) => [s.form!, s]));
const byV2 = new Map(TERMINAL_SCREENS.filter((s) => s.v2).map((s) => [s.v2!, s]));

export const screenOfResource = (resource: string) => byResource.get(resource);

/** The screen a route path belongs to: `company/terminalboss/v3/location-form/:entityUUID/` -> location. */
export function screenOfPath(path: string): { screen: TerminalScreen; kind: 'list' | 'detail' | 'form' | 'v2' } | undefined {
  const m = /^company\/terminalboss\/(v3\/)?([^/]+)\//.exec(path);
  if (!m) return undefined;
  if (!m[1]) { const s = byV2.get(m[2]); return s && { screen: s, kind: 'v2' }; }
  const form = byForm.get(m[2]);
  if (form) return { screen: form, kind: 'form' };
  const s = bySlug.get(m[2]);
  if (!s) return undefined;
  return { screen: s, kind: /:entityUUID/.test(path) && !/:entityUUID\?/.test(path) ? 'detail' : 'list' };
}

const enc = encodeURIComponent;

export const terminalListPath = (s: TerminalScreen) => `/${TB}/v3/${s.slug}/`;

/** Where one record opens: its detail route (the `-form/{entityUUID}/` routes show the same page). */
export function terminalRecordPath(s: TerminalScreen, id: string | number): string | undefined {
  return s.detail === false ? undefined : `/${TB}/v3/${s.slug}/${enc(String(id))}/`;
}

/** Where a new record is keyed in: the form route, else the detail route with id `new`. */
export function terminalCreatePath(s: TerminalScreen): string | undefined {
  if (s.form) return `/${TB}/v3/${s.form}/`;
  return s.detail === false ? undefined : `/${TB}/v3/${s.slug}/${NEW_ID}/`;
}

export const v2ListPath = (s: TerminalScreen) => (s.v2 ? `/${TB}/${s.v2}/table/` : undefined);
export const v2RecordPath = (s: TerminalScreen, legacyId: number) => (s.v2 ? `/${TB}/${s.v2}/${legacyId}/` : undefined);
