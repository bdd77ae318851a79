/**
 * The table's state -> react-admin getList parameters, and the query key react-admin's useGetList
 * files them under. Kept in one place so an event handler can ask for the next rows (prefetch) with
 * exactly the key the table's useGetList then reads: the request leaves when the user clicks, not
 * after React has re-rendered the table and run its effects.
 */
import type { GetListParams, SortPayload } from 'react-admin';
import type { GridSortModel } from '@mui/x-data-grid';
import { type SelectedFilters, toQuery } from './filter-state';

export interface TableQueryState {
  page: number;
  rowsPerPage: number;
  sortModel: GridSortModel;
  filters: SelectedFilters;
  search: string;
}

export type TableListParams = Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>;

// A cleared sort model (the grid clears it on a third click on a header) sends no ordering: the
// list's own default order (docs/table.md, Table state), never a field of its own choosing.
const NO_SORT: SortPayload = { field: '', order: 'ASC' };

export function listParams(s: TableQueryState, fields: readonly string[], permanentFilter?: Record<string, unknown>): TableListParams {
  const first = s.sortModel[0];
  return {
    pagination: { page: s.page + 1, perPage: s.rowsPerPage },
    sort: first ? { field: first.field, order: first.sort === 'desc' ? 'DESC' : 'ASC' } : NO_SORT,
    filter: { ...toQuery(s.filters), ...(s.search.trim() ? { q: s.search.trim() } : {}), ...permanentFilter },
    // Only the visible columns travel: an all-rows answer of a wide table is several times smaller.
    meta: { fields: [...fields] },
  };
}

/** react-admin 5's useGetList key (ra-core useGetList.ts): `[resource, 'getList', params]`. */
export const getListKey = (resource: string, p: TableListParams) =>
  [resource, 'getList', { pagination: p.pagination, sort: p.sort, filter: p.filter, meta: p.meta }] as const;
