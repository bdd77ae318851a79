/**
 * Gauge tables on the server (docs/loading.md, Gauge tables): every write checks the rows by the
 * one rule (src/lib/gauge-table.ts) against the table's kind and units as they will be after it,
 * and refuses all of it with each bad row's message; a car's own table names both mark and number.
 * `for_car/` finds the table a car is gauged by: its own, else its fleet class's.
 * `{id}/volume_at/` reads the volume at a reading.
 */
import { and, eq } from 'drizzle-orm';
import { gaugeTable } from '../../../src/resources/rail/gauge-table';
import { car } from '../../../src/resources/fleet/car';
import { DEPTH_PLACES, type GaugeTableShape, GaugeRangeError, gaugeRowErrors, normalGaugeRows, volumeAt } from '../../../src/lib/gauge-table';
import { roundDecimal } from '../../../src/lib/rail-car-values';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest, fieldError } from '../../engine/errors';
import { get } from '../../engine/operations';
import type { Row } from '../../engine/serialize';

const SHAPE = ['depth_kind', 'depth_unit', 'volume_unit', 'rows'] as const;

/** The table's rows, kind and units as a write leaves them: the input over the stored record. */
const after = (values: Record<string, unknown>, current: Row | undefined) =>
  Object.fromEntries(SHAPE.map((k) => [k, k in values ? values[k] : current?.[k]])) as unknown as GaugeTableShape;

const forCar: ActionHandler = async ({ db, ctx, input }) => {
  const mark = String(input.carMark);
  const number = Number(input.carNumber);
  const t = tableOf(gaugeTable);
  const company = ctx.user.companyId;
  if (company === null) throw fieldError('non_field_errors', 'Act for a company to read its gauge tables.');
  const [own] = await db.select({ id: t.id }).from(t).where(and(eq(t.company, company), eq(t.car_mark, mark), eq(t.car_number, number))).limit(1);
  if (own) return { via: 'car', table: await get(db, ctx, gaugeTable, String(own.id)) };
  const c = tableOf(car);
  // The fleet car's pointer to its class's table is read whether or not the caller may list the fleet: the answer is a gauge table he may read.
  const [fleet] = await db.select({ table: c.gauge_table }).from(c).where(and(eq(c.company, company), eq(c.mark, mark), eq(c.number, number))).limit(1);
  if (fleet?.table) return { via: 'class', table: await get(db, ctx, gaugeTable, String(fleet.table)) };
  throw fieldError('carNumber', `${mark} ${number} has no gauge table: import the owner's table for it, or point the fleet car to its class's table.`);
};

const readVolume: ActionHandler = async ({ record, input }) => {
  const shape = record as unknown as GaugeTableShape;
  try {
    return { reading: roundDecimal(String(input.reading), DEPTH_PLACES[shape.depth_unit]), depth_kind: shape.depth_kind, depth_unit: shape.depth_unit, volume: volumeAt(shape, String(input.reading)), volume_unit: shape.volume_unit };
  } catch (e) {
    if (e instanceof GaugeRangeError) throw fieldError('reading', e.message);
    throw e;
  }
};

export const gaugeTableBehaviour = defineBehaviour(gaugeTable, {
  hooks: {
    beforeWrite({ input, current }) {
      const v = input.values;
      const mark = 'car_mark' in v ? v.car_mark : current?.car_mark;
      const number = 'car_number' in v ? v.car_number : current?.car_number;
      const noMark = mark === null || mark === undefined || mark === '';
      const noNumber = number === null || number === undefined;
      if (noMark !== noNumber) throw fieldError(noMark ? 'car_mark' : 'car_number', "A car's own table names both its reporting mark and its number; a class's table names neither.");
      if (!SHAPE.some((k) => k in v)) return;
      const shape = after(v, current);
      const errors = gaugeRowErrors({ ...shape, rows: Array.isArray(shape.rows) ? shape.rows : [] });
      if (errors.length) throw badRequest({ rows: errors });
      const rows = normalGaugeRows(shape);
      v.rows = rows;
      v.row_count = rows.length;
      // The volume rises with an innage and falls with an outage (the rows' rule): the largest is at one end.
      v.max_volume = (shape.depth_kind === 'innage' ? rows[rows.length - 1] : rows[0]).volume;
    },
  },
  actions: { for_car: forCar, volume_at: readVolume },
});
