/** The number of records of a resource (GET {resource}/count/), shared by the menu and the home page. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

export function useResourceCount(resource: string | undefined, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [resource, 'count'],
    enabled: enabled && !!resource,
    staleTime: 60_000,
    retry: false,
    queryFn: () => dataProvider.count(resource!, { filter: {} }),
  });
}
