/**
 * The gauge table a car is gauged by (`rail_car_gauge_table/for_car/`: its own, else its fleet
 * class's), asked once per car and shared by the screens that show it (the gauge table page, the
 * load-car page), which read the same cache entry.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import type { GaugeTableRecord } from './GaugeTableView';

export interface CarGaugeTable { via: 'car' | 'class'; table: GaugeTableRecord }

export function useCarGaugeTable(mark: string, number: string, enabled = true) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [gaugeTable.name, 'for_car', mark, number],
    enabled: enabled && !!mark && !!number,
    retry: false,
    queryFn: async () => (await dp.callAction(gaugeTable.name, { action: 'for_car', method: 'GET', query: { carMark: mark, carNumber: number } })) as CarGaugeTable,
  });
}
