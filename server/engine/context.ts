/** Who is asking: the signed-in user with everything access checks need, loaded once per request. */
import type { AccessProfile } from '../../src/authProvider/permissions';

export interface AuthUser {
  id: number;
  email: string;
  name: string | null;
  isSuperuser: boolean;
  /** The company the user currently acts for. */
  companyId: number | null;
  /** Companies the user may switch to (always includes companyId). */
  companyIds: number[];
  /** The profile shape the shared permission rules read. */
  profile: AccessProfile;
  tokenId: number;
}

/** The user as audit trails, documents and mails name them: the name, else the email (at most 254 characters, an email's limit). */
export const userLabel = (ctx: Pick<Ctx, 'user'>) => (ctx.user.name || ctx.user.email || '').slice(0, 254);

export interface Ctx {
  user: AuthUser;
  /** The call a write arrived through, when an action writes through the operations (audit trails name it). */
  via?: string;
  /** Read-only fields of its resource the running action declares it sets (`ActionDecl.writes`); updates of that resource accept them. */
  writes?: { resource: string; fields: readonly string[] };
}
