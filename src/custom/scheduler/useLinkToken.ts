/**
 * The booking link's token: the address's fragment (`/book/#token`), which browsers never send to a
 * server. Followed on `hashchange`, so a carrier who pastes another link into the same tab sees that one.
 */
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};
const read = () => {
  const raw = window.location.hash.replace(/^#/, '').trim();
  try { return decodeURIComponent(raw); } catch { return raw; }
};

export function useLinkToken(): string {
  return useSyncExternalStore(subscribe, read);
}
