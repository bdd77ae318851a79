/** The data-provider calls the shared table uses beyond react-admin's standard ones. */
import type { DataProvider, SortPayload } from 'react-admin';

export interface Suggestion { value: unknown; label: string }

export interface TableDataProvider extends DataProvider {
  downloadTable(resource: string, params: { columns: string[]; filter: Record<string, unknown>; sort?: SortPayload }): Promise<unknown>;
  autocomplete(resource: string, params: { field: string; input: string; limit?: number; offset?: number; filter?: Record<string, unknown> }): Promise<Suggestion[]>;
  callAction(resource: string, params: { id?: string | number; action: string; method?: string; body?: unknown; query?: Record<string, unknown> }): Promise<unknown>;
}

/** Column filter suggestions are capped at 50 (spec 01 §5). */
export const MAX_SUGGESTIONS = 50;
