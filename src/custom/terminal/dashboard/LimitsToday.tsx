/** The active limits' periods holding today (docs/terminal.md, Terminal dashboards): each as the gauge its limit's page shows, linked to the limit. */
import { Alert, Box, Link, Typography } from '@mui/material';
import { type RaRecord, useGetList, useGetMany } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TB_LIMIT_PERIOD, TB_PERIODIC_LIMIT } from '../../../resources/terminal/periodic-limit';
import { MEASUREMENT_UNIT } from '../../../resources/terminal/common';
import { PeriodGauge } from '../limit/LimitPeriods';
import { unitSymbol } from '../../../lib/units';

export function LimitsToday({ today }: { today: string }) {
  const { data: periods = [], isPending } = useGetList(TB_LIMIT_PERIOD, { filter: { period_start__lte: today, period_end__gte: today }, pagination: { page: 1, perPage: 20 }, sort: { field: 'period_start', order: 'DESC' } });
  const { data: limits = [] } = useGetMany(TB_PERIODIC_LIMIT, { ids: [...new Set(periods.map((p) => p.periodic_limit))] }, { enabled: periods.length > 0 });
  const { data: units = [] } = useGetMany(MEASUREMENT_UNIT, { ids: [...new Set(limits.map((l) => l.unit).filter(Boolean))] }, { enabled: limits.length > 0 });
  const active = new Map(limits.filter((l) => l.status === 'active').map((l) => [l.id, l]));
  const shown = periods.filter((p) => active.has(p.periodic_limit));
  if (isPending) return null;
  return (
    <Box data-testid="limits-today">
      <Typography variant="subtitle1">Limits today</Typography>
      {!shown.length && <Alert severity="info">No active limit has a period today.</Alert>}
      {shown.map((p: RaRecord) => {
        const limit = active.get(p.periodic_limit)!;
        const unit = limit.basis === 'load' ? 'loads' : unitSymbol(units.find((u) => u.id === limit.unit)?.code);
        return (
          <Box key={p.id}>
            <Link component={RouterLink} to={`/company/terminalboss/v3/limit/${String(limit.id)}/`} variant="body2">{String(limit.name)}</Link>
            <PeriodGauge period={p} unit={unit} />
          </Box>
        );
      })}
    </Box>
  );
}
