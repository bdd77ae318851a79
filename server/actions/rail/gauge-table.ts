/**
 * Gauge tables on the server (docs/loading.md, Gauge tables): every write checks the rows by the
 * one rule (src/lib/gauge-table.ts) against the table's kind and units as they will be after it,
 * and refuses all of it with each bad row's message; a car's own table names both mark and number.
 * `for_car/` finds the table a car is gauged by: its own, else its fleet class's (car-gauge.ts).
 * `{id}/volume_at/` reads the volume at a reading; `get_max_permitted_filling/` is max-filling.ts.
 */
import { gaugeTable } from '../../../src/resources/rail/gauge-table';
import { DEPTH_PLACES, type GaugeTableShape, GaugeRangeError, gaugeRowErrors, normalGaugeRows, volumeAt } from '../../../src/lib/gauge-table';
import { roundDecimal } from '../../../src/lib/rail-car-values';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest, fieldError } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { carGauge } from './car-gauge';
import { getMaxPermittedFilling } from './max-filling';

const SHAPE = ['depth_kind', 'depth_unit', 'volume_unit', 'rows'] as const;

/** The table's rows, kind and units as a write leaves them: the input over the stored record. */
const after = (values: Record<string, unknown>, current: Row | undefined) =>
  Object.fromEntries(SHAPE.map((k) => [k, k in values ? values[k] : current?.[k]])) as unknown as GaugeTableShape;

const forCar: ActionHandler = async ({ db, ctx, input }) => {
  const mark = String(input.carMark);
  const number = Number(input.carNumber);
  const found = await carGauge(db, ctx, mark, number);
  if (found.table) return { via: found.via, table: found.table };
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
  actions: { for_car: forCar, volume_at: readVolume, get_max_permitted_filling: getMaxPermittedFilling },
});
