/**
 * Product transferred (`product_transferred/`): net m³ of completed tickets per interval, stacked by
 * product (the six largest, the rest as "Other"), receipts and deliveries alike.
 */
import { Alert, LinearProgress, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDecimal } from '../../../lib/format';
import { type Transferred, useTransferred } from './overview-api';

const SHOWN = 6;

export function seriesOf(rows: readonly Transferred[]) {
  const periods = [...new Set(rows.map((r) => r.period))].sort();
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.product_name ?? r.product, (totals.get(r.product_name ?? r.product) ?? 0) + Number(r.net_m3));
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, SHOWN).map(([n]) => n);
  const name = (r: Transferred) => (top.includes(r.product_name ?? r.product) ? (r.product_name ?? r.product) : 'Other');
  const names = [...top, ...(totals.size > SHOWN ? ['Other'] : [])];
  return {
    periods,
    series: names.map((n) => ({
      label: n, stack: 'm3',
      data: periods.map((p) => rows.filter((r) => r.period === p && name(r) === n).reduce((s, r) => s + Number(r.net_m3), 0)),
      valueFormatter: (v: number | null) => (v === null ? '' : `${formatDecimal(v, 3)} m³`),
    })),
  };
}

export function ProductTransferred({ from, to, site, interval }: { from?: string; to?: string; site?: string; interval: 'day' | 'week' | 'month' }) {
  const { data, error, isPending } = useTransferred({ from, to, site, interval });
  if (isPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? 'The volumes could not be read.'}</Alert>;
  const { periods, series } = seriesOf(data.rows);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="product-transferred">
      <Typography variant="subtitle1">Product transferred, {data.from} to {data.to} (net m³ by {interval})</Typography>
      {periods.length
        ? <BarChart height={300} xAxis={[{ scaleType: 'band', data: periods }]} series={series} margin={{ left: 8, right: 8 }} />
        : <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>No completed tickets in these days.</Typography>}
    </Paper>
  );
}
