/**
 * The element of every route of the table: checks the parameters (a malformed number is a 404),
 * forwards redirect routes, applies the permission guard, then shows the breadcrumb and the page
 * (or the "not built yet" page). The session itself is required by <Admin requireAuth>; public
 * (auth) routes never touch the profile, since asking for it signed out would log out again.
 */
import { Navigate, useParams } from 'react-router-dom';
import { Loading, useGetOne } from 'react-admin';
import { getResource } from '../resources/index';
import type { PageLoader, RouteDef } from './define-route';
import { type AnyParams, parseParams } from './params';
import { decide } from './guard';
import { breadcrumbs } from './breadcrumbs';
import { LazyPage } from './LazyPage';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { NotFound } from '../layout/NotFound';
import { NotBuilt } from '../layout/NotBuilt';
import { useProfile } from '../hooks/useProfile';

interface Shown { def: RouteDef; params: AnyParams; page?: PageLoader }

function Page({ def, params, page }: Shown) {
  // One page instance per route: without the key React reuses the previous route's page (and its
  // tables' sort, filters and paging) for the next route, which asked for the old sort (docs/table.md, Table state).
  return page ? <LazyPage key={def.path} loader={page} props={{ params, route: def }} /> : <NotBuilt def={def} />;
}

/** The trail, naming a shown record by its label rather than its id (one request, shared with the page). */
function RouteCrumbs({ def, params }: { def: RouteDef; params: AnyParams }) {
  // The record's id is the route's parameter (`entityUUID` of a terminal route, `contractId`...).
  const raw = def.record ? params.entityUUID ?? Object.values(params).find((v) => v !== undefined) : undefined;
  const id = raw !== undefined && raw !== 'new' ? String(raw) : undefined;
  const { data } = useGetOne(def.record ?? '', { id: id ?? '' }, { enabled: Boolean(id), retry: false });
  const label = id && data ? getResource(def.record!).choiceLabel(data) : undefined;
  return <Breadcrumbs crumbs={breadcrumbs(def, params, label)} />;
}

function GuardedPage({ def, params, page }: Shown) {
  const { permissions, isPending } = useProfile();
  if (isPending) return <Loading />;
  if (decide(def, { authenticated: true, profile: permissions }) === 'unauthorized') return <Navigate to="/unauthorized/" replace />;
  if (def.redirect) return <Navigate to={def.redirect(params)} replace />;
  return (
    <>
      {!def.bare && <RouteCrumbs def={def} params={params} />}
      <Page def={def} params={params} page={page} />
    </>
  );
}

/** `page` comes from the page registry (the app's root), so this module reaches no page itself. */
export function RoutePage({ def, page }: { def: RouteDef; page?: PageLoader }) {
  const parsed = parseParams(def.path, useParams());
  if (!parsed.ok) return <NotFound />;
  if (def.public) return def.redirect ? <Navigate to={def.redirect(parsed.params)} replace /> : <Page def={def} params={parsed.params} page={page} />;
  return <GuardedPage def={def} params={parsed.params} page={page} />;
}
