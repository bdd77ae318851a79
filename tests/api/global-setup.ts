/**
 * Once per API project and run: the database templates its test files start from (db-templates.ts),
 * handed to the test workers through the environment they inherit, and removed after the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Seeding, pgTemplate, pgliteTemplate, templateEnv } from './db-templates';

const SEEDINGS: Seeding[] = ['seeded', 'bare'];

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const cleanups: (() => Promise<void> | void)[] = [];
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'logistics-test-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    for (const seeding of SEEDINGS) {
      const file = join(dir, `${seeding}.tar`);
      writeFileSync(file, Buffer.from(await (await pgliteTemplate(seeding)).arrayBuffer()));
      process.env[templateEnv(kind, seeding)] = file;
    }
  } else {
    for (const seeding of SEEDINGS) {
      const made = await pgTemplate(seeding);
      cleanups.push(made.drop);
      process.env[templateEnv(kind, seeding)] = made.name;
    }
  }
  return async () => { for (const c of cleanups) await c(); };
}
