/** Options for reference inputs from the provider's choices() (`[{id, label}]`), searched as the user types. */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

export type { Choice as Option } from '../../dataProvider';

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
    queryFn: () => dataProvider.choices(resource, { search: q || undefined, selected_ids: [...selected] }),
  });
}
