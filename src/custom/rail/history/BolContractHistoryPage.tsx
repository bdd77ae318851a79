/**
 * `company/history/bol_contract/` (docs/rail.md §11.11): the company's rail register of changes,
 * a page of `contract/bol_contract_history/` at a time: when (the company's zone), who, kind,
 * the record (a link to the contract or the shipment), what was done and each change. Filters:
 * kind, date range, user and record number, kept in the address so a link or a reload keeps them.
 */
import { useQuery } from '@tanstack/react-query';
import {
  Box, Button, Link, MenuItem, Pagination, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { HistoryTable } from '../../../generic/HistoryTable';
import { recordPathOf } from '../../../generic/home-paths';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { contract } from '../../../resources/rail/contract';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { describeRailHistory, railResourceOf, type RailHistoryEntry } from './rail-history';

interface Register { count: number; next: number | null; previous: number | null; results: RailHistoryEntry[] }

const PAGE_SIZE = 50;
/** The theme's inputs fill their row; in the filter bar each takes its own width from 600 px up. */
const FILTER = { width: { xs: '100%', sm: 190 } };
const FILTERS = ['kind', 'from', 'to', 'user_id', 'record'] as const;

function RecordLink({ row }: { row: RailHistoryEntry }) {
  const to = row.kind === 'shipment' ? recordPathOf(railShipment.name, String(row.shipment_id)) : recordPathOf(contract.name, String(row.contract_id));
  return to ? <Link component={RouterLink} to={to}>{row.record_label}</Link> : <>{row.record_label}</>;
}

/** A row's action with the record it is about, for the shared history table. */
const describe = (row: RailHistoryEntry) => (
  <Stack spacing={0.25}>
    <span><RecordLink row={row} /></span>
    <span>{describeRailHistory(row)}</span>
  </Stack>
);

export default function BolContractHistoryPage() {
  const dp = useDataProvider<AppDataProvider>();
  const zone = useCompanyTimeZone();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (search.get(f) ? [[f, search.get(f)!]] : [])));
  const { data: users } = useGetList('user', { pagination: { page: 1, perPage: 200 }, sort: { field: 'email', order: 'ASC' } }, { retry: false });
  const { data, error, isPending } = useQuery({
    queryKey: ['contract', 'bol_contract_history', filters, page],
    queryFn: async () => (await dp.callAction(contract.name, {
      action: 'bol_contract_history', method: 'GET', query: { ...filters, page: String(page), page_size: String(PAGE_SIZE) },
    })) as Register,
  });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value); else next.delete(name);
    next.delete('page');
    setSearch(next, { replace: true });
  };
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 } }}>
      <Title title="BOL and contract history" />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, mb: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1, alignItems: { sm: 'center' } }}>
          <TextField select size="small" label="Kind" value={filters.kind ?? ''} onChange={(e) => set('kind', e.target.value)} sx={FILTER}>
            <MenuItem value="">Contracts and BOLs</MenuItem>
            <MenuItem value="contract">Contracts</MenuItem>
            <MenuItem value="shipment">Bills of lading</MenuItem>
          </TextField>
          <TextField size="small" type="date" label="From" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} sx={FILTER} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label="To" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} sx={FILTER} slotProps={{ inputLabel: { shrink: true } }} />
          {users && (
            <TextField select size="small" label="User" value={filters.user_id ?? ''} onChange={(e) => set('user_id', e.target.value)} sx={FILTER}>
              <MenuItem value="">Anyone</MenuItem>
              {users.map((u) => <MenuItem key={u.id} value={String(u.id)}>{String(u.name || u.email)}</MenuItem>)}
            </TextField>
          )}
          <TextField size="small" label="Contract or BOL number" sx={FILTER} defaultValue={filters.record ?? ''} onKeyDown={(e) => { if (e.key === 'Enter') set('record', (e.target as HTMLInputElement).value.trim()); }}
            onBlur={(e) => set('record', e.target.value.trim())} />
          {Object.keys(filters).length > 0 && <Button onClick={() => setSearch({}, { replace: true })}>Clear filters</Button>}
        </Box>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {data ? `${data.count.toLocaleString('en-US')} ${data.count === 1 ? 'change' : 'changes'}` : ''}
      </Typography>
      <HistoryTable rows={data?.results} isPending={isPending} error={error} zone={zone} resourceOf={railResourceOf} describe={describe}
        testId="bol-contract-history" empty={Object.keys(filters).length ? 'No change matches these filters.' : 'No contract or bill of lading has changed yet.'} />
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 1 }}>
          <Pagination count={pages} page={page} onChange={(_, p) => { const next = new URLSearchParams(search); next.set('page', String(p)); setSearch(next); }} />
        </Stack>
      )}
    </Box>
  );
}
