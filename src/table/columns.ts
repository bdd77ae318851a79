/** Visible columns of a table (spec 01 §5): only names in the full column list are kept. */

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
