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
import { and, eq, sql } from 'drizzle-orm';
import type { ActionHandler, ActionArgs } from '../registry';
import { tableOf } from '../../db/tables';
import { badRequest, forbidden } from '../../engine/errors';
import { get, scopeOf } from '../../engine/operations';
import { hashPassword } from '../../auth/passwords';
import { requireString } from '../../auth/login';
import { passwordProblems } from '../../../src/lib/password-policy';
import { hasPermissions } from '../../../src/authProvider/permissions';
import { contentType, codename } from '../../../src/resources/define';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { requireSite } from './location-actions';

export const FIRST_NUMERIC_USERNAME = 1001;

/** The helpers serve the create and the edit form: either permission will do. */
function requireAddOrChange(a: ActionArgs) {
  const ct = contentType(a.resource);
  const ok = ['add', 'change'].some((v) => hasPermissions(a.ctx.user.profile, { [ct]: [codename(a.resource, v as 'add')] }));
  if (!ok) throw forbidden();
}

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

export const generatePassword: ActionHandler = async (a) => {
  requireAddOrChange(a);
  a.reply.header('cache-control', 'no-store');
  return { password: generatePasswordText() };
};

export const availableNumericUsername: ActionHandler = async (a) => {
  requireAddOrChange(a);
  const raw = Array.isArray(a.query.server) ? a.query.server.at(-1) : a.query.server;
  await requireSite(a.db, a.ctx, raw, 'server');
  const t = tableOf(terminalUser);
  const rows = await a.db.select({ u: t.username }).from(t).where(and(scopeOf(a.ctx, terminalUser), sql`${t.username} ~ '^[0-9]{1,9}$'`));
  const taken = new Set(rows.map((r) => Number(r.u)));
  let n = FIRST_NUMERIC_USERNAME;
  while (taken.has(n)) n++;
  return { username: String(n) };
};

export const setTerminalUserPassword: ActionHandler = async ({ db, ctx, resource, id, body }) => {
  const target = await get(db, ctx, resource, id!);
  const pw = requireString(body, 'password');
  const problems = passwordProblems(pw, { email: typeof target.email === 'string' ? target.email : undefined });
  if (problems.length) throw badRequest({ password: problems });
  const t = tableOf(terminalUser);
  await db.update(t).set({ password: await hashPassword(pw), version: sql`${t.version} + 1`, updated_at: sql`now()` }).where(eq(t.id, target.id as string));
  return { detail: 'Password set.' };
};
