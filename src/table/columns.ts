/** Visible columns of a table (docs/table.md, Columns): only names in the full column list are kept. */
import type { Resource } from '../resources/define';

export function keepKnown(selected: readonly string[], all: readonly string[]): string[] {
  const known = new Set(all);
  return [...new Set(selected)].filter((c) => known.has(c));
}

/** "Toggle All": selects every column, or clears them when all are already selected. */
export function toggleAll(selected: readonly string[], all: readonly string[]): string[] {
  const kept = keepKnown(selected, all);
  return kept.length === all.length ? [] : [...all];
}

/** Show or hide one column, keeping the table's column order. */
export function toggleColumn(selected: readonly string[], all: readonly string[], column: string): string[] {
  const kept = new Set(keepKnown(selected, all));
  if (kept.has(column)) kept.delete(column);
  else if (all.includes(column)) kept.add(column);
  return all.filter((c) => kept.has(c));
}

/**
 * Every pickable column in the user's order (`ui_config[table].order`): the saved order first, then
 * the table's default columns, then the rest, so a column added to a resource later still appears.
 */
export function columnOrder(order: readonly string[] | undefined, defaults: readonly string[], all: readonly string[]): string[] {
  return keepKnown([...(order ?? []), ...defaults, ...all], all);
}

/**
 * The columns a table shows until the user chooses: the declared list columns (or a screen's own), led by the company
 * for a user who sees more than one company's rows (otherwise the superuser's product list shows
 * two companies' "Propane" side by side with nothing to tell them apart).
 */
export function defaultColumns(r: Pick<Resource, 'list' | 'tenant'>, manyCompanies: boolean, declared: readonly string[] = r.list.columns): string[] {
  return manyCompanies && r.tenant === 'company' && !declared.includes('company') ? ['company', ...declared] : [...declared];
}

/** The visible columns (`ui_config[table].columns`, else the defaults) in that order. */
export function visibleInOrder(fullOrder: readonly string[], chosen: readonly string[]): string[] {
  const shown = new Set(chosen);
  return fullOrder.filter((c) => shown.has(c));
}

/**
 * Moves a column one step up (-1) or down (+1) in the full order. A visible column jumps over hidden
 * ones to the next visible neighbour, so each step changes what the grid shows; a hidden column
 * moves one place. Returns the order unchanged at either end.
 */
export function moveColumn(fullOrder: readonly string[], visible: readonly string[], column: string, step: -1 | 1): string[] {
  const from = fullOrder.indexOf(column);
  if (from < 0) return [...fullOrder];
  const shown = new Set(visible);
  let to = from + step;
  if (shown.has(column)) while (to >= 0 && to < fullOrder.length && !shown.has(fullOrder[to])) to += step;
  if (to < 0 || to >= fullOrder.length) return [...fullOrder];
  const next = fullOrder.filter((c) => c !== column);
  // Removing the column shifted the later ones one place left, so `to` now lands just past the
  // neighbour when moving down, and just before it when moving up.
  next.splice(to, 0, column);
  return next;
}
