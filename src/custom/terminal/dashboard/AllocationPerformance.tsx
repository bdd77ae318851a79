/**
 * Allocation performance (`allocation_performance/`): each group's share of its limits used on the
 * day, as bars (warning colour from 90 %, red over 100 %), and the figures in a table.
 */
import { Alert, Box, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDecimal } from '../../../lib/format';
import { usePerformance } from './overview-api';

export function AllocationPerformance({ date, site, groupby }: { date?: string; site?: string; groupby: string }) {
  const { data, error, isPending } = usePerformance({ date, site, groupby });
  if (isPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? 'The allocations could not be read.'}</Alert>;
  const rows = data.rows;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="allocation-performance">
      <Typography variant="subtitle1">Allocation performance on {data.date}</Typography>
      {!rows.length ? <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>No allocation has a transfer limit on this day.</Typography> : (
        <>
          <BarChart height={Math.max(160, 50 + rows.length * 30)} layout="horizontal"
            yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label), width: 140 }]}
            xAxis={[{ label: '% of the limit used', min: 0, max: Math.max(100, ...rows.map((r) => r.percent_used ?? 0)),
              colorMap: { type: 'piecewise', thresholds: [90, 100], colors: ['#1976d2', '#ed6c02', '#d32f2f'] } }]}
            series={[{ data: rows.map((r) => r.percent_used ?? 0), label: '% used', valueFormatter: (v) => (v === null ? '' : `${v} %`) }]}
            hideLegend margin={{ left: 8, right: 16 }} />
          <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead><TableRow><TableCell>Group</TableCell><TableCell align="right">Limit (m³)</TableCell><TableCell align="right">Used (m³)</TableCell><TableCell align="right">Remaining (m³)</TableCell><TableCell align="right">Loads</TableCell></TableRow></TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell>{r.label}</TableCell><TableCell align="right">{formatDecimal(r.limit, 3)}</TableCell>
                  <TableCell align="right">{formatDecimal(r.used, 3)}</TableCell>
                  <TableCell align="right" sx={{ color: Number(r.remaining) < 0 ? 'error.main' : undefined }}>{formatDecimal(r.remaining, 3)}</TableCell>
                  <TableCell align="right">{r.loads}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          </Box>
        </>
      )}
    </Paper>
  );
}
