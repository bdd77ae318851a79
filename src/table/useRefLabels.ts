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

/** Which ids of which resource each visible reference column needs labels for. */
export function wantedLabels(r: Resource, visible: readonly string[], rows: readonly Row[], hasResource: (name: string) => boolean): Wanted {
  const wanted: Wanted = {};
  for (const name of visible) {
    const f = r.fields[name];
    const isRef = f?.kind === 'ref' || f?.kind === 'refs';
    const isCar = name === CAR_FIELD && f?.kind !== 'ref' && hasResource(CAR_RESOURCE);
    if (!isRef && !isCar) continue;
    const ids = new Set<string>();
    for (const row of rows) {
      const v = row[name];
      if (isCar) {
        const id = isCarObject(v) ? null : carId(v);
        if (id !== null) ids.add(id);
        continue;
      }
      for (const id of Array.isArray(v) ? v : [v]) if (id !== null && id !== undefined) ids.add(String(id));
    }
    wanted[name] = { to: isCar ? CAR_RESOURCE : (f as { to: string }).to, ids: [...ids].sort() };
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
  const wanted = useMemo(() => carColumns(r, wantedLabels(r, visible, rows, (n) => registry.has(n))), [r, visible, rows]);
  const { data } = useQuery({
    queryKey: ['ref-labels', r.name, wanted],
    enabled: Object.values(wanted).some((w) => w.ids.length > 0),
    staleTime: 60_000,
    queryFn: async () => {
      const out: RefLabels = {};
      await Promise.all(Object.entries(wanted).map(async ([name, { to, ids }]) => {
        if (!registry.get(to) || !ids.length) return;
        // A reference the user may not see keeps showing its id rather than failing the table.
        const res = await dataProvider.getMany(to, { ids }).catch(() => ({ data: [] as Row[] }));
        out[name] = new Map(res.data.map((rec) => [String(rec.id), labelOf(to, rec)]));
      }));
      return out;
    },
  });
  return useMemo(() => (data || Object.keys(sent).length ? { ...sent, ...data } : NO_LABELS), [sent, data]);
}

/** Only car columns that are not references still need their labels loaded; references came with the rows. */
function carColumns(r: Resource, wanted: Wanted): Wanted {
  return Object.fromEntries(Object.entries(wanted).filter(([name]) => !['ref', 'refs'].includes(r.fields[name]?.kind ?? '')));
}
