/**
 * The colour of a status chip (docs/shell.md, Status chips): settled-good states green, ended/blocked states red,
 * anything else (pending, draft, in progress...) or no value the warning colour. Pure, unit-tested.
 */
import type { ChipState } from '../resources/fields';

export type ChipColor = 'success' | 'error' | 'warning';

const GREEN = new Set(['active', 'completed', 'valid', 'attached']);
const RED = new Set(['inactive', 'void', 'expired', 'locked']);

export function chipColor(value: unknown): ChipColor {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (GREEN.has(v)) return 'success';
  if (RED.has(v)) return 'error';
  return 'warning';
}

/** What a chip's colour is read from: a coded value's declared meaning (`{ P: 'active' }`), else the value itself. */
export function chipStatus(chip: boolean | Readonly<Record<string, ChipState>> | undefined, value: unknown): unknown {
  return typeof chip === 'object' && typeof value === 'string' ? chip[value] ?? value : value;
}

/** Days from `today` to a `YYYY-MM-DD` expiry date (negative once expired); null without a date. */
export function daysUntil(expiry: unknown, today: Date = new Date()): number | null {
  if (typeof expiry !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(expiry)) return null;
  const [y, m, d] = expiry.slice(0, 10).split('-').map(Number);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.UTC(y, m - 1, d) - start) / 86_400_000);
}

/** A held certificate's state: expired before today, expiring within 30 days, else valid (none without a date). */
export function expiryState(expiry: unknown, today: Date = new Date()): { status: 'expired' | 'expiring' | 'valid'; label: string } | null {
  const days = daysUntil(expiry, today);
  if (days === null) return null;
  if (days < 0) return { status: 'expired', label: 'Expired' };
  if (days <= 30) return { status: 'expiring', label: days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}` };
  return { status: 'valid', label: 'Valid' };
}
