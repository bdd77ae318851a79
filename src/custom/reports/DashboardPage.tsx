/**
 * `company/dashboard/` (docs/reports.md, Dashboard): the figures of the areas the user may read,
 * as the server counts them for him (`reports/dashboard/`): tickets and net volume by product
 * today and this month as bars, shipments, cars on a trip and truck bookings by status as counts.
 * Each opens its table with the same filters, so the table shows the records behind the figure.
 */
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { report } from '../../resources/reports/report';
import { listPathOf } from '../../generic/home-paths';
import { CountTile, COUNT_GRID } from '../../generic/CountTile';
import { countLabel, formatDecimal } from '../../lib/format';
import type { Cell, SampleColumn } from './report-api';

interface Figure {
  key: string; title: string; chart: 'bars' | 'tiles'; source: string; noun: string; nouns: string; group: string;
  columns: SampleColumn[]; rows: Cell[][]; totals: Cell[][]; link_filters: Record<string, string>;
}

const tableOf = (f: Figure) => `${listPathOf(f.source)}?${new URLSearchParams(f.link_filters).toString()}`;
const indexOf = (f: Figure, role: SampleColumn['role']) => f.columns.findIndex((c) => c.role === role);

function Bars({ f }: { f: Figure }) {
  const group = indexOf(f, 'group');
  const unit = indexOf(f, 'unit');
  const total = indexOf(f, 'total');
  const count = indexOf(f, 'count');
  // Bars of the total where the rows have one (a volume), else of the count (tickets not yet measured).
  const value = total >= 0 && f.rows.some((r) => r[total] !== null) ? total : count;
  // A quantity in each row's own unit: the bars name it beside the group (Crude, m3).
  const units = new Set(f.rows.map((r) => (unit >= 0 ? r[unit] : null)));
  const label = (r: Cell[]) => `${r[group] ?? '(none)'}${unit >= 0 && units.size > 1 ? `, ${r[unit]}` : ''}`;
  const rows = [...f.rows].sort((a, b) => Number(b[value]) - Number(a[value])).slice(0, 12);
  const unitText = value === total && unit >= 0 && units.size === 1 ? ` (${String([...units][0] ?? '')})` : '';
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={Math.max(160, 40 + rows.length * 28)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: rows.map(label), width: 150 }]}
        xAxis={[{ label: `${f.columns[value].label}${unitText}` }]}
        series={[{ data: rows.map((r) => Number(r[value])), label: `${f.columns[value].label}${unitText}`, valueFormatter: (v) => (v === null ? '' : formatDecimal(String(v))) }]}
        hideLegend
        margin={{ left: 8, right: 16 }}
      />
      <Typography variant="body2" color="text.secondary">
        {f.totals.map((t) => [countLabel(Number(t[count]), f.noun, 0, f.nouns), total >= 0 && t[total] !== null ? `${formatDecimal(t[total])}${unit >= 0 ? ` ${t[unit]}` : ''}` : null].filter(Boolean).join(', ')).join('; ')}
      </Typography>
    </Box>
  );
}

function Tiles({ f }: { f: Figure }) {
  const group = indexOf(f, 'group');
  const count = indexOf(f, 'count');
  const total = indexOf(f, 'total');
  const word = (v: Cell) => (f.group === 'last_loaded' ? (v === 'Yes' ? 'Loaded' : 'Empty') : String(v ?? '(none)'));
  // A figure with a total (invoices by currency) says it beside the group: "CAD 12,480.50".
  const label = (r: Cell[]) => (total >= 0 && r[total] !== null ? `${word(r[group])} ${formatDecimal(r[total], 2)}` : word(r[group]));
  return (
    <Box sx={COUNT_GRID}>
      {f.rows.map((r) => <CountTile key={String(r[group])} label={label(r)} count={Number(r[count])} help={f.nouns} />)}
    </Box>
  );
}

export default function DashboardPage() {
  const dp = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dp.callAction(report.name, { action: 'dashboard', method: 'GET' }) as Promise<Figure[]>,
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Dashboard" />
      {error && <Alert severity="error">The figures could not be read.</Alert>}
      {isPending && <Typography color="text.secondary">Counting…</Typography>}
      {data && data.length === 0 && <Alert severity="info">Nothing to count here yet: the dashboard shows the figures of the areas you may read.</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {data?.map((f) => (
          <Card key={f.key} variant="outlined" data-testid={`figure-${f.key}`}>
            <CardHeader title={f.title} slotProps={{ title: { variant: 'h6', component: 'h2' } }}
              action={<Button component={RouterLink} to={tableOf(f)} size="small" aria-label={`Open table: ${f.title}`}>Open table</Button>} />
            <CardContent>
              {f.rows.length === 0 ? <Typography color="text.secondary">None.</Typography> : f.chart === 'bars' ? <Bars f={f} /> : <Tiles f={f} />}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
