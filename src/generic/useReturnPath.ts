/**
 * Where a generic create or edit page returns after a save: the page that sent the user there
 * (`?back=/company/...`, e.g. a contract adding one of its price lines), else the page's own
 * fallback (a transfer limit's allocation), else the resource's list.
 * Only a path of this app is followed, never another site.
 */
import { useLocation } from 'react-router-dom';
import { listPathOf } from './home-paths';

export function useReturnPath(resource: string, fallback?: string): string {
  const back = new URLSearchParams(useLocation().search).get('back');
  return back && back.startsWith('/') && !back.startsWith('//') ? back : fallback ?? listPathOf(resource);
}
