/**
 * Below an allocation's form (docs/terminal.md, Allocation screens): its transfer limits (rows open
 * the transfer limit's route; Add transfer limit), the limit schedule (`schedule_limit/`: each
 * window with what it used and what remains) and "Check a load", which asks the server whether a
 * load of a quantity on a day would pass, as the rack would be told.
 */
import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_ALLOCATION, TB_TRANSFER_LIMIT } from '../../../resources/terminal/allocation';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';
import { ResourceTable } from '../../../table/ResourceTable';
import { formatDecimal } from '../../../lib/format';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { localDateIn } from '../../../lib/time-zone';

interface Window { transfer_limit: string; period_start: string; period_end: string; limit: string; used: string; in_progress: string; remaining: string; loads: number }
interface Check { decision: 'ok' | 'warn' | 'deny'; messages: string[]; in_use: number; max_allowed_uses: number }

/** The bar column, left out on a phone: the figures beside it say the same. */
const SHARE = { minWidth: 90, display: { xs: 'none', sm: 'table-cell' } };

function Schedule({ windows }: { windows: Window[] }) {
  if (!windows.length) return <Alert severity="info">No transfer limit limits the days around today.</Alert>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="limit-schedule">
        <TableHead>
          <TableRow>
            <TableCell>From</TableCell><TableCell>To</TableCell><TableCell align="right">Limit (m³)</TableCell>
            <TableCell align="right">Used (m³)</TableCell><TableCell align="right">Remaining (m³)</TableCell><TableCell sx={SHARE}>Share</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {windows.map((w) => {
            const limit = Number(w.limit);
            const taken = Number(w.used) + Number(w.in_progress);
            const share = limit > 0 ? Math.min(100, (taken / limit) * 100) : taken > 0 ? 100 : 0;
            return (
              <TableRow key={`${w.transfer_limit}-${w.period_start}`}>
                <TableCell>{w.period_start}</TableCell><TableCell>{w.period_end}</TableCell>
                <TableCell align="right">{formatDecimal(w.limit, 3)}</TableCell>
                <TableCell align="right">{formatDecimal(w.used, 3)}{Number(w.in_progress) ? ` (+${formatDecimal(w.in_progress, 3)} under way)` : ''}</TableCell>
                <TableCell align="right" sx={{ color: Number(w.remaining) < 0 ? 'error.main' : undefined }}>{formatDecimal(w.remaining, 3)}</TableCell>
                <TableCell sx={SHARE}><LinearProgress variant="determinate" value={share} color={taken > limit ? 'error' : share >= 90 ? 'warning' : 'primary'} aria-label={`${Math.round(share)} % used`} /></TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}

function LoadCheck({ id }: { id: string | number }) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  // Today in the company's zone, the calendar its allocations' dates are in.
  const zone = useCompanyTimeZone();
  const [day, setDay] = useState(() => localDateIn(new Date(), zone) ?? '');
  const [quantity, setQuantity] = useState('');
  const [answer, setAnswer] = useState<Check | null>(null);
  const check = async () => {
    try {
      setAnswer(await dp.callAction(TB_ALLOCATION, { id, action: 'schedule_limit', body: { load_date: day, ...(quantity ? { quantity } : {}) } }) as Check);
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <TextField size="small" type="date" label="Load date" sx={{ minWidth: 170 }} value={day} onChange={(e) => setDay(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" label="Net volume (m³)" value={quantity} onChange={(e) => setQuantity(e.target.value.replace(/[^\d.]/g, ''))} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Button variant="outlined" size="small" onClick={() => void check()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>Check a load</Button>
      </Stack>
      {answer && (
        <Alert severity={answer.decision === 'deny' ? 'error' : answer.decision === 'warn' ? 'warning' : 'success'} data-testid="load-check">
          {answer.messages.length ? answer.messages.join(' ') : `The load may go: ${answer.in_use} of ${answer.max_allowed_uses} allowed loads are under way.`}
        </Alert>
      )}
    </Box>
  );
}

export function AllocationLimits() {
  const record = useRecordContext();
  const dp = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const { canAccess: canAdd } = useCanAccess({ resource: TB_TRANSFER_LIMIT, action: 'create' });
  const schedule = useQuery({
    queryKey: [TB_ALLOCATION, 'schedule_limit', record?.id, record?.version],
    queryFn: () => dp.callAction(TB_ALLOCATION, { id: record!.id, action: 'schedule_limit', method: 'GET' }) as Promise<Window[]>,
    enabled: !!record?.id,
  });
  if (!record?.id) return null;
  const allocationId = Number(record.id);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, pt: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="allocation-limits">
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>Transfer limits</Typography>
        {canAdd && <Button component={Link} to={buildPath(ROUTES.tbV2TransferLimitCreate.path, { allocationId })} size="small" variant="outlined" startIcon={<AddIcon />}>Add transfer limit</Button>}
      </Stack>
      <ResourceTable embedded resource={TB_TRANSFER_LIMIT} table="allocation-transfer-limits" title="Transfer limits" permanentFilter={{ allocation: record.id }}
        columns={['period_type', 'days_in_period', 'period_start_date', 'limit', 'transfer_limit_start_date', 'transfer_limit_end_date']}
        compactColumns={['period_type', 'period_start_date', 'limit']}
        onRowClick={(row) => navigate(buildPath(ROUTES.tbV2TransferLimit.path, { allocationId, entityId: Number(row.id) }))} />
      <Typography variant="subtitle1" sx={{ mt: 1 }}>Limit schedule</Typography>
      {schedule.isPending ? <LinearProgress /> : schedule.error ? <Alert severity="error">{(schedule.error as Error).message}</Alert> : <Schedule windows={schedule.data ?? []} />}
      <Typography variant="subtitle1" sx={{ mt: 1 }}>Check a load</Typography>
      <LoadCheck id={record.id} />
    </Box>
  );
}
