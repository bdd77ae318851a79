/**
 * Terminal users (docs/terminal.md, Terminal users): a generated password, the next free numeric username, and an
 * administrator setting a user's password.
 *
 * Numeric usernames: the lowest number from 1001 up that no terminal user of the company holds.
 * Usernames are unique per company (not per site), so a number used at another site is not free;
 * the `server` parameter names the site the user is being created for and must be one of the
 * caller's sites.
 */
import { randomInt } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { tableOf } from '../../db/tables';
import { badRequest } from '../../engine/errors';
import { scopeOf, update } from '../../engine/operations';
import { passwordProblems } from '../../../src/lib/password-policy';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';

export const FIRST_NUMERIC_USERNAME = 1001;

// No look-alike characters (0/O, 1/l/I), so a password read out at the scale house is typed right.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%*-_+=?';

/** 14 characters from a CSPRNG, with at least one of each class (meets src/lib/password-policy.ts). */
export function generatePasswordText(length = 14): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [LOWER, UPPER, DIGITS, SYMBOLS].map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export const generatePassword: ActionHandler = async () => ({ password: generatePasswordText() });

/** The lowest free number; `server` (declared, one of the caller's sites) is the site the user is created for. */
export const availableNumericUsername: ActionHandler = async (a) => {
  const t = tableOf(terminalUser);
  const rows = await a.db.select({ u: t.username }).from(t).where(and(scopeOf(a.ctx, terminalUser), sql`${t.username} ~ '^[0-9]{1,9}$'`));
  const taken = new Set(rows.map((r) => Number(r.u)));
  let n = FIRST_NUMERIC_USERNAME;
  while (taken.has(n)) n++;
  return { username: String(n) };
};

/** An administrator sets a terminal user's password: through the generic update (hashed, versioned), never shown again. */
export const setTerminalUserPassword: ActionHandler = async ({ db, ctx, resource, record, input }) => {
  const problems = passwordProblems(input.password as string, { email: typeof record!.email === 'string' ? record!.email : undefined });
  if (problems.length) throw badRequest({ password: problems });
  await update(db, ctx, resource, String(record!.id), { password: input.password, version: record!.version });
  return { detail: 'Password set.' };
};
