/**
 * Fleet car rules (docs/fleet.md):
 * - `mark_number` is `MARK NUMBER` (`TILX 1234`), computed in SQL so that the fleet table filters
 *   by the written form "View in fleet" sends (`?mark_number=TILX 1234,GATX 55`) and search finds it.
 * - A lease cannot end before it starts.
 */
import { sql } from 'drizzle-orm';
import { defineBehaviour } from '../../engine/behaviour';
import { fieldError } from '../../engine/errors';
import { car } from '../../../src/resources/fleet/car';
import { isEmpty } from '../../../src/lib/validators';
import { fleetOverview } from './overview';
import { carPositions } from './positions';
import { carBulkCreate, carBulkUpdate, carList } from './car-bulk';

// Qualified by the table name: in a query over another table (a reference's label) a bare name could bind elsewhere.
const own = (column: string) => sql.raw(`"${car.table}"."${column}"`);
export const carBehaviour = defineBehaviour(car, {
  computed: { mark_number: () => sql`(${own('mark')} || ' ' || ${own('number')}::text)` },
  actions: { overview: fleetOverview, positions: carPositions, list: carList, bulk_create: carBulkCreate, bulk_update: carBulkUpdate },
  hooks: {
    beforeWrite({ input, current }) {
      const after = { ...current, ...input.values };
      if (!isEmpty(after.lease_start) && !isEmpty(after.lease_end) && String(after.lease_end) < String(after.lease_start)) {
        throw fieldError('lease_end', 'The lease cannot end before it starts.');
      }
    },
  },
});
