/**
 * Rail station rules (docs/trace.md, Stations, rates and commodity codes):
 * - its railroads are SCACs, each once, kept upper-case (the field kind takes any short text);
 * - a Canadian station is in a province, a US one in a state;
 * - a location is a latitude and a longitude together, or neither;
 * - its name has one space between words.
 * `railroads/` answers the railroads of the stations the caller reads, with how many stations each serves.
 */
import { sql } from 'drizzle-orm';
import { provinceError } from '../../../src/lib/rail-places';
import { scacListError } from '../../../src/lib/checks';
import { halfLocation } from '../../../src/lib/validators';
import { railStation } from '../../../src/resources/trace/rail-station';
import { rawRows } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { ErrorBag } from '../../engine/errors';
import type { WriteEvent } from '../../engine/hooks';
import { scopeOf } from '../../engine/operations';

/** A write's list of railroads checked and upper-cased in place (a station's or a rate's). */
export function checkRailroads(input: WriteEvent['input'], errors: ErrorBag, field = 'railroads') {
  const list = input.values[field];
  if (!Array.isArray(list)) return;
  const problem = scacListError(list as string[]);
  if (problem) errors.add(field, problem);
  else input.values[field] = (list as string[]).map((s) => s.toUpperCase());
}

const railroads: ActionHandler = async ({ db, ctx }) => {
  const t = tableOf(railStation);
  const scope = scopeOf(ctx, railStation);
  return rawRows<{ railroad: string; stations: number }>(db, sql`
    select r as railroad, count(*)::int as stations from ${t} cross join unnest(${t.railroads}) as r
    ${scope ? sql`where ${scope}` : sql``} group by r order by r`);
};

export const railStationBehaviour = defineBehaviour(railStation, {
  hooks: {
    beforeWrite({ input, current }) {
      const errors = new ErrorBag();
      // One space between words, as messages name it (the import looks stations up so).
      if (typeof input.values.name === 'string') input.values.name = input.values.name.replace(/\s+/g, ' ');
      checkRailroads(input, errors);
      const after = { ...current, ...input.values };
      const province = provinceError(String(after.country), String(after.state_province));
      if (province && ('country' in input.values || 'state_province' in input.values)) errors.add('state_province', province);
      const half = halfLocation(after);
      if (half) errors.add(...half);
      errors.throwIfAny();
    },
  },
  actions: { railroads },
});
