/** Options for reference inputs from the provider's choices() (`[{id, label}]`), searched as the user types. */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../lib/provider-types';

export interface Option { id: string | number; label: string }

function normalise(raw: unknown): Option[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'data' in raw && Array.isArray(raw.data) ? raw.data : [];
  return list.map((c: Record<string, unknown>) => ({ id: c.id as string | number, label: String(c.label ?? c.name ?? c.id) }));
}

export function useDebounced<T>(value: T, ms = 250): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function useChoices(resource: string, search: string, selected: readonly (string | number)[]) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const q = useDebounced(search.trim());
  return useQuery({
    queryKey: [resource, 'choices', q, [...selected].sort()],
    staleTime: 30_000,
    placeholderData: (prev) => prev,
    queryFn: async () => normalise(await dataProvider.choices(resource, { search: q || undefined, selected_ids: selected })),
  });
}
