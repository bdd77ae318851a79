/**
 * `contract/{contractId}/` (docs/rail.md §11.3): one contract's header and its buttons, and its
 * tabs, the open one in the address (`?tab=schedule`) so a link or a reload keeps it: Schedule,
 * Shipments, Cars and, with `can_view_contract_history`, History (the contract's changes and its
 * schedule days', in the company's zone). At 1,400 px the header runs in
 * columns beside the buttons; at 390 px it stacks and the buttons fold into one Actions menu.
 */
import { Alert, Box, CircularProgress, Paper, Tab, Tabs } from '@mui/material';
import { Title, useCanAccess, useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { NotFound } from '../../../layout/NotFound';
import { contract } from '../../../resources/rail/contract';
import { httpStatus } from '../../../generic/submit-errors';
import { ContractHeader } from './ContractHeader';
import { ContractActions } from './ContractActions';
import { ContractCarsTab, ContractShipmentsTab } from './ContractShipmentsTab';
import { type ContractFacts, ScheduleTab } from './ScheduleTab';
import { RAIL_SCHEDULE_ENTRY } from '../../../resources/rail/rail-schedule';
import { mayCallAction } from '../../../authProvider/permissions';
import { useProfile } from '../../../hooks/useProfile';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { RailHistory } from '../history/RailHistory';

const TABS = [['schedule', 'Schedule'], ['shipments', 'Shipments'], ['cars', 'Cars'], ['history', 'History']] as const;
type TabName = (typeof TABS)[number][0];

export default function ContractPage({ params }: PageProps) {
  const id = Number(params.contractId);
  const { data, isPending, error, refetch } = useGetOne(contract.name, { id }, { retry: false });
  const [search, setSearch] = useSearchParams();
  const { canAccess: canPlan } = useCanAccess({ resource: RAIL_SCHEDULE_ENTRY, action: 'edit' });
  const { permissions: profile } = useProfile();
  const zone = useCompanyTimeZone();
  const tabs = TABS.filter(([name]) => name !== 'history' || mayCallAction(profile, contract, contract.actions.history));
  const asked = search.get('tab');
  const tab: TabName = tabs.find(([name]) => name === asked)?.[0] ?? 'schedule';
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The contract could not be read.'}</Alert>;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={`Contract ${contract.choiceLabel(data)}`} />
      <ContractHeader c={data} actions={<ContractActions c={data} onChanged={() => void refetch()} />} />
      <Paper variant="outlined" sx={{ mt: 1 }}>
        <Tabs value={tab} onChange={(_, v: TabName) => setSearch({ tab: v }, { replace: true })} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map(([name, label]) => <Tab key={name} value={name} label={label} />)}
        </Tabs>
        {tab === 'schedule' && <ScheduleTab contract={data as unknown as ContractFacts} canEdit={!!canPlan} />}
        {tab === 'shipments' && <ContractShipmentsTab contractId={id} />}
        {tab === 'cars' && <ContractCarsTab contractId={id} />}
        {tab === 'history' && <RailHistory resource={contract.name} id={id} version={data.version} zone={zone} />}
      </Paper>
    </Box>
  );
}
