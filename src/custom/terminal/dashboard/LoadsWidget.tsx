/** A day's loads (`loads_widget/`): counts by status and type as tiles, the completed net m³, and the loads started each hour of the site's day. */
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { CountTile, COUNT_GRID } from '../../../generic/CountTile';
import { formatDecimal } from '../../../lib/format';
import { useLoads } from './overview-api';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export function LoadsWidget({ date, site }: { date?: string; site?: string }) {
  const { data, error, isPending } = useLoads({ date, site });
  if (isPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? 'The loads could not be read.'}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="loads-widget">
      <Typography variant="subtitle1">Loads on {data.date}</Typography>
      <Box sx={{ ...COUNT_GRID, my: 1 }}>
        <CountTile label="Loads" count={data.loads} help={`${formatDecimal(data.completed_net_m3, 3)} m³ net completed`} />
        <CountTile label="Under way" count={data.by_status.in_progress ?? 0} help="Started, not completed" />
        <CountTile label="Completed" count={data.by_status.completed ?? 0} help={`${data.by_type.receipt ?? 0} receipts, ${data.by_type.delivery ?? 0} deliveries`} />
        <CountTile label="Void" count={data.by_status.void ?? 0} help="Voided loads of the day" tone="warning" />
      </Box>
      <BarChart height={200} xAxis={[{ scaleType: 'band', data: HOURS, label: 'Hour started (site time)' }]}
        series={[{ data: data.hours, label: 'Loads started' }]} hideLegend margin={{ left: 0, right: 8 }} />
    </Paper>
  );
}
