/**
 * A contract's or a shipment's history tab (docs/rail.md §8.3, §10.6): its `history/` rows, the
 * moves and every change of it and of its cars or schedule days, newest first, in the given zone.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { HistoryTable } from '../../../generic/HistoryTable';
import { describeRailHistory, railResourceOf, type RailHistoryEntry } from './rail-history';

export function RailHistory({ resource, id, version, zone }: { resource: string; id: number; version?: unknown; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: [resource, id, 'history', version],
    queryFn: async () => (await dp.callAction(resource, { id, action: 'history', method: 'GET' })) as RailHistoryEntry[],
  });
  return <HistoryTable rows={data} isPending={isPending} error={error} zone={zone} resourceOf={railResourceOf} describe={describeRailHistory} testId="rail-history" />;
}
