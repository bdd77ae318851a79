/**
 * The element of every route of the table: checks the parameters (a malformed number is a 404),
 * forwards redirect routes, applies the permission guard, then shows the breadcrumb and the page
 * (or the "not built yet" page). The session itself is required by <Admin requireAuth>; public
 * (auth) routes never touch the profile, since asking for it signed out would log out again.
 */
import { Navigate, useParams } from 'react-router-dom';
import { Loading } from 'react-admin';
import type { RouteDef } from './define-route';
import { type AnyParams, parseParams } from './params';
import { decide } from './guard';
import { breadcrumbs } from './breadcrumbs';
import { LazyPage } from './LazyPage';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { NotFound } from '../layout/NotFound';
import { NotBuilt } from '../layout/NotBuilt';
import { useProfile } from '../layout/useProfile';

function Page({ def, params }: { def: RouteDef; params: AnyParams }) {
  return def.page ? <LazyPage loader={def.page} props={{ params, route: def }} /> : <NotBuilt def={def} />;
}

function GuardedPage({ def, params }: { def: RouteDef; params: AnyParams }) {
  const { permissions, isPending } = useProfile();
  if (isPending) return <Loading />;
  if (decide(def, { authenticated: true, profile: permissions }) === 'unauthorized') return <Navigate to="/unauthorized/" replace />;
  if (def.redirect) return <Navigate to={def.redirect(params)} replace />;
  return (
    <>
      <Breadcrumbs crumbs={breadcrumbs(def, params)} />
      <Page def={def} params={params} />
    </>
  );
}

export function RoutePage({ def }: { def: RouteDef }) {
  const parsed = parseParams(def.path, useParams());
  if (!parsed.ok) return <NotFound />;
  if (def.public) return def.redirect ? <Navigate to={def.redirect(parsed.params)} replace /> : <Page def={def} params={parsed.params} />;
  return <GuardedPage def={def} params={parsed.params} />;
}
