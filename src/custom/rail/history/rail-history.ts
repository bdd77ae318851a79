/**
 * The rail history's rows as people read them (docs/rail.md §8.3, §10.6): each move in the past
 * tense ("Shipped", "Voided"), a car's change under the car it is about, and each row's fields
 * labelled by its own resource's declaration.
 */
import type { HistoryEntry } from '../../../generic/HistoryTable';
import { getResource } from '../../../resources/index';
import type { Resource } from '../../../resources/define';

export interface RailHistoryEntry extends HistoryEntry {
  resource: string;
  record_id: number;
  /** What within the record a row is about: a car's mark and number, a schedule day's date. */
  subject: string | null;
  kind: 'contract' | 'shipment';
  contract_id: number | null;
  shipment_id: number | null;
  /** The record: a contract's number, `BOL PBT26000042`, or a shipment's number. */
  record_label: string;
  via: string;
}

const DONE: Record<string, string> = {
  create: 'Created', update: 'Edited', delete: 'Deleted',
  ship: 'Shipped', void_shipment: 'Voided', open_for_correction: 'Opened for correction', cancel_shipment: 'Cancelled',
  assign_to_schedule: 'Assigned to a schedule', update_contact_preferences: 'Contact preferences changed', auto_schedule: 'Auto-scheduled',
  create_shipment: 'Shipment made', bulk_add_cars: 'Cars added', connect: 'Connected', remove_cars_by_id: 'Removed',
};

const WHAT: Record<string, string> = { loaded_rail_car: 'Car', rail_schedule_entry: 'Day' };

export const railResourceOf = (row: RailHistoryEntry): Resource => getResource(row.resource);

/** "Shipped"; "Car TILX 1234: Created"; a day's change under its date. */
export function describeRailHistory(row: RailHistoryEntry): string {
  const done = DONE[row.action] ?? row.action.replace(/_/g, ' ');
  const what = WHAT[row.resource];
  if (!what) return done;
  return `${what} ${row.subject ?? `#${row.record_id}`}: ${done}`;
}
