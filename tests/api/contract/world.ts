/**
 * The people the contract suites act as, on a database without demo data (nothing of the demo can
 * collide with or hide a case):
 * - `root`: a superuser, which is platform staff (it writes staff-only fields such as a company's name);
 * - `owner`: holds every permission, in a company subscribed to every feature some resource needs;
 * - `noperm`: signed in, same company, no permission at all;
 * - `stranger`: holds every permission, in a second company with the same features (tenancy cases);
 * - `outsider`: holds every permission, in a third company subscribed to no feature;
 * - `sharer`: holds every permission, in a fourth company with the same features, whose contract is
 *   shared with the owner's company and another with the stranger's (each contract's party is that
 *   company on the platform): the owner side of the two-sided records the owner and the stranger
 *   make as its partners (docs/partners.md, Two-sided records).
 * Every permission is granted directly, so the set follows the declarations.
 */
import { tableOf } from '../../../server/db/tables';
import { hashPassword } from '../../../server/auth/passwords';
import { user } from '../../../src/resources/accounts/user';
import { resources } from '../../../src/resources/index';
import type { TestServer } from '../harness';
import { type Call, clientOf } from './client';
import { auditedCall } from './audit-check';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../../server/db/connection';
import { hashKey } from '../../../server/auth/tokens';

export interface Actor { email: string; token: string; id: number; company: number | null; staff: boolean }
export interface World {
  call: Call;
  /** The server's database, for rows only the server writes (FIXED_ROWS `raise`). */
  db: Db;
  root: Actor; owner: Actor; noperm: Actor; stranger: Actor; outsider: Actor; sharer: Actor;
}

export const PASSWORD = 'Contract-Suite-9x';
/** Every company feature a declared resource belongs to. */
export const FEATURES = [...new Set(resources.flatMap((r) => (r.feature ? [r.feature] : [])))];

function must<T>(what: string, res: { status: number; body: any }, status = 201): T {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function buildWorld(s: TestServer): Promise<World> {
  const users = new Map<string, number>();
  const userOf = async (token: string) => {
    if (!users.has(token)) users.set(token, (await rawRows<{ id: number }>(s.database.db, sql`select user_id as id from auth_token where key_hash = ${hashKey(token)}`))[0]?.id ?? -1);
    return users.get(token)!;
  };
  const call = auditedCall(s.database, clientOf(s.app), userOf);
  const login = async (email: string) => must<{ key: string }>(`sign-in of ${email}`, await call('POST', '/api/auth/login/', { body: { email, password: PASSWORD } }), 200).key;

  const rootEmail = 'root@contract.test';
  const [rootRow] = await s.database.db.insert(tableOf(user)).values({
    email: rootEmail, username: 'root', name: 'Root', is_superuser: true, is_active: true,
    password: await hashPassword(PASSWORD), roles: [], ui_config: {}, app_config: {},
  }).returning({ id: tableOf(user).id });
  const root: Actor = { email: rootEmail, token: await login(rootEmail), id: rootRow.id as number, company: null, staff: true };

  const company = async (name: string, features: string[]) => must<{ id: number }>(`company ${name}`, await call('POST', '/api/company/', {
    token: root.token, body: { name, features: features.map((f) => ({ name: f, subscribed: true })) },
  })).id;
  const [a, b, c, d] = [
    await company('Contract Owner Co', FEATURES), await company('Contract Stranger Co', FEATURES), await company('Contract Outsider Co', []), await company('Contract Sharer Co', FEATURES),
  ];

  const everything = must<{ id: number }[]>('permissions', await call('GET', '/api/permission/?page_size=0', { token: root.token }), 200).map((p) => p.id);
  const person = async (local: string, companyId: number, permissions: number[]): Promise<Actor> => {
    const email = `${local}@contract.test`;
    const row = must<{ id: number }>(`user ${email}`, await call('POST', '/api/user/', {
      token: root.token, body: { email, name: local, password: PASSWORD, company: companyId, user_permissions: permissions },
    }));
    return { email, token: await login(email), id: row.id, company: companyId, staff: false };
  };
  return {
    call, root, db: s.database.db,
    owner: await person('owner', a, everything),
    noperm: await person('noperm', a, []),
    stranger: await person('stranger', b, everything),
    outsider: await person('outsider', c, everything),
    sharer: await person('sharer', d, everything),
  };
}
