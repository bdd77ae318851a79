/**
 * Terminal company rules.
 * Lockout: a company moved to `locked` must carry a lockout date and reason (why loads are
 * refused and since when). Leaving `locked` clears both, so an active company never shows a
 * stale reason; a lockout date or reason on a company that is not locked is refused.
 */
import type { ResourceHooks } from '../../engine/hooks';
import { ErrorBag } from '../../engine/errors';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

export const terminalCompanyHooks: ResourceHooks = {
  beforeWrite({ input, current }) {
    const v = input.values;
    const after = { ...(current ?? {}), ...v };
    const errors = new ErrorBag();
    if (after.status === 'locked') {
      if (blank(after.lockout_date)) errors.add('lockout_date', 'A locked company needs the date it was locked out.');
      if (blank(after.lockout_reason)) errors.add('lockout_reason', 'A locked company needs the reason it was locked out.');
    } else {
      for (const f of ['lockout_date', 'lockout_reason']) {
        if (!blank(v[f])) errors.add(f, 'Only a locked company has a lockout date and reason; set the status to Locked.');
      }
      if (current?.status === 'locked') {
        v.lockout_date = null;
        v.lockout_reason = null;
      }
    }
    errors.throwIfAny();
  },
};
