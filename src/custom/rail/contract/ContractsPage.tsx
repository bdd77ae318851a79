/**
 * `company/contracts/{contractType?}/` (docs/rail.md §11.5): the register of the company's
 * contracts, every status and party, as the shared table, with tabs All, Sales (`sale`) and
 * Purchases (`purchase`): each tab its path, its own table settings and the count of what it lists
 * (every status, as the table beneath). Rows open the contract.
 */
import { Badge, Box, Tab, Tabs } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ResourceTable } from '../../../table/ResourceTable';
import { NotFound } from '../../../layout/NotFound';
import type { PageProps } from '../../../routes/define-route';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { contract } from '../../../resources/rail/contract';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { contractPath } from './contract-api';
import { NewContractButton } from './NewContractButton';

const TABS = [[undefined, 'All'], ['sale', 'Sales'], ['purchase', 'Purchases']] as const;

export default function ContractsPage({ params }: PageProps) {
  const type = params.contractType as string | undefined;
  const navigate = useNavigate();
  const dp = useDataProvider<AppDataProvider>();
  // Each tab counts what its table lists (every status), so a tab and the table beneath agree.
  const counts = useQuery({
    queryKey: [contract.name, 'count', 'tabs'],
    queryFn: async () => Object.fromEntries(await Promise.all(TABS.map(async ([t]) => [t ?? 'all', await dp.count(contract.name, { filter: t ? { contract_type: t } : {} })] as const))),
    staleTime: 30_000,
  });
  if (type !== undefined && !TABS.some(([t]) => t === type)) return <NotFound />;
  const count = (t: string | undefined) => counts.data?.[t ?? 'all'];
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title="Contracts" />
      <Tabs value={type ?? 'all'} onChange={(_e, v: string) => navigate(buildPath(ROUTES.contracts.path, { contractType: v === 'all' ? undefined : v }))}
        variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
        {TABS.map(([t, label]) => (
          <Tab key={label} value={t ?? 'all'} data-testid={`contracts-tab-${t ?? 'all'}`}
            label={<Badge color="default" badgeContent={count(t)} max={9999} showZero sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none', ml: 1 } }}>{label}</Badge>} />
        ))}
      </Tabs>
      <ResourceTable
        key={type ?? 'all'}
        resource={contract.name}
        table={`contract-${type ?? 'all'}`}
        title={type ? TABS.find(([t]) => t === type)![1] : 'Contracts'}
        permanentFilter={type ? { contract_type: type } : undefined}
        onRowClick={(row) => navigate(contractPath(row.id))}
        toolbar={<NewContractButton type={type} />}
      />
    </Box>
  );
}
