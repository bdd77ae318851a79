/**
 * Where a resource's list lives for the user. Resources with a configuration screen of spec 01 §2
 * are listed there; the others at react-admin's `/{resource}`. Create/edit/delete return to it.
 */
import { buildPath } from '../routes/params';
import { ROUTES } from '../routes/table';

const CONFIG_LISTS: Record<string, string> = {
  user: buildPath(ROUTES.configUser.path),
  party: buildPath(ROUTES.configParties.path),
  facility: buildPath(ROUTES.configFacilities.path),
  product: buildPath(ROUTES.configProducts.path),
  application_configuration: buildPath(ROUTES.applicationConfiguration.path),
};

export function listPathOf(resource: string): string {
  return CONFIG_LISTS[resource] ?? `/${resource}`;
}
