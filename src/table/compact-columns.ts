/**
 * The columns the shared table shows on a phone (docs/table.md, Phones): the resource's declared key
 * columns (`list.compact`, or a screen's own) that the user keeps visible, in the user's order; when the user has hidden
 * them all, the first visible ones. Fetching, export and the Columns menu still use every visible column.
 */
import type { Resource } from '../resources/define';

export function compactColumns(r: Pick<Resource, 'list'>, visible: readonly string[], compact: readonly string[] = r.list.compact): string[] {
  const keys = visible.filter((c) => compact.includes(c));
  return keys.length ? keys : visible.slice(0, Math.max(compact.length, 1));
}
