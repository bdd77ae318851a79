/**
 * Waybills (docs/rail.md §4.7, §6.4): the railroad on a waybill is a railroad or carrier party,
 * and `assign_loaded_rail_car/` matches a waybill to the car load it moves: the same car (mark
 * and number), and a car load has one waybill (the assignment moves no other waybill's).
 */
import { and, eq, ne } from 'drizzle-orm';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { waybill } from '../../../src/resources/rail/waybill';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { fieldError } from '../../engine/errors';
import { get, update } from '../../engine/operations';
import { railroadError } from './contract-rules';

const assignLoadedRailCar: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const w = record!;
  const car = await get(tx, ctx, loadedRailCar, String(input.car_id));
  const mine = `${String(w.car_mark)} ${String(w.car_number)}`;
  if (car.car_mark !== w.car_mark || Number(car.car_number) !== Number(w.car_number)) {
    throw fieldError('car_id', `${String(car.mark_number)} is not the car of waybill ${String(w.waybill_number)} (${mine}).`);
  }
  const t = tableOf(waybill);
  const [other] = await tx.select({ number: t.waybill_number }).from(t).where(and(eq(t.loaded_rail_car, car.id as number), ne(t.id, w.id as number))).limit(1);
  if (other) throw fieldError('car_id', `This load of ${mine} already has waybill ${String(other.number)}.`);
  return update(tx, { ...ctx, writes: { resource: waybill.name, fields: ['loaded_rail_car'] } }, waybill, String(w.id), { loaded_rail_car: car.id, version: w.version });
});

export const waybillBehaviour = defineBehaviour(waybill, {
  hooks: {
    async beforeWrite({ db, input }) {
      if (!('railroad' in input.values)) return;
      const wrong = await railroadError(db, input.values.railroad);
      if (wrong) throw fieldError('railroad', wrong);
    },
  },
  actions: { assign_loaded_rail_car: assignLoadedRailCar },
});
