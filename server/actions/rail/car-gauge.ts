/**
 * A car as loading sees it (docs/loading.md, Gauge tables): its gauge table and its shell capacity.
 */
import { and, eq } from 'drizzle-orm';
import { gaugeTable } from '../../../src/resources/rail/gauge-table';
import { car } from '../../../src/resources/fleet/car';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { fieldError } from '../../engine/errors';
import { get } from '../../engine/operations';
import type { Row } from '../../engine/serialize';

/**
 * What the company knows of a car for loading it: its gauge table (its own first, else its fleet
 * class's) and the fleet car's shell capacity in litres. The fleet car is read whether or not the
 * caller may list the fleet: what comes back is a gauge table he may read and the car's capacity.
 */
export async function carGauge(db: Db, ctx: Ctx, mark: string, number: number): Promise<{ via: 'car' | 'class' | null; table: Row | null; shellLitres: string | null }> {
  const company = ctx.user.companyId;
  if (company === null) throw fieldError('non_field_errors', 'Act for a company to read its gauge tables.');
  const t = tableOf(gaugeTable);
  const c = tableOf(car);
  const [own] = await db.select({ id: t.id }).from(t).where(and(eq(t.company, company), eq(t.car_mark, mark), eq(t.car_number, number))).limit(1);
  const [fleet] = await db.select({ table: c.gauge_table, shell: c.shell_capacity }).from(c).where(and(eq(c.company, company), eq(c.mark, mark), eq(c.number, number))).limit(1);
  const shellLitres = fleet?.shell === null || fleet?.shell === undefined ? null : String(fleet.shell);
  if (own) return { via: 'car', table: await get(db, ctx, gaugeTable, String(own.id)), shellLitres };
  if (fleet?.table) return { via: 'class', table: await get(db, ctx, gaugeTable, String(fleet.table)), shellLitres };
  return { via: null, table: null, shellLitres };
}
