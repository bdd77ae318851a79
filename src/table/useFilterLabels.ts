/**
 * The text a filter value shows in its chip (docs/table.md, Filters): what the cells show for it. A
 * reference is named by its record's label: from the rows on screen (kept once seen, since a value
 * the user just excluded leaves the page), else asked of the server with the column's own
 * suggestions (`autocomplete/` filtered to those ids), which name only what the user may read
 * (docs/security.md, Reference labels). A value no label is known for shows as it is.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import type { AppDataProvider } from '../dataProvider';
import { joinCommaList } from '../lib/comma-list';
import type { SelectedFilters } from './filter-state';
import { type RefLabels, cellText } from './grid-columns';

/** Ids per reference column of the filters that no label is known for yet. */
export function unnamedValues(r: Resource, filters: SelectedFilters, known: RefLabels): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [column, f] of Object.entries(filters)) {
    if (r.fields[column]?.kind !== 'ref') continue;
    const ids = [...(f.include ?? f.exclude ?? [])].filter((v) => v !== '' && !known[column]?.has(v)).sort();
    if (ids.length) out[column] = ids;
  }
  return out;
}

/** The text of a filter value of `column`, given the labels known for reference columns. */
export function filterValueText(r: Resource, column: string, value: string, known: RefLabels): string {
  const f = r.fields[column];
  // Filter values are text: a boolean column filters on "true" / "false".
  if (f?.kind === 'boolean') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  return cellText(column, f, value, known[column]) || value;
}

export function useFilterLabels(r: Resource, filters: SelectedFilters, rowLabels: RefLabels): (column: string, value: string) => string {
  const dataProvider = useDataProvider<AppDataProvider>();
  // Every label seen on a page of this table, per column.
  const seen = useRef<RefLabels>({});
  const known = useMemo(() => {
    for (const [column, labels] of Object.entries(rowLabels)) {
      const into = (seen.current[column] ??= new Map());
      labels.forEach((label, id) => into.set(id, label));
    }
    return { ...seen.current };
  }, [rowLabels]);
  const wanted = useMemo(() => unnamedValues(r, filters, known), [r, filters, known]);
  const { data: fetched } = useQuery({
    queryKey: ['filter-labels', r.name, wanted],
    enabled: Object.keys(wanted).length > 0,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const out: RefLabels = {};
      await Promise.all(Object.entries(wanted).map(async ([column, ids]) => {
        // The suggestions of the column, narrowed to these ids: at most 50 are named.
        const found = await dataProvider.autocomplete(r.name, { field: column, filter: { [column]: joinCommaList(ids) }, limit: 50 }).catch(() => []);
        out[column] = new Map(found.map((s) => [String(s.value), s.label]));
      }));
      return out;
    },
  });
  return useCallback((column: string, value: string) => {
    const labels = fetched?.[column] ? { ...known, [column]: new Map([...fetched[column], ...(known[column] ?? [])]) } : known;
    return filterValueText(r, column, value, labels);
  }, [r, known, fetched]);
}
