import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorToasts } from '../notify/error-toasts';

/** Shows an error as red toasts, one per message (see error-toasts.ts). */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback((error: unknown, fallback?: string) => {
    for (const message of errorToasts(error, fallback)) notify(message, { type: 'error', messageArgs: { _: message } });
  }, [notify]);
}
