/**
 * Who may try a password now. Guessing stays throttled, but nobody can lock a user out of the
 * account from somewhere else: a single email counter (the earlier rule) let a burst of wrong
 * passwords from any address refuse the real user everywhere for the whole window.
 *
 *  - per (email, address) pair: the first `delayAfter` attempts are answered at once, each further
 *    one only after `delayMs`, then twice as long each time, and past `perEmailAddress` the pair is
 *    refused until the window ends. This is what stops the attacker's own address.
 *  - per email, from every address: a higher ceiling (`perEmail`) that still stops a guess spread
 *    over many addresses; it does not apply to an address the user signed in from in the last
 *    KNOWN_DAYS days, so even then the user gets in from where they usually do.
 *  - per address, whatever the emails (`perAddress`): one address guessing many accounts.
 * The delay is held before the password is checked: a guesser that hangs up early learns nothing.
 */
import type { Db } from '../db/connection';
import type { Config } from '../config';
import { tooMany } from '../engine/errors';
import { clearAttempts, countAttempt, forgiveAttempt, isMarked, mark } from './throttle';

const KNOWN_DAYS = 30;
const MAX_DELAY_MS = 30_000;

const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const knownKey = (email: string, ip: string) => `known:${email}|${ip}`;

/** Counts this attempt; throws 429 when it may not be tried, or waits the pair's delay first. */
export async function admitAttempt(db: Db, t: Config['throttle'], email: string, ip: string): Promise<void> {
  const [byPair, byEmail, byAddress] = await Promise.all([
    countAttempt(db, pairKey(email, ip), t.windowSeconds),
    countAttempt(db, `email:${email}`, t.windowSeconds),
    countAttempt(db, `ip:${ip}`, t.windowSeconds),
  ]);
  const refuse = () => tooMany(`Too many sign-in attempts. Try again in ${Math.ceil(t.windowSeconds / 60)} minutes or reset your password.`);
  if (byPair > t.perEmailAddress || byAddress > t.perAddress) throw refuse();
  if (byEmail > t.perEmail && !(await isMarked(db, knownKey(email, ip), KNOWN_DAYS * 86_400))) throw refuse();
  if (byPair > t.delayAfter) {
    const ms = Math.min(MAX_DELAY_MS, t.delayMs * 2 ** (byPair - t.delayAfter - 1));
    await new Promise((r) => setTimeout(r, ms));
  }
}

/**
 * After a right password: the pair starts afresh, the attempt does not count toward the email's
 * ceiling, and the address is one the user signs in from.
 */
export async function attemptSucceeded(db: Db, email: string, ip: string): Promise<void> {
  await clearAttempts(db, pairKey(email, ip));
  await forgiveAttempt(db, `email:${email}`);
  await mark(db, knownKey(email, ip));
}
