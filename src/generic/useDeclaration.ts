import { useResourceContext } from 'react-admin';
import { getResource } from '../resources/index';
import type { Resource } from '../resources/define';

/** The declaration of the resource the current react-admin page is about. */
export function useDeclaration(): Resource {
  const name = useResourceContext();
  if (!name) throw new Error('useDeclaration outside a resource page');
  return getResource(name);
}
