/**
 * The sample the builder shows as the report is edited (docs/reports.md, Screens): its first rows
 * (or groups) in a grid, how many it has, and its totals under it. Numbers align right, units head
 * their columns, times read as the row's local time.
 */
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { formatDecimal, labelWithUnit } from '../../lib/format';
import type { Cell, Sample, SampleColumn } from './report-api';

const NUMERIC = new Set(['integer', 'decimal']);

/** A header: the label and the unit of a quantity (each row's own unit is in its unit column). */
const headerOf = (c: SampleColumn) => (c.unit && c.unit !== 'per row' ? labelWithUnit(c.label, c.unit) : c.label);

/** A cell as read: a time as its local date and time (the offset is the row's zone's). */
function shown(c: SampleColumn, v: Cell): string {
  if (v === null) return '';
  if (c.kind === 'datetime' && typeof v === 'string' && c.role !== 'group') return v.slice(0, 16).replace('T', ' ');
  if (typeof v === 'number') return v.toLocaleString('en-CA');
  // Exact as the server wrote it, thousands grouped as every screen shows decimals.
  if (c.kind === 'decimal' || c.role === 'total') return formatDecimal(v);
  return String(v);
}

export function ReportSample({ sample, error, loading }: { sample?: Sample; error?: string; loading: boolean }) {
  if (error) return <Alert severity="warning" data-testid="sample-error">{error}</Alert>;
  if (!sample) return loading ? <Typography color="text.secondary">Reading a sample…</Typography> : null;
  const cols: GridColDef[] = sample.columns.map((c, i) => ({
    field: `c${i}`, headerName: headerOf(c), minWidth: 110, flex: 1, sortable: false,
    align: NUMERIC.has(c.kind) || c.role === 'count' || c.role === 'total' ? 'right' : 'left',
    headerAlign: NUMERIC.has(c.kind) || c.role === 'count' || c.role === 'total' ? 'right' : 'left',
  }));
  const rows = sample.rows.map((r, n) => ({ id: n, ...Object.fromEntries(r.map((v, i) => [`c${i}`, shown(sample.columns[i], v)])) }));
  const noun = sample.columns.some((c) => c.role === 'group') ? 'groups' : 'rows';
  return (
    <Box data-testid="report-sample">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
        {sample.count === 0 ? `No ${noun}: no record matches the filters.` : `${sample.count.toLocaleString('en-CA')} ${sample.count === 1 ? noun.slice(0, -1) : noun}${sample.rows.length < sample.count ? `, the first ${sample.rows.length} shown` : ''}.`}
        {noun === 'groups' && ` ${sample.rows_read.toLocaleString('en-CA')} records read.`}
      </Typography>
      <Box sx={{ width: '100%', height: Math.min(480, 60 + Math.max(rows.length, 3) * 36) }}>
        <DataGrid columns={cols} rows={rows} density="compact" hideFooter disableColumnMenu loading={loading}
          aria-label="Report sample" localeText={{ noRowsLabel: 'No records match the filters.' }} />
      </Box>
      {sample.totals.length > 0 && (
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Typography variant="subtitle2" component="h3">Totals</Typography>
          <Table size="small" aria-label="Report totals">
            <TableHead>
              <TableRow>{sample.total_columns.map((c) => <TableCell key={c.key} align={c.role === 'count' || c.role === 'total' ? 'right' : 'left'}>{headerOf(c)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {sample.totals.map((line, n) => (
                <TableRow key={n}>{line.map((v, i) => <TableCell key={i} align={sample.total_columns[i].role === 'count' || sample.total_columns[i].role === 'total' ? 'right' : 'left'}>{shown(sample.total_columns[i], v)}</TableCell>)}</TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
