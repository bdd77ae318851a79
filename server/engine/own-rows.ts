/**
 * Own rows (docs/security.md, Own rows): a resource declares the chain of references from its row
 * to a user's account (`own.path`), and a user who may read only his own rows reads those whose
 * chain ends at him, e.g. a ticket whose driver's account is the user.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { registry } from '../../src/resources/index';
import { tableOf } from '../db/tables';
import { columnOf } from './computed';

/**
 * `driver in (select id from driver where <end>)`, nested once per step of the path, where `end`
 * is the condition on the last column of the chain (`account = $user`).
 */
export function chainEndsWith(r: Resource, path: readonly string[], end: (column: SQL) => SQL): SQL {
  const [first, ...rest] = path;
  const column = columnOf(r, first, tableOf(r));
  if (!rest.length) return end(sql`${column}`);
  const field = r.fields[first];
  if (field.kind !== 'ref') throw new Error(`${r.name}: path step "${first}" is not a reference`);
  const target = registry.get(field.to)!;
  const t = tableOf(target);
  return sql`${column} in (select ${t.id} from ${t} where ${chainEndsWith(target, rest, end)})`;
}

export const ownRowsOf = (r: Resource & { own: NonNullable<Resource['own']> }, userId: number): SQL => chainEndsWith(r, r.own.path, (c) => sql`${c} = ${userId}`);
