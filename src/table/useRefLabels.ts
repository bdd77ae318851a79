/** Labels of the records referenced by the visible rows, one getMany per referenced resource. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import { registry } from '../resources/index';
import type { RefLabels, Row } from './grid-columns';

export function useRefLabels(r: Resource, visible: readonly string[], rows: readonly Row[]): RefLabels {
  const dataProvider = useDataProvider();
  const wanted: Record<string, { to: string; ids: string[] }> = {};
  for (const name of visible) {
    const f = r.fields[name];
    if (f?.kind !== 'ref' && f?.kind !== 'refs') continue;
    const ids = new Set<string>();
    for (const row of rows) {
      const v = row[name];
      for (const id of Array.isArray(v) ? v : [v]) if (id !== null && id !== undefined) ids.add(String(id));
    }
    wanted[name] = { to: f.to, ids: [...ids].sort() };
  }
  const { data } = useQuery({
    queryKey: ['ref-labels', r.name, wanted],
    enabled: Object.values(wanted).some((w) => w.ids.length > 0),
    staleTime: 60_000,
    queryFn: async () => {
      const out: RefLabels = {};
      await Promise.all(Object.entries(wanted).map(async ([name, { to, ids }]) => {
        const target = registry.get(to);
        if (!target || !ids.length) return;
        // A reference the user may not see keeps showing its id rather than failing the table.
        const res = await dataProvider.getMany(to, { ids }).catch(() => ({ data: [] as Row[] }));
        out[name] = new Map(res.data.map((rec) => [String(rec.id), target.choiceLabel(rec)]));
      }));
      return out;
    },
  });
  return data ?? {};
}
