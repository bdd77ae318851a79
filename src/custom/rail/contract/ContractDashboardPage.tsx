/**
 * `contract/` (docs/rail.md §11.1): the active contracts and how far along each is, from
 * `get_dashboard_contract_list/`: a bar of cars shipped against the contract's cars with a tick at
 * the cars its schedule planned to date, in the warning colour when shipping is behind the plan
 * ("4 cars behind"), and "12 of 40 shipped · 28 remaining". Sales, Purchases or All; one
 * counterparty (`?party=`, chosen among the counterparties of the contracts shown, so the list is
 * filtered in the browser without asking again); New contract; All contracts opens the contract
 * list. One line per contract on a wide screen, a card on a phone.
 */
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Autocomplete, Box, Button, Chip, CircularProgress, LinearProgress, Link, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { contract } from '../../../resources/rail/contract';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { contractPath } from './contract-api';
import { NewContractButton } from './NewContractButton';

interface Progress {
  id: number; contract_number: string; contract_type: 'sale' | 'purchase'; status: string;
  party: { id: number; label: string | null } | null; product: { label: string | null } | null; facility: { label: string | null } | null;
  start_date: string; end_date: string;
  cars_planned: number; cars_scheduled_to_date: number; cars_shipped: number; cars_remaining: number; behind_by: number;
}

type Kind = 'all' | 'sale' | 'purchase';
const pct = (n: number, of: number) => (of > 0 ? Math.min(100, (100 * n) / of) : 0);

/** Shipped over the contract's cars, with a tick at the cars planned to date. */
function ProgressBar({ c }: { c: Progress }) {
  const behind = c.behind_by > 0;
  return (
    <Box sx={{ position: 'relative' }}>
      <LinearProgress variant="determinate" value={pct(c.cars_shipped, c.cars_planned)} color={behind ? 'warning' : 'success'} sx={{ height: 10, borderRadius: 1 }}
        aria-label={`${c.contract_number}: ${c.cars_shipped} of ${c.cars_planned} cars shipped`} />
      <Box aria-hidden sx={{ position: 'absolute', top: -3, bottom: -3, width: 2, bgcolor: 'text.primary', left: `${pct(c.cars_scheduled_to_date, c.cars_planned)}%` }}
        title={`${c.cars_scheduled_to_date} cars planned to date`} />
    </Box>
  );
}

function ContractProgress({ c }: { c: Progress }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="contract-progress">
      <Box sx={{ display: 'grid', gap: { xs: 0.75, md: 2 }, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1.2fr) minmax(180px, 1fr) minmax(240px, 1.4fr) 190px' } }}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={contractPath(c.id)} variant="subtitle1">{c.contract_number}</Link>
            <Chip size="small" label={c.contract_type === 'sale' ? 'Sale' : 'Purchase'} variant="outlined" />
          </Stack>
          <Typography variant="body2" color="text.secondary">{c.party?.label ?? '—'}</Typography>
        </Box>
        <Box>
          <Typography variant="body2">{c.product?.label ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">{c.facility?.label ?? '—'} · {c.start_date} to {c.end_date}</Typography>
        </Box>
        <ProgressBar c={c} />
        <Box>
          <Typography variant="body2">{c.cars_shipped} of {c.cars_planned} shipped · {c.cars_remaining} remaining</Typography>
          {c.behind_by > 0 && <Typography variant="body2" color="warning.main">{c.behind_by} {c.behind_by === 1 ? 'car' : 'cars'} behind</Typography>}
        </Box>
      </Box>
    </Paper>
  );
}

interface Party { id: number; label: string }

/** The counterparties of the contracts shown, by name: the picker offers only those that narrow the list. */
const partiesOf = (rows: Progress[]): Party[] => [...new Map(rows.filter((c) => c.party).map((c) => [c.party!.id, { id: c.party!.id, label: c.party!.label ?? `#${c.party!.id}` }])).values()]
  .sort((a, b) => a.label.localeCompare(b.label));

export default function ContractDashboardPage() {
  const dp = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useSearchParams();
  const kind: Kind = search.get('type') === 'sale' || search.get('type') === 'purchase' ? (search.get('type') as Kind) : 'all';
  const partyId = Number(search.get('party')) || null;
  // Each choice rewrites the address, keeping the other one.
  const choose = (type: Kind, party: number | null) => setSearch({ ...(type === 'all' ? {} : { type }), ...(party ? { party: String(party) } : {}) }, { replace: true });
  const { data: all, error, isPending } = useQuery({
    queryKey: [contract.name, 'get_dashboard_contract_list', kind],
    queryFn: async () => (await dp.callAction(contract.name, {
      action: 'get_dashboard_contract_list', method: 'GET', query: kind === 'all' ? {} : { contract_type: kind },
    })) as Progress[],
  });
  const parties = useMemo(() => partiesOf(all ?? []), [all]);
  const party = parties.find((x) => x.id === partyId) ?? null;
  // A counterparty with no contract among those shown (after switching Sales and Purchases) filters nothing.
  const data = party ? all?.filter((c) => c.party?.id === party.id) : all;
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 } }}>
      <Title title="Contract dashboard" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ mr: 'auto' }}>Active contracts</Typography>
        <Autocomplete size="small" sx={{ width: { xs: '100%', sm: 280 } }} options={parties} value={party} getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id} onChange={(_, v) => choose(kind, v?.id ?? null)}
          renderInput={(params) => <TextField {...params} label="Counterparty" placeholder="All counterparties" />} />
        <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_, v: Kind | null) => v && choose(v, partyId)} aria-label="Contract type">
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="sale">Sales</ToggleButton>
          <ToggleButton value="purchase">Purchases</ToggleButton>
        </ToggleButtonGroup>
        <Button component={RouterLink} to={buildPath(ROUTES.contractList.path, { partyFilter: 'all', dateFilter: 'current' })}>All contracts</Button>
        <NewContractButton />
      </Stack>
      {error ? <Alert severity="error">{(error as Error).message}</Alert>
        : isPending ? <Box sx={{ p: 3, textAlign: 'center' }}><CircularProgress size={24} /></Box>
          : !data?.length ? <Alert severity="info">No active {kind === 'all' ? 'contract' : kind}. Activate a draft or make a new contract to plan against.</Alert>
            : (
              <Stack spacing={1}>
                <Typography variant="body2" color="text.secondary">
                  {data.length} active · {data.filter((c) => c.behind_by > 0).length} behind plan · ending soonest first
                </Typography>
                {data.map((c) => <ContractProgress key={c.id} c={c} />)}
              </Stack>
            )}
    </Box>
  );
}
