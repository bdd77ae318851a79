/** Breadcrumb trail of a route: Home, the group, then each route of the table whose path is a prefix. */
import type { RouteDef } from './define-route';
import { type AnyParams, buildPath } from './params';
import { ALL_ROUTES, GROUP_LABELS } from './table';

export interface Crumb { label: string; to?: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const staticPrefix = (path: string) => path.split('/').filter(Boolean);

/** `recordLabel`: the label of the record the route shows, in place of its id (e.g. a ticket's number). */
export function breadcrumbs(def: Pick<RouteDef, 'path' | 'label'>, params: AnyParams, recordLabel?: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  const segments = staticPrefix(def.path);
  if (!segments.length) return [{ label: 'Home' }];
  const group = GROUP_LABELS[segments[0]];
  if (group && segments.length > 1) crumbs.push({ label: group });
  // Ancestors: table routes whose segments are a strict prefix of this one (optional params dropped).
  for (let n = 1; n < segments.length; n++) {
    const prefix = segments.slice(0, n);
    const parent = ALL_ROUTES.find((r) => {
      const s = staticPrefix(r.path).filter((x) => !x.endsWith('?'));
      return r.path !== def.path && s.length === n && s.every((x, i) => x === prefix[i]) && !r.redirect;
    });
    if (parent) {
      try { crumbs.push({ label: parent.label, to: buildPath(parent.path, params) }); } catch { /* needs params we do not have */ }
    }
  }
  // A full UUID names nothing a person reads (the page's own title names the record): left out of the trail.
  const named = Object.entries(params).filter(([, v]) => v !== undefined).map(([, v]) => String(v)).filter((v) => !UUID.test(v));
  // `new` in place of a record id is the create form of that route (terminal entities).
  if (named.length === 1 && named[0] === 'new') crumbs.push({ label: `New ${def.label.toLowerCase()}` });
  else if (recordLabel) crumbs.push({ label: `${def.label} ${recordLabel}` });
  else crumbs.push({ label: named.length ? `${def.label} ${named.join(' / ')}` : def.label });
  return crumbs;
}
