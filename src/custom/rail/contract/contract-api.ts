/** The contract's own calls (docs/rail.md §6.1, §6.7), as the screens use them. */
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { contract } from '../../../resources/rail/contract';
import type { RollOverPeriod } from '../../../lib/contract-periods';
import { recordPathOf } from '../../../generic/home-paths';

/** A row of `get_short_contract_list/` and `company/{id}/contracts/`. */
export interface ShortContract {
  id: number; contract_number: string | null; contract_type: 'sale' | 'purchase'; status: string;
  party: { id: number; label: string | null }; product: { id: number; label: string | null };
  start_date: string; end_date: string; number_of_cars: number; supply_contract: number | null;
}

export const contractApi = (dp: AppDataProvider) => ({
  shortList: (query: { contract_type?: string; product?: number; status?: string; search?: string } = {}) =>
    dp.callAction(contract.name, { action: 'get_short_contract_list', method: 'GET', query }) as Promise<ShortContract[]>,
  companyContracts: (companyId: number) =>
    dp.callAction('company', { id: companyId, action: 'contracts', method: 'GET' }) as Promise<{ sales: ShortContract[]; purchases: ShortContract[] }>,
  connect: (saleId: number, supply: number | null) =>
    dp.callAction(contract.name, { id: saleId, action: 'connect', body: { supply_contract: supply } }) as Promise<Record<string, unknown>>,
  mirror: (id: number, action: 'create_sale' | 'create_purchase', body: Record<string, unknown>) =>
    dp.callAction(contract.name, { id, action, body }) as Promise<{ id: number }>,
  copy: (ids: number[], period?: RollOverPeriod) =>
    dp.callAction(contract.name, { action: 'clone_multiple', body: { contract_ids: ids, ...(period ? { roll_over: true, period } : {}) } }) as Promise<{ created: { id: number; contract_number: string }[] }>,
});

/** Where one contract opens (its declared record route). */
export const contractPath = (id: unknown) => recordPathOf(contract.name, String(id))!;
