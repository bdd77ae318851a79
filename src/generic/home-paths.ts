/**
 * Where a resource's list lives for the user. Resources with a screen of the route table (docs/shell.md, Routes: configuration,
 * the fleet and its history) are listed there, terminal resources at their `company/terminalboss/...`
 * route (one mapping: custom/terminal/screens.ts), resources that declare their screen's paths
 * (the rail area, routes/declared-screens.ts) at those; the others at react-admin's `/{resource}`.
 * Create/edit/delete return to it. SCREEN_LISTS keeps the screens of resources that declare none.
 */
import { buildPath } from '../routes/params';
import { ROUTES } from '../routes/table';
import { screenOfResource, terminalCreatePath, terminalListPath, terminalRecordPath } from '../routes/terminal-screens';
import { declaredScreenOfResource, screenPaths } from '../routes/declared-screens';

const SCREEN_LISTS: Record<string, string> = {
  user: buildPath(ROUTES.configUser.path),
  party: buildPath(ROUTES.configParties.path),
  facility: buildPath(ROUTES.configFacilities.path),
  product: buildPath(ROUTES.configProducts.path),
  application_configuration: buildPath(ROUTES.applicationConfiguration.path),
  car: buildPath(ROUTES.fleetCarsTable.path),
  car_event: buildPath(ROUTES.traceCarHistory.path),
};

/** The paths a resource's declared screen gives (declared-screens.ts). */
function declared(resource: string) {
  const r = declaredScreenOfResource(resource);
  return r ? screenPaths(r) : {};
}

/** A record path with its one parameter, the record's id. */
const withId = (path: string, id: string | number) => buildPath(path.replace(/:(\w+)\??\//, ':id/'), { id });

export function listPathOf(resource: string): string {
  const screen = screenOfResource(resource);
  const list = declared(resource).list;
  return SCREEN_LISTS[resource] ?? (list ? buildPath(list) : screen ? terminalListPath(screen) : `/${resource}`);
}

/** The page of one record when it has its own route (terminal records, declared record routes), else undefined (generic pages). */
export function recordPathOf(resource: string, id: string | number): string | undefined {
  const screen = screenOfResource(resource);
  const record = declared(resource).record;
  return record ? withId(record, id) : screen ? terminalRecordPath(screen, id) : undefined;
}

/** The create page when it has its own route (terminal forms, declared create routes), else undefined (generic pages). */
export function createPathOf(resource: string): string | undefined {
  const screen = screenOfResource(resource);
  const create = declared(resource).create;
  return create ? buildPath(create) : screen ? terminalCreatePath(screen) : undefined;
}
