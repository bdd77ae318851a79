/** The facility pages' calls (docs/rail.md §6.6, §6.7) and their paths, as the screens use them. */
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { facility } from '../../../resources/logistics/facility';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';

export interface Railroad { id: number; name: string; scac: string | null }

/** A row of `company/{id}/facilities/`: a facility and its shipments as origin. */
export interface FacilityCounts {
  id: number; name: string; code: string | null; city: string | null; province: string | null;
  serving_railroad: Railroad | null;
  open: number; in_correction: number; shipped_30_days: number; cars_loading: number;
}

export interface DayCars { quantity: number; actual: number | null }
export interface ScheduleContract {
  id: number; contract_number: string | null; contract_type: 'sale' | 'purchase';
  party: { id: number; label: string | null }; cars: number; entries: Record<string, DayCars>;
}
/** `facility/{id}/schedule/`: the days, the active contracts by day, the day totals. */
export interface FacilitySchedule { days: string[]; contracts: ScheduleContract[]; totals: Record<string, DayCars> }

export const FACILITY_TABS = [['shipment', 'Shipments'], ['cars', 'Cars'], ['schedule', 'Schedule']] as const;
export type FacilityTab = (typeof FACILITY_TABS)[number][0];

export const facilityApi = (dp: AppDataProvider) => ({
  companyFacilities: (companyId: number) =>
    dp.callAction('company', { id: companyId, action: 'facilities', method: 'GET' }) as Promise<FacilityCounts[]>,
  schedule: (facilityId: number, from?: string) =>
    dp.callAction(facility.name, { id: facilityId, action: 'schedule', method: 'GET', query: from ? { from } : {} }) as Promise<FacilitySchedule>,
  railroad: (facilityId: number) =>
    dp.callAction(facility.name, { id: facilityId, action: 'railroad', method: 'GET' }) as Promise<Railroad | null>,
});

/** Where a facility opens: its remembered tab (the route forwards), or the tab named. */
export const facilityPath = (id: unknown, tab?: FacilityTab) => (tab
  ? buildPath(ROUTES.facilityScheduleTab.path, { facilityId: Number(id), tabName: tab })
  : buildPath(ROUTES.facilitySchedule.path, { facilityId: Number(id) }));

/** "Canadian National Railway (CN)", or a dash. */
export const railroadText = (r: Railroad | null | undefined) => (r ? `${r.name}${r.scac ? ` (${r.scac})` : ''}` : '—');
