/** `Authorization: Token <key>` -> the request's user, or a 401. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import type { Ctx } from '../engine/context';
import { unauthorized } from '../engine/errors';
import type { KnownTokens } from './known-tokens';
import { loadUser } from './access';

export async function authenticate(db: Db, tokens: KnownTokens, request: FastifyRequest): Promise<Ctx> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const m = /^Token\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Invalid token header. Use "Authorization: Token <key>".');
  const token = await tokens.find(m[1]);
  if (!token) throw unauthorized('Invalid token.');
  const user = await loadUser(db, token.userId);
  if (!user || !user.isActive) throw unauthorized('User inactive or deleted.');
  return { user: { ...user, tokenId: token.id } };
}
