/**
 * Where a resource's list lives for the user. Resources with a screen of the route table (docs/shell.md, Routes: configuration,
 * the fleet and its history) are listed there, terminal resources at their `company/terminalboss/...`
 * route (one mapping: custom/terminal/screens.ts); the others at react-admin's `/{resource}`.
 * Create/edit/delete return to it.
 */
import { buildPath } from '../routes/params';
import { ROUTES } from '../routes/table';
import { screenOfResource, terminalCreatePath, terminalListPath, terminalRecordPath } from '../routes/terminal-screens';

const SCREEN_LISTS: Record<string, string> = {
  user: buildPath(ROUTES.configUser.path),
  party: buildPath(ROUTES.configParties.path),
  facility: buildPath(ROUTES.configFacilities.path),
  product: buildPath(ROUTES.configProducts.path),
  application_configuration: buildPath(ROUTES.applicationConfiguration.path),
  car: buildPath(ROUTES.fleetCarsTable.path),
  car_event: buildPath(ROUTES.traceCarHistory.path),
};

export function listPathOf(resource: string): string {
  const screen = screenOfResource(resource);
  return SCREEN_LISTS[resource] ?? (screen ? terminalListPath(screen) : `/${resource}`);
}

/** The page of one record when it has its own route (terminal records), else undefined (generic pages). */
export function recordPathOf(resource: string, id: string | number): string | undefined {
  const screen = screenOfResource(resource);
  return screen ? terminalRecordPath(screen, id) : undefined;
}

/** The create page when it has its own route (terminal forms), else undefined (generic pages). */
export function createPathOf(resource: string): string | undefined {
  const screen = screenOfResource(resource);
  return screen ? terminalCreatePath(screen) : undefined;
}
