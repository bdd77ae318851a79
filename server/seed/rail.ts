/**
 * The demo rail desk (docs/rail.md §13): each demo company's BOL numbering and code generators, and
 * the demo groups' rail permissions (§5.2). Idempotent: each part is written once, when the company
 * has none of it yet, so a demo database made before the rail area gets it at its next start.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { DEFAULT_SETTINGS } from '../../src/lib/code-pattern';
import { railResources } from '../../src/resources/rail/index';
import { bolNumber } from '../../src/resources/rail/bolnumber';
import { CODE_TYPES, codeGenerator } from '../../src/resources/rail/code-generator';
import { grantDemoGroups } from './demo-grants';

/** The rail models' permissions, granted to the demo groups by their rules (GROUP_RULES) when the rail demo is first seeded. */
export const RAIL_MODELS = railResources.map(contentType);

/** BOL numbering and the three generators with their defaults; the BOL counter starts where the company's numbers would. */
async function seedNumbering(db: Db, companyId: number): Promise<boolean> {
  const t = tableOf(bolNumber);
  const [has] = await db.select({ id: t.id }).from(t).where(eq(t.company, companyId)).limit(1);
  if (has) return false;
  await db.insert(t).values({ company: companyId, ...DEFAULT_SETTINGS.bol, start_number: 1 });
  await db.insert(tableOf(codeGenerator)).values(CODE_TYPES.map(([type, label]) => ({
    company: companyId, code_type: type, ...DEFAULT_SETTINGS[type], start_number: 1, description: `Numbers of new ${label.toLowerCase()}.`,
  })));
  return true;
}

export async function seedRailDemo(db: Db, companyIds: readonly number[]): Promise<boolean> {
  let seeded = false;
  for (const id of companyIds) {
    if (!(await seedNumbering(db, id))) continue;
    if (!seeded) await grantDemoGroups(db, RAIL_MODELS);
    seeded = true;
  }
  return seeded;
}
