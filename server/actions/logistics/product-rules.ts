/**
 * What a product's declaration cannot say about its dangerous goods fields (docs/rail.md §10.7):
 * the fields that contradict one another (a subsidiary class that is the primary class, zone C or D
 * on a material that is not a gas), checked on the record as it will be stored, a message on each
 * field (src/lib/hazmat.ts `dangerousGoodsConflicts`, which a form may run too).
 */
import { dangerousGoodsConflicts } from '../../../src/lib/hazmat';
import { ErrorBag } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';

const CHECKED = ['class', 'subsidiary_classes', 'inhalation_hazard_zone'];

export const productHooks: ResourceHooks = {
  // A rename or a new description is the one-statement update (docs/architecture.md, Performance).
  beforeWriteFields: CHECKED,
  beforeWrite({ input, mode, current }) {
    const v = input.values;
    if (mode === 'update' && !CHECKED.some((n) => n in v)) return;
    const errors = new ErrorBag();
    for (const [field, message] of dangerousGoodsConflicts({ ...current, ...v })) errors.add(field, message);
    errors.throwIfAny();
  },
};
