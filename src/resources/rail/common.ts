/**
 * Pieces shared by the rail declarations (docs/rail.md §1, §2): every rail record belongs to the
 * company the user acts for and to the `rail` subscription, with permissions on the `rail` app.
 */
import { anything, day, instant, int, listOf, mapOf, maybe, obj, oneOf, str } from '../answers';
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

/**
 * One row of the rail history (`contract/{id}/history/`, `rail_shipment/{id}/history/`, the
 * register of `contract/bol_contract_history/`), newest first (server/actions/rail/rail-history.ts).
 */
export const RAIL_HISTORY_ROW = obj({
  id: int(),
  at: instant('When the change was made.'),
  user: maybe(str('Who made it, as named then; null for the system.')),
  user_id: maybe(int()),
  resource: oneOf(['contract', 'rail_schedule_entry', 'rail_shipment', 'loaded_rail_car'], 'The kind of record changed.'),
  record_id: int('The record changed (a car, a schedule day, the contract or shipment itself).'),
  action: str('create, update, delete, or the action that made the change (ship, void_shipment...).'),
  via: str('The call that made it, e.g. POST rail_shipment/{id}/ship/.'),
  changes: mapOf(listOf(anything(), 'The value before and the value after (null on a create or a delete).'), 'By field.'),
  subject: maybe(str("What within the record the row is about: a car's mark and number, a schedule day's date; null for the contract or shipment itself.")),
  kind: oneOf(['contract', 'shipment'], 'Whether the row belongs to a contract or to a shipment (bill of lading).'),
  contract_id: maybe(int()),
  shipment_id: maybe(int()),
  record_label: str("The contract's number, the BOL's (BOL PBT26000042), else the shipment's."),
  _labels: mapOf(listOf(anything(), 'The labels of the value before and after: null where it may not be shown, a list for a many-to-many field.'), 'By reference field changed.'),
});

/** What a numbering's `get_or_create/` adds to its settings: the preview of the next number (server/actions/rail/numbering.ts). */
export const NUMBER_PREVIEW = {
  next_number: str('What the next number will be, with example values where the record\'s are not known yet.'),
  next_seq: int('Its sequence number.'),
  period: str("The period the next number counts in: '' (never reset) or the year."),
  issued_this_period: int('Numbers given in that period.'),
  date: day("The company's day the preview is made for."),
};

/** A placeholder a numbering pattern may use (`get_columns/`). */
export const PLACEHOLDER = obj({
  token: str('As written in a pattern, e.g. {yyyy}.'),
  label: str(),
  example: str("What it stands for today: the company's own code and today's date where known, else an example."),
});
