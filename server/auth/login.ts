/** `POST auth/login/ {email, password}` -> `{key}`, throttled per (email, address), email and address (login-throttle.ts). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { tableOf } from '../db/tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { badRequest } from '../engine/errors';
import { admitAttempt, attemptSucceeded } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { parseFields } from '../engine/action-input';
import { LOGIN_INPUT } from './auth-inputs';
import { issueToken } from './tokens';
import { actingAs } from '../audit/request-scope';

const INVALID = 'Unable to log in with provided credentials.';
/** Verifying against a dummy hash keeps the answer time the same whether or not the email exists. */
let dummyHash: Promise<string> | undefined;

export async function login(s: Services, req: FastifyRequest): Promise<{ key: string }> {
  const input = parseFields(LOGIN_INPUT, req.body);
  const email = String(input.email).toLowerCase();
  const password = String(input.password);
  const db = s.database.db;
  await admitAttempt(db, s.config.throttle, email, req.ip);
  const u = tableOf(userRes);
  const [row] = await db.select({ id: u.id, password: u.password, active: u.is_active, name: u.name, company: u.company }).from(u).where(eq(sql`lower(${u.email})`, email));
  dummyHash ??= hashPassword('not-a-real-password');
  const check = await verifyPassword(password, row?.password ?? (await dummyHash));
  if (!row || !check.ok || !row.active) throw badRequest({ non_field_errors: [INVALID] });
  await attemptSucceeded(db, email, req.ip);
  // The request log names who signed in (docs/audit.md, Requests).
  actingAs(req, { id: row.id, label: (row.name || email).slice(0, 254), companyId: row.company });
  const updates: Record<string, unknown> = { last_login: new Date() };
  if (check.needsRehash) updates.password = await hashPassword(password);
  await db.update(u).set(updates).where(eq(u.id, row.id));
  const { key } = await issueToken(db, row.id);
  return { key };
}
