/**
 * The screens resources outside the terminal declare (`screen`, docs/architecture.md, Screens;
 * docs/rail.md §11): their list, record and create routes, and the guard every one of them gets,
 * derived from the declaration (the resource's feature, the right to read its records as the server
 * grants it, and its menu codes). Plain data beside the route table, so the table, the menu and
 * the generic pages' forwarding (home-paths.ts) read the same paths.
 */
import type { Resource } from '../resources/define';
import { resources } from '../resources/index';
import { TB_V3_AT } from '../resources/terminal/common';
import type { RouteAccess } from './guard';

export type ScreenKind = 'list' | 'record' | 'create';

/** A declared screen's route paths (without the leading slash): `paths` where given, else `{at}/{slug}/` for the list. */
export function screenPaths(r: Pick<Resource, 'screen'>): Partial<Record<ScreenKind, string>> {
  const s = r.screen;
  if (!s) return {};
  return { list: s.paths?.list ?? `${s.at}/${s.slug}/`, ...(s.paths?.record ? { record: s.paths.record } : {}), ...(s.paths?.create ? { create: s.paths.create } : {}) };
}

/** The guard of every route of a resource's screens. */
export const screenAccess = (r: Resource): RouteAccess => ({
  reads: r.name,
  ...(r.screen?.codes?.length ? { anyCode: r.screen.codes } : {}),
  ...(r.feature ? { feature: r.feature } : {}),
});

/** The declared screens, terminal ones aside (terminal-screens.ts maps those). */
export const DECLARED = resources.filter((r) => r.screen && r.screen.at !== TB_V3_AT);

const byPath = new Map<string, { resource: Resource; kind: ScreenKind }>(
  DECLARED.flatMap((r) => Object.entries(screenPaths(r)).map(([kind, path]) => [path, { resource: r, kind: kind as ScreenKind }] as const)),
);

/** The resource and kind of screen a route path is declared for, if any. */
export const declaredScreenOf = (path: string) => byPath.get(path);

/** The screens of a resource, by resource name. */
export const declaredScreenOfResource = (name: string) => DECLARED.find((r) => r.name === name);
