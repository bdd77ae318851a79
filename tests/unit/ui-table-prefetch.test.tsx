// @vitest-environment jsdom
/**
 * The table asks for the next rows from the event handler (a prefetch) and useGetList then reads
 * that same query: one request per change, not two. Guards the key shape against react-admin.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, type DataProvider, useGetList } from 'react-admin';
import { getListKey, listParams, type TableQueryState } from '../../src/table/list-params';

afterEach(cleanup);

const state: TableQueryState = { page: 0, rowsPerPage: 25, sortModel: [{ field: 'code', sort: 'desc' }], filters: { class: { include: ['3'] } }, search: ' lot ' };

describe('table list parameters', () => {
  it('turns the table state into getList parameters', () => {
    expect(listParams(state, ['name', 'code'], { company: 1 })).toEqual({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'code', order: 'DESC' },
      filter: { class: '3', q: 'lot', company: 1 },
      meta: { fields: ['name', 'code'] },
    });
    // A cleared sort asks for no ordering: the list's own default order.
    expect(listParams({ ...state, sortModel: [] }, []).sort).toEqual({ field: '', order: 'ASC' });
  });

  it('a prefetch under getListKey is the query useGetList reads (one request)', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Propane' }], total: 1 }));
    const dataProvider = { getList } as unknown as DataProvider;
    const queryClient = new QueryClient();
    const params = listParams(state, ['name']);
    void queryClient.prefetchQuery({
      queryKey: getListKey('product', params),
      queryFn: () => getList().then(({ data, total }) => ({ data, total, pageInfo: undefined, meta: undefined })),
    });
    function Rows() {
      const { data } = useGetList('product', params);
      return <p>{data?.map((r) => r.name).join(',') ?? 'loading'}</p>;
    }
    render(<CoreAdminContext dataProvider={dataProvider} queryClient={queryClient}><Rows /></CoreAdminContext>);
    await waitFor(() => expect(screen.getByText('Propane')).toBeTruthy());
    expect(getList).toHaveBeenCalledTimes(1);
  });
});
