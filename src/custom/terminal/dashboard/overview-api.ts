/**
 * The terminal overview's figures (docs/terminal.md, Terminal overview) as the dashboards ask for
 * them: one query each, keyed by its parameters, through the signed-in API.
 */
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../dataProvider/api-fetch';

export interface Performance { key: string; label: string; limit: string; used: string; in_progress: string; remaining: string; percent_used: number | null; loads: number; allocations: number }
export interface Transferred { period: string; product: string; product_name: string | null; ticket_type: string; net_m3: string; loads: number }
export interface Loads { date: string; by_status: Record<string, number>; by_type: Record<string, number>; completed_net_m3: string; loads: number; hours: number[] }

const qs = (p: Record<string, string | undefined>) => new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => !!e[1])).toString();
const OV = 'terminalboss/overview';

export const usePerformance = (p: { date?: string; site?: string; groupby: string }) => useQuery({
  queryKey: ['tb-overview', 'performance', p],
  queryFn: () => apiFetch<{ date: string; rows: Performance[] }>(`${OV}/allocation_performance/?${qs(p)}`),
});

export const useTransferred = (p: { from?: string; to?: string; site?: string; interval: string }) => useQuery({
  queryKey: ['tb-overview', 'transferred', p],
  queryFn: () => apiFetch<{ from: string; to: string; rows: Transferred[] }>(`${OV}/product_transferred/?${qs(p)}`),
});

export const useLoads = (p: { date?: string; site?: string }) => useQuery({
  queryKey: ['tb-overview', 'loads', p],
  queryFn: () => apiFetch<Loads>(`${OV}/loads_widget/?${qs(p)}`),
});
