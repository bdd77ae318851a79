import { useState } from 'react';
import { useNotifyError } from './useNotifyError';

/**
 * A screen's one-at-a-time actions: `busy` while one runs (for disabling its buttons), and a
 * failure shown as error toasts instead of thrown.
 */
export function useBusyAction() {
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch (e) { notifyError(e); } finally { setBusy(false); }
  };
  return { busy, run };
}
