/**
 * STCC rules (docs/trace.md, Stations, rates and commodity codes): `hazardous` is the code's group,
 * 48 or 49, computed in SQL as src/lib/hazmat.ts `isHazardousStcc` reads it, so lists filter by it
 * and no stored flag can disagree with its code; a UN/NA number belongs to a hazardous code only.
 */
import { sql } from 'drizzle-orm';
import { isHazardousStcc } from '../../../src/lib/hazmat';
import { isEmpty } from '../../../src/lib/validators';
import { stcc } from '../../../src/resources/trace/stcc';
import { defineBehaviour } from '../../engine/behaviour';
import { fieldError } from '../../engine/errors';

// Qualified by the table name: in a query over another table (a reference's label) a bare name could bind elsewhere.
const code = sql.raw(`"${stcc.table}"."code"`);

export const stccBehaviour = defineBehaviour(stcc, {
  computed: { hazardous: () => sql`(${code} ~ '^4[89]')` },
  hooks: {
    beforeWrite({ input, current }) {
      const after = { ...current, ...input.values };
      if (!isEmpty(after.un_number) && !isHazardousStcc(after.code)) {
        throw fieldError('un_number', `${String(after.code)} is no hazardous code (48 or 49): it has no UN/NA number.`);
      }
    },
  },
});
