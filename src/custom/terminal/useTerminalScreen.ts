/** The terminal screen (and resource declaration) a route page is about, from the one mapping. */
import type { RouteDef } from '../../routes/define-route';
import { getResource } from '../../resources/index';
import { screenOfPath } from '../../routes/terminal-screens';

export function terminalScreenOf(route: Pick<RouteDef, 'path'>) {
  const hit = screenOfPath(route.path);
  if (!hit) throw new Error(`No terminal screen for ${route.path}`);
  return { ...hit, resource: getResource(hit.screen.resource) };
}
