/**
 * Which terminal resource each `company/terminalboss/...` screen shows (docs/terminal.md, Screens), as
 * the resources declare it (their `screen`): the route table and the page registry read it, generic pages of these resources forward to it, and
 * saves/creates/deletes return to it (home-paths.ts). Pure data beside the route table, so both
 * generic code and the terminal's pages may import it; the mapping is unit-tested.
 */
import type { ScreenDecl } from '../resources/define';
import { resources } from '../resources/index';
import { TB_V3_AT } from '../resources/terminal/common';

export const TB = 'company/terminalboss';

/** A terminal screen as its resource declares it (`screen`), with the resource and its permission model. */
export interface TerminalScreen extends ScreenDecl {
  resource: string;
  /** Permission model (`terminalboss.{model}`): the route needs `view_{model}`. */
  model: string;
}

export const TERMINAL_SCREENS: readonly TerminalScreen[] = resources
  .filter((r) => r.screen?.at === TB_V3_AT)
  .map((r) => ({ ...r.screen!, resource: r.name, model: r.perms.model }));

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
