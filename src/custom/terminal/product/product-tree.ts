/** Products grouped by product type in the declared order (types without products left out); pure. */
export interface ProductGroup<T> { type: string; label: string; products: T[] }

export function groupProducts<T extends { productType?: unknown }>(products: readonly T[], types: readonly (readonly [string, string])[]): ProductGroup<T>[] {
  const known = types.map(([type, label]) => ({ type, label, products: products.filter((p) => p.productType === type) }));
  const other = products.filter((p) => !types.some(([t]) => t === p.productType));
  const groups = other.length ? [...known, { type: '', label: 'No type', products: other }] : known;
  return groups.filter((g) => g.products.length > 0);
}
