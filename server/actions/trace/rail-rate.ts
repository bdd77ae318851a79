/**
 * Rail rate rules (docs/trace.md, Stations, rates and commodity codes), on the record as it will
 * be stored: a rate runs between two different stations, over railroads named by SCAC; it names
 * its commodity by STCC or product (a product with an STCC of its own gives the rate that STCC:
 * another is refused rather than corrected); it ends no earlier than it starts.
 */
import { eq } from 'drizzle-orm';
import { isEmpty } from '../../../src/lib/validators';
import { product } from '../../../src/resources/logistics/product';
import { railRate } from '../../../src/resources/trace/rail-rate';
import { tableOf } from '../../db/tables';
import { defineBehaviour } from '../../engine/behaviour';
import { ErrorBag } from '../../engine/errors';
import { checkRailroads } from './rail-station';

export const railRateBehaviour = defineBehaviour(railRate, {
  hooks: {
    async beforeWrite({ db, input, current }) {
      const errors = new ErrorBag();
      checkRailroads(input, errors);
      const v = input.values;
      const after = { ...current, ...v };
      if (after.origin !== undefined && after.origin === after.destination) errors.add('destination', 'The destination is the origin: a rate runs between two stations.');
      if (!isEmpty(after.effective_to) && String(after.effective_to) < String(after.effective_from)) errors.add('effective_to', 'A rate cannot end before it takes effect.');
      if (isEmpty(after.stcc) && isEmpty(after.product)) errors.add('stcc', 'Give the STCC or the product the rate applies to.');
      if (!isEmpty(after.product) && ('product' in v || 'stcc' in v)) {
        const p = tableOf(product);
        const [goods] = await db.select({ stcc: p.stcc, name: p.name }).from(p).where(eq(p.id, after.product as number));
        if (goods?.stcc && isEmpty(after.stcc)) v.stcc = goods.stcc;
        else if (goods?.stcc && after.stcc !== goods.stcc) errors.add('stcc', `${goods.name}'s STCC is ${goods.stcc}: give that one, or leave it empty.`);
      }
      errors.throwIfAny();
    },
  },
});
