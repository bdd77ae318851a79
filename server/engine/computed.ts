/**
 * Computed fields: declared with `computed: true` (read-only, no column), their value is an SQL
 * expression over the row, evaluated on every read. Lists show, filter and sort by them like any
 * column, and the value is never stale (e.g. a certificate's status as of today).
 * The expression is registered here by name, from server/actions, before the first request; a
 * record's `time_zone` is derived from its `timeZone` declaration instead.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import { type AnyTable, tableOf } from '../db/tables';
import { TIME_ZONE_FIELD } from '../../src/lib/time-zone';
import { timeZoneSql } from './time-zones';

const expressions = new Map<string, (t: AnyTable) => SQL>();

export function registerComputed(resourceName: string, field: string, expression: (t: AnyTable) => SQL) {
  expressions.set(`${resourceName}.${field}`, expression);
}

/**
 * What to select, filter and sort by for a field: its column, or its computed expression (typed
 * as a column for the query builders, which accept either).
 */
export function columnOf(r: Resource, name: string, t: AnyTable = tableOf(r)): PgColumn {
  if (!r.fields[name]?.computed) return t[name] as PgColumn;
  // The zone of a resource that declares `timeZone` derives from the declaration itself (server/engine/time-zones.ts).
  if (name === TIME_ZONE_FIELD && r.timeZone) return timeZoneSql(r) as unknown as PgColumn;
  const expression = expressions.get(`${r.name}.${name}`);
  if (!expression) throw new Error(`${r.name}.${name} is computed but has no registered expression`);
  return expression(t) as unknown as PgColumn;
}
