/**
 * Pieces shared by the rail declarations (docs/rail.md §1, §2): every rail record belongs to the
 * company the user acts for and to the `rail` subscription, with permissions on the `rail` app.
 */
import { choice } from '../fields';

/** The company subscription every rail screen and route needs (docs/rail.md §2, Feature). */
export const RAIL_FEATURE = 'rail';

/** What every rail record shares: the `rail` app and feature, and the tenant company. */
export const railRecords = (model: string) => ({ perms: { app: 'rail', model }, feature: RAIL_FEATURE, tenant: 'company' as const });

/**
 * The loaded car's, named here once: its declaration spreads it, and the shipment's `add_cars/` is
 * declared `of` it (its codename is `add_loadedrailcar`) without importing the car's declaration,
 * which imports the shipment's.
 */
export const LOADED_CAR_RECORDS = railRecords('loadedrailcar');

export const RESETS = [['never', 'Never'], ['yearly', 'Every year']] as const;
export const MAX_START_NUMBER = 999_999_999;

/** When a series starts again at its start number (docs/rail.md §9.1). */
export const resetChoice = (o: { required?: boolean; default?: string; help?: string } = {}) =>
  choice(RESETS, { label: 'Numbering starts again', ...o });
