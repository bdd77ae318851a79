/**
 * Labels of the records referenced by the visible rows. Reference fields carry them in the rows
 * (`_labels`, sent by the server by the read rule of docs/security.md, Reference labels), so they
 * cost no request and never fail for a user who may not list the referenced resource. A `car`
 * column in its id form (docs/table.md, Car values) counts as a reference to the `car` resource once
 * one is declared, whatever kind the column is declared as: those labels are loaded per page.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import { registry } from '../resources/index';
import type { RefLabels, Row } from './grid-columns';
import { CAR_FIELD, CAR_RESOURCE, carId, isCarObject, markNumber } from '../lib/car-value';
import { sentLabelMap } from '../lib/ref-labels';

// One shared empty value: a fresh `{}` per render would rebuild the grid's columns on every render.
const NO_LABELS: RefLabels = {};

type Wanted = Record<string, { to: string; ids: string[] }>;

/**
 * Which car ids each visible car column in its id form needs labels for (reference columns bring
 * theirs with the rows, so they need none loaded).
 */
export function wantedLabels(r: Resource, visible: readonly string[], rows: readonly Row[], hasResource: (name: string) => boolean): Wanted {
  const wanted: Wanted = {};
  for (const name of visible) {
    const kind = r.fields[name]?.kind;
    if (name !== CAR_FIELD || kind === 'ref' || kind === 'refs' || !hasResource(CAR_RESOURCE)) continue;
    const ids = new Set<string>();
    for (const row of rows) {
      const v = row[name];
      const id = isCarObject(v) ? null : carId(v);
      if (id !== null) ids.add(id);
    }
    wanted[name] = { to: CAR_RESOURCE, ids: [...ids].sort() };
  }
  return wanted;
}

/** A car record's label is its mark and number when it has them, else the resource's own label. */
function labelOf(to: string, rec: Record<string, unknown>): string {
  if (to === CAR_RESOURCE && isCarObject(rec)) return markNumber(rec);
  return registry.get(to)!.choiceLabel(rec);
}

/** The labels the rows brought for their reference columns. */
export function rowLabels(r: Resource, visible: readonly string[], rows: readonly Row[]): RefLabels {
  const out: RefLabels = {};
  for (const name of visible) {
    const kind = r.fields[name]?.kind;
    if (kind === 'ref' || kind === 'refs') out[name] = sentLabelMap(rows, name);
  }
  return out;
}

export function useRefLabels(r: Resource, visible: readonly string[], rows: readonly Row[]): RefLabels {
  const dataProvider = useDataProvider();
  // Only when the rows or columns change: with all rows loaded this walks 100,000 rows.
  const sent = useMemo(() => rowLabels(r, visible, rows), [r, visible, rows]);
  const wanted = useMemo(() => wantedLabels(r, visible, rows, (n) => registry.has(n)), [r, visible, rows]);
  const { data } = useQuery({
    queryKey: ['ref-labels', r.name, wanted],
    enabled: Object.values(wanted).some((w) => w.ids.length > 0),
    staleTime: 60_000,
    queryFn: async () => {
      const out: RefLabels = {};
      await Promise.all(Object.entries(wanted).map(async ([name, { to, ids }]) => {
        if (!registry.get(to) || !ids.length) return;
        // A car the user may not see keeps showing its id rather than failing the table.
        const res = await dataProvider.getMany(to, { ids }).catch(() => ({ data: [] as Row[] }));
        out[name] = new Map(res.data.map((rec) => [String(rec.id), labelOf(to, rec)]));
      }));
      return out;
    },
  });
  return useMemo(() => (data || Object.keys(sent).length ? { ...sent, ...data } : NO_LABELS), [sent, data]);
}
