/**
 * The dirty flag (docs/shell.md, Forms): set while a save or delete is in flight. It disables the form's
 * buttons, and while it is set the browser asks before the page is closed, since the change may not
 * have reached the server yet. Kept in memory (not react-admin's persisted store): a flag left over
 * from a crashed tab must not survive a reload.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };

export const isInFlight = () => pending > 0;

export async function trackInFlight<T>(work: () => Promise<T>): Promise<T> {
  pending++;
  emit();
  try {
    return await work();
  } finally {
    pending--;
    emit();
  }
}

export function useInFlight() {
  const inFlight = useSyncExternalStore(subscribe, isInFlight, isInFlight);
  useEffect(() => {
    if (!inFlight) return;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [inFlight]);
  const run = useCallback(<T,>(work: () => Promise<T>) => trackInFlight(work), []);
  return { inFlight, run };
}
