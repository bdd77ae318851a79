/**
 * `contract/list/{partyFilter}/{dateFilter}/` (docs/rail.md §11.2): the working list of contracts,
 * the shared table opened with the address's counterparty and date filters as chips. Removing or
 * changing one rewrites the address (history.replaceState, without a router navigation that would
 * remount the table, as the fleet's car chip does); any other value shows the not-found page.
 * New contract opens the declaration's form in a dialog; rows open the contract.
 */
import { useCallback, useMemo } from 'react';
import { Box } from '@mui/material';
import { Loading, Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ResourceTable } from '../../../table/ResourceTable';
import type { SelectedFilters } from '../../../table/filter-state';
import { NotFound } from '../../../layout/NotFound';
import type { PageProps } from '../../../routes/define-route';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { contract } from '../../../resources/rail/contract';
import { useCompanyToday } from '../../../hooks/useCompanyToday';
import { contractPath } from './contract-api';
import { filtersOfPath, pathOfFilters } from './contract-list-path';
import { NewContractButton } from './NewContractButton';

export default function ContractListPage({ params }: PageProps) {
  const navigate = useNavigate();
  const today = useCompanyToday();
  const partyFilter = String(params.partyFilter);
  const dateFilter = String(params.dateFilter);
  const filters = useMemo(() => (today ? filtersOfPath({ partyFilter, dateFilter }, today) : undefined), [partyFilter, dateFilter, today]);
  const follow = useCallback((next: SelectedFilters) => {
    if (!today) return;
    const path = buildPath(ROUTES.contractList.path, { ...pathOfFilters(next, today) });
    if (path !== window.location.pathname) window.history.replaceState(window.history.state, '', `${path}${window.location.search}`);
  }, [today]);
  // The table reads its filters once: wait for today by the server's rules.
  if (filters === undefined) return <Loading />;
  if (!filters) return <NotFound />;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title="Contracts" />
      <ResourceTable resource={contract.name} table="contract-list" title="Contracts" initialFilters={filters} onFiltersChange={follow}
        onRowClick={(row) => navigate(contractPath(row.id))} toolbar={<NewContractButton />} />
    </Box>
  );
}
