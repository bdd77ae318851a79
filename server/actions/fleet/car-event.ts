/**
 * Car event rules (docs/fleet.md):
 * - A location is a latitude and a longitude together, or neither (the map places a car by its
 *   last event's location; half a location places it nowhere).
 * - The car belongs to the event's company. The engine already refuses a car the user cannot see;
 *   this also holds for a superuser or a user who writes `company` explicitly.
 * - The car's trips follow its events (docs/trace.md, Trips): a write rebuilds them from the trip
 *   that holds the event on (an update first where the event was, without it); a delete too. An
 *   import of many events rebuilds each car once, after all of them (`withTripsRebuiltOnce`).
 * `import_clm/` reads messages in station time (server/actions/trace/clm-import.ts).
 */
import { eq } from 'drizzle-orm';
import { defineBehaviour } from '../../engine/behaviour';
import { ErrorBag } from '../../engine/errors';
import { tableOf } from '../../db/tables';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { halfLocation } from '../../../src/lib/validators';
import { importClm } from '../trace/clm-import';
import { rebuildOrDefer } from '../trace/trip-build';

export const carEventBehaviour = defineBehaviour(carEvent, {
  hooks: {
    async beforeWrite({ db, ctx, input, current, mode, id }) {
      const v = input.values;
      const after = { ...current, ...v };
      const errors = new ErrorBag();
      const half = halfLocation(after);
      if (half) errors.add(...half);
      if ('car' in v || 'company' in v) {
        const c = tableOf(car);
        const [owner] = await db.select({ company: c.company }).from(c).where(eq(c.id, after.car as number));
        if (owner && owner.company !== after.company) errors.add('car', 'This car belongs to another company than the event.');
      }
      errors.throwIfAny();
      if (mode === 'update' && current) await rebuildOrDefer(db, ctx, current.car as number, { since: new Date(String(current.event_time)), without: Number(id) });
    },
    async afterWrite({ db, ctx, id }) {
      const e = tableOf(carEvent);
      const [row] = await db.select({ car: e.car, time: e.event_time }).from(e).where(eq(e.id, id as number));
      await rebuildOrDefer(db, ctx, row.car as number, { since: row.time });
    },
    async beforeDelete({ db, ctx, id, current }) {
      await rebuildOrDefer(db, ctx, current.car as number, { since: new Date(String(current.event_time)), without: Number(id) });
    },
  },
  actions: { import_clm: importClm },
});
