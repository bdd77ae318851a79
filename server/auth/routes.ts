/** The routes under /api/auth/ (docs/api.md, Authentication). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { tableOf } from '../db/tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { badRequest } from '../engine/errors';
import { login } from './login';
import { parseFields } from '../engine/action-input';
import { PASSWORD_CHANGE_INPUT } from './auth-inputs';
import { revokeToken } from './tokens';
import { confirmReset, newPasswordOf, requestReset } from './password-reset';
import { hashPassword, verifyPassword } from './passwords';
import { storePassword } from './password-store';
import { socialConnect, socialLogin, startSocial } from './social';
import { describeInvitation, signUpByInvitation } from './invitation-signup';
import { invalidateAccess } from './access';
import { startResetQueue } from './reset-queue';
import { PUBLIC } from '../http/public-routes';

/** Routes flagged PUBLIC answer without a token; every other one needs it (server/http/public-routes.ts). */
export function mountAuthRoutes(app: FastifyInstance, s: Services) {
  const db = s.database.db;
  startResetQueue(app, s);
  app.post('/api/auth/login/', PUBLIC, async (req) => login(s, req));
  app.post('/api/auth/logout/', async (req, reply) => {
    await revokeToken(db, req.ctx!.user.tokenId);
    // A shared terminal PC keeps nothing of the session: the browser drops its cache and the app's
    // storage (browsers honour it over HTTPS and on localhost; the app clears its token itself anyway).
    void reply.header('clear-site-data', '"cache", "storage"');
    return { detail: 'Successfully logged out.' };
  });
  app.get('/api/auth/providers/', PUBLIC, async () =>
    Object.entries(s.config.oidc).map(([name, p]) => ({ name, label: p.label ?? name, issuer: p.issuer, client_id: p.audience })));
  app.post('/api/auth/password/reset/', PUBLIC, async (req) => requestReset(s, req));
  app.post('/api/auth/password/reset/confirm/', PUBLIC, async (req) => confirmReset(s, req));
  app.get('/api/auth/invitation/:id/:token/', PUBLIC, async (req) => describeInvitation(s, req));
  app.post('/api/auth/invitation/sign-up/', PUBLIC, async (req) => signUpByInvitation(s, req));
  app.post('/api/auth/password/change/', async (req) => {
    const ctx = req.ctx!;
    const u = tableOf(userRes);
    const [row] = await db.select({ password: u.password }).from(u).where(eq(u.id, ctx.user.id));
    const input = parseFields(PASSWORD_CHANGE_INPUT, req.body);
    const old = String(input.old_password);
    if (!(await verifyPassword(old, row?.password)).ok) throw badRequest({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    const pw = newPasswordOf(input, ctx.user.email);
    const hash = await hashPassword(pw);
    await db.transaction((tx) => storePassword(tx, ctx.user.id, hash));
    invalidateAccess();
    return { detail: 'New password has been saved.' };
  });
  app.post('/api/auth/social/:provider/start/', PUBLIC, async (req) => startSocial(s, req, false));
  app.post('/api/auth/social/:provider/', PUBLIC, async (req) => socialLogin(s, req));
  app.post('/api/auth/social/:provider/connect/start/', async (req) => startSocial(s, req, true));
  app.post('/api/auth/social/:provider/connect/', async (req) => socialConnect(s, req));
}
