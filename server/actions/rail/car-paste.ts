/**
 * Cars added to a shipment in one go, all or nothing (docs/rail.md §6.2 `bulk_add_cars/`, §6.3
 * `add_cars/`). Every car is locked, in mark and number order so two pastes never wait on each
 * other crosswise, and checked against the company's open shipments before any is written; then
 * each is made through the operations (the loaded car's rules and rights), with the fleet's car
 * type and shell capacity when the company has the car.
 * - the schedule's `bulk_add_cars/` (server/actions/rail/shipments.ts) pastes onto a day's shipment;
 * - the shipment's `add_cars/` (here) pastes onto that shipment, one car a line (src/lib/car-lines.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { readCarLines } from '../../../src/lib/car-lines';
import { litresToGallons } from '../../../src/lib/rail-car-values';
import { formatMarkNumber, type MarkNumber } from '../../../src/lib/reporting-mark';
import { car } from '../../../src/resources/fleet/car';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { MAX_BULK_CARS } from '../../../src/resources/rail/rail-schedule';
import { shipmentStatusWord } from '../../../src/resources/rail/rail-shipment-status';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import type { Ctx } from '../../engine/context';
import { badRequest, fieldError } from '../../engine/errors';
import { create } from '../../engine/operations';
import { closedShipment, lockCar, openShipmentOf, shareShipment } from './loaded-car-rules';

const byMarkNumber = (a: MarkNumber, b: MarkNumber) => a.mark.localeCompare(b.mark) || a.number - b.number;

/**
 * Locks each car and answers those already on an open shipment other than `except`, with that
 * shipment's label. The locks are held to the end of the transaction, so the cars stay free for it.
 */
export async function carsOnOpenShipments<T extends MarkNumber>(db: Db, company: number, cars: readonly T[], except?: number): Promise<{ car: T; on: string }[]> {
  const busy: { car: T; on: string }[] = [];
  for (const c of [...cars].sort(byMarkNumber)) {
    await lockCar(db, company, c.mark, c.number);
    const on = await openShipmentOf(db, company, c.mark, c.number, except);
    if (on) busy.push({ car: c, on });
  }
  return busy;
}

/** Makes each car a loaded car of the shipment, typed and sized from the company's fleet record of it. */
export async function loadCars(db: Db, ctx: Ctx, company: number, shipmentId: unknown, cars: readonly MarkNumber[]) {
  const f = tableOf(car);
  const fleet = await db.select({ mark: f.mark, number: f.number, type: f.car_type, shell: f.shell_capacity }).from(f)
    .where(and(eq(f.company, company), inArray(f.mark, [...new Set(cars.map((x) => x.mark))]), inArray(f.number, cars.map((x) => x.number))));
  const made: { id: unknown; mark_number: unknown; car: unknown }[] = [];
  for (const c of cars) {
    const known = fleet.find((x) => x.mark === c.mark && x.number === c.number);
    const row = await create(db, ctx, loadedRailCar, {
      rail_shipment: shipmentId, car_mark: c.mark, car_number: c.number,
      ...(known ? { car_type: known.type, ...(known.shell ? { shell_capacity: litresToGallons(String(known.shell)) } : {}) } : {}),
    });
    made.push({ id: row.id, mark_number: row.mark_number, car: row.car });
  }
  return made;
}


/** Why this shipment takes no cars now, said on the field that decides it, or null when it takes them. */
function refusal(x: Record<string, unknown>): [string, string] | null {
  const label = railShipment.choiceLabel(x);
  if (x.status === 'shipped') return ['status', `${label} is shipped; open it for correction to add cars.`];
  if (x.status !== 'open' && x.status !== 'in_correction') return ['status', `${label} is ${shipmentStatusWord(x.status)}; it takes no more cars.`];
  if (x.is_master_billing) return ['is_master_billing', `${label} is a master billing: add the cars to one of its sub-billings.`];
  return null;
}

/** `rail_shipment/{id}/add_cars/`: the pasted cars onto this open or correcting shipment, each line's fault named, all or nothing. */
export const addCars: ActionHandler = async ({ db, ctx, record, input }) => {
  const x = record!;
  const refused = refusal(x);
  if (refused) throw fieldError(...refused);
  const { cars, errors } = readCarLines(String(input.cars));
  if (!cars.length && !errors.length) errors.push('Paste at least one car, one a line: TILX 1234.');
  if (cars.length > MAX_BULK_CARS) errors.push(`Paste at most ${MAX_BULK_CARS} cars at a time; these are ${cars.length}.`);
  if (errors.length) throw badRequest({ cars: errors });
  return db.transaction(async (tx) => {
    const company = Number(x.company ?? ctx.user.companyId);
    // Held until the cars are written: a ship that has begun makes the paste wait, then refuse.
    const now = (await shareShipment(tx, x.id))!;
    const closed = closedShipment(now);
    if (closed) throw fieldError('status', closed);
    const l = tableOf(loadedRailCar);
    const here = await tx.select({ mark: l.car_mark, number: l.car_number }).from(l).where(eq(l.rail_shipment, x.id as number));
    const faults = cars.filter((c) => here.some((h) => h.mark === c.mark && h.number === c.number))
      .map((c) => ({ line: c.line, text: `Line ${c.line}: ${formatMarkNumber(c)} is on this shipment already.` }));
    for (const { car: c, on } of await carsOnOpenShipments(tx, company, cars, x.id as number)) {
      faults.push({ line: c.line, text: `Line ${c.line}: ${formatMarkNumber(c)} is already on open shipment ${on}.` });
    }
    if (faults.length) throw badRequest({ cars: faults.sort((a, b) => a.line - b.line).map((f) => f.text) });
    return created({ shipment: { id: x.id, shipment_number: x.shipment_number }, cars: await loadCars(tx, ctx, company, x.id, cars) });
  });
};
