/** The shape of one entry of the route table, and the helper that keeps each path's params typed. */
import type { ComponentType } from 'react';
import type { AnyParams, RouteParams } from './params';
import type { RouteAccess } from './guard';

export interface PageProps<P extends AnyParams = AnyParams> { params: P; route: RouteDef }
export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

export interface RouteOptions<P extends string> {
  /** Breadcrumb label. */
  label: string;
  access?: RouteAccess;
  /** Auth routes: shown without the layout and without a session. */
  public?: boolean;
  /** A document alone in its tab (a printed bill of lading): without the layout, but signed in and guarded. */
  bare?: boolean;
  /** The resource whose record the route's `entityUUID` names: the breadcrumb shows that record's label. */
  record?: string;
  /** A route that only forwards somewhere else (method syntax: the table holds routes of many path types). */
  redirect?(params: RouteParams<P>): string;
}

export interface RouteDef<P extends string = string> extends RouteOptions<P> {
  /** React-router path without the leading slash, e.g. `company/reports/:reportId/`. */
  path: P;
}

export function route<P extends string>(path: P, options: RouteOptions<P>): RouteDef<P> {
  return { path, ...options };
}
