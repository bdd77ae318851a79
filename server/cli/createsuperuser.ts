/** `npm run createsuperuser -- --email a@b.c [--name "..."]`: the password is read from SUPERUSER_PASSWORD or asked for. */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { tableOf } from '../db/tables';
import { user } from '../../src/resources/accounts/user';
import { syncPermissions } from '../seed/permissions';
import { hashPassword } from '../auth/passwords';
import { endResetLinks } from '../auth/password-store';
import { EMAIL_PATTERN, passwordProblems } from '../../src/lib/password-policy';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const rl = createInterface({ input: process.stdin, output: process.stdout });
const email = (values.email ?? (await rl.question('Email: '))).trim().toLowerCase();
if (!EMAIL_PATTERN.test(email)) { console.error('Enter a valid email address.'); process.exit(2); }
const password = process.env.SUPERUSER_PASSWORD ?? (await rl.question('Password: '));
rl.close();
const problems = passwordProblems(password, { email });
if (problems.length) { console.error(problems.join('\n')); process.exit(2); }

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await syncPermissions(database.db);
const u = tableOf(user);
const hash = await hashPassword(password);
const [existing] = await database.db.select({ id: u.id }).from(u).where(eq(u.email, email));
if (existing) {
  await database.db.update(u).set({ is_superuser: true, is_active: true, password: hash, version: sql`${u.version} + 1` }).where(eq(u.id, existing.id));
  // A new password ends the account's outstanding reset links, as on every other path.
  await endResetLinks(database.db, existing.id);
  console.log(`${email} is now a superuser (password updated).`);
} else {
  await database.db.insert(u).values({ email, name: values.name ?? null, username: email.split('@')[0], is_superuser: true, is_active: true, password: hash, roles: [], ui_config: {}, app_config: {} });
  console.log(`Superuser ${email} created.`);
}
await database.close();
