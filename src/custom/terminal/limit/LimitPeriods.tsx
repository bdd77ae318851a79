/**
 * A periodic limit's page below its form (docs/terminal.md, Limit screens): the period of today
 * (or the latest) as a gauge of used / under way / remaining, Roll forward (the next period, as
 * the server makes it), Add period, Upload attachment, then the table of its periods with what
 * each used, and its properties.
 */
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FastForwardIcon from '@mui/icons-material/FastForward';
import { type RaRecord, useCanAccess, useCreatePath, useDataProvider, useGetList, useGetOne, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useState } from 'react';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_LIMIT_PERIOD, TB_LIMIT_PROPERTIES, TB_PERIODIC_LIMIT } from '../../../resources/terminal/periodic-limit';
import { MEASUREMENT_UNIT } from '../../../resources/terminal/common';
import { ResourceTable } from '../../../table/ResourceTable';
import { formatDecimal } from '../../../lib/format';
import { unitSymbol } from '../../../lib/units';
import { localDateIn, rowTimeZone } from '../../../lib/time-zone';
import { UploadActionButton } from '../../../generic/inputs/UploadActionButton';
import { useNotifyError } from '../../../hooks/useNotifyError';

/** The period holding today at the limit's site, else the latest one. */
function periodToShow(periods: RaRecord[], zone: string) {
  const today = localDateIn(new Date(), zone) ?? '';
  return periods.find((p) => p.period_start <= today && today <= p.period_end) ?? periods[0];
}

export function PeriodGauge({ period, unit }: { period: RaRecord; unit: string }) {
  const limit = Number(period.limit);
  const used = Number(period.used);
  const underWay = Number(period.in_progress);
  const warning = period.warning_level !== null && period.warning_level !== undefined ? Number(period.warning_level) : null;
  const share = limit > 0 ? Math.min(100, ((used + underWay) / limit) * 100) : 100;
  const over = used + underWay > limit;
  const past = warning !== null && used + underWay > warning;
  const q = (v: unknown) => `${formatDecimal(v, 3)}${unit ? ` ${unit}` : ''}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} data-testid="limit-gauge">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{period.period_start} to {period.period_end}</Typography>
      <LinearProgress variant="determinate" value={share} color={over ? 'error' : past ? 'warning' : 'primary'} sx={{ height: 10, borderRadius: 1, my: 1 }} aria-label="Share of the limit used" />
      <Typography variant="body2">
        Used <b>{q(period.used)}</b> of {q(period.limit)}
        {underWay ? <> · {q(period.in_progress)} under way</> : null}
        {' · '}<span style={{ color: over ? '#c62828' : undefined }}>{q(period.remaining)} remaining</span>
        {' · '}{period.loads} {period.loads === 1 ? 'load' : 'loads'}
      </Typography>
    </Paper>
  );
}


export function LimitPeriods() {
  const record = useRecordContext();
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const here = useLocation().pathname;
  const [rolling, setRolling] = useState(false);
  const { canAccess: canChange } = useCanAccess({ resource: TB_PERIODIC_LIMIT, action: 'edit' });
  const { canAccess: canAddProperty } = useCanAccess({ resource: TB_LIMIT_PROPERTIES, action: 'create' });
  const { data: periods = [] } = useGetList(TB_LIMIT_PERIOD, { filter: { periodic_limit: record?.id }, sort: { field: 'period_start', order: 'DESC' }, pagination: { page: 1, perPage: 50 } }, { enabled: !!record?.id });
  const { data: unit } = useGetOne(MEASUREMENT_UNIT, { id: record?.unit }, { enabled: !!record?.unit });
  if (!record?.id) return null;
  const open = record.status !== 'closed';
  const unitCode = record.basis === 'load' ? 'loads' : unitSymbol(unit?.code);
  const addLink = (resource: string) => `${createPath({ resource, type: 'create' })}?${new URLSearchParams({ source: JSON.stringify({ periodic_limit: record.id }), back: here })}`;
  const rollForward = async () => {
    setRolling(true);
    try {
      const p = (await dp.callAction(TB_PERIODIC_LIMIT, { id: record.id, action: 'roll_forward', body: {} })) as RaRecord;
      notify(`Added the period ${p.period_start} to ${p.period_end}`, { type: 'success' });
      refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setRolling(false);
    }
  };
  const shown = periodToShow(periods, rowTimeZone(record));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, pt: 0 }} data-testid="limit-periods">
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ flex: 1, minWidth: 120 }}>Periods</Typography>
        {canChange && open && (
          <Button size="small" variant="contained" startIcon={<FastForwardIcon />} disabled={rolling} onClick={() => void rollForward()}>
            {rolling ? 'Rolling forward…' : 'Roll forward'}
          </Button>
        )}
        {canChange && open && <Button component={Link} to={addLink(TB_LIMIT_PERIOD)} size="small" variant="outlined" startIcon={<AddIcon />}>Add period</Button>}
        {canChange && <UploadActionButton resource={TB_PERIODIC_LIMIT} id={record.id} action="upload_attachment" label="Upload attachment" done="Attachment uploaded" variant="outlined" accept="application/pdf,image/png,image/jpeg,text/csv,.xlsx" onDone={refresh} />}
      </Stack>
      {record.status !== 'active' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {record.status === 'closed' ? 'This limit is closed: its periods are kept as they were.' : `This limit is ${record.status}: it checks no load until it is active.`}
        </Alert>
      )}
      {shown ? <PeriodGauge period={shown} unit={unitCode} /> : <Alert severity="warning" sx={{ mb: 1 }}>No period yet: roll forward to add the period of today.</Alert>}
      <ResourceTable embedded resource={TB_LIMIT_PERIOD} table="limit-periods" title="Periods" permanentFilter={{ periodic_limit: record.id }}
        columns={['period_start', 'period_end', 'limit', 'warning_level', 'used', 'in_progress', 'remaining', 'loads']}
        compactColumns={['period_start', 'used', 'remaining']} />
      <Stack direction="row" spacing={1} sx={{ mt: 2, mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>Properties</Typography>
        {canAddProperty && <Button component={Link} to={addLink(TB_LIMIT_PROPERTIES)} size="small" variant="outlined" startIcon={<AddIcon />}>Add property</Button>}
      </Stack>
      <ResourceTable embedded resource={TB_LIMIT_PROPERTIES} table="limit-properties" title="Properties" permanentFilter={{ periodic_limit: record.id }} columns={['name', 'value']} />
    </Box>
  );
}
