/**
 * `company/mass-balance-report/{reportDate?}/{facilityUUID?}` (docs/terminal.md, Mass balance): a
 * terminal site's mass balance for a day or a month, per product, with its loss or gain and the
 * company's tolerance; a product opens the tickets behind its figures. Print, CSV and XLSX.
 * The day and the site are in the address, so a balance is linked and reopened as it was.
 */
import { useMemo } from 'react';
import {
  Alert, Box, Button, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { ROUTES } from '../../routes/table';
import { buildPath } from '../../routes/params';
import { site as siteResource } from '../../resources/terminal/site';
import { TB_TICKET } from '../../resources/terminal/common';
import { listPathOf } from '../../generic/home-paths';
import { formatDecimal } from '../../lib/format';
import { localDateIn } from '../../lib/time-zone';
import { useBusyAction } from '../../hooks/useBusyAction';

type Figure = 'opening' | 'receipts' | 'deliveries' | 'transfers' | 'book_closing' | 'closing' | 'difference' | 'percent';
/** A line outside tolerance: a faint tint and a bar at its start, so its figures and links keep their contrast in both themes. */
const FLAGGED = { bgcolor: (t: Theme) => alpha(t.palette.warning.main, 0.12), boxShadow: (t: Theme) => `inset 4px 0 0 ${t.palette.warning.main}` };

type Line = Record<Figure, string | null> & { product: string; product_name: string; flagged: boolean };
interface Balance {
  site: string; site_name: string; period: string; first_day: string; last_day: string; time_zone: string; ended: boolean;
  unit: string; tolerance_percent: string; products: Line[]; total: Record<Figure, string | null>;
}

const COLUMNS: [Figure, string][] = [
  ['opening', 'Opening (measured)'], ['receipts', 'Receipts'], ['deliveries', 'Deliveries'], ['transfers', 'Transfers'],
  ['book_closing', 'Book closing'], ['closing', 'Closing (measured)'], ['difference', 'Gain / loss'], ['percent', '%'],
];

/** A day of a period: the day itself, or of a month the last whole day in it (yesterday) or its first. */
const dayOf = (period: string, yesterday: string) => (period.length === 10 ? period : yesterday.startsWith(period) ? yesterday : `${period}-01`);
const pathOf = (period: string, site?: string) => buildPath(ROUTES.massBalance.path, { reportDate: period, facilityUUID: site });

export default function MassBalancePage({ params }: PageProps) {
  const dp = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const { busy, run } = useBusyAction();
  const { data: sites = [] } = useQuery({
    queryKey: ['mass-balance-sites'],
    queryFn: async () => (await dp.getList(siteResource.name, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).data as { id: string; name: string; timezone: string }[],
  });
  const siteId = (params.facilityUUID as string | undefined) ?? sites[0]?.id;
  const site = sites.find((s) => s.id === siteId);
  // Yesterday on the site's calendar: the last whole day.
  const yesterday = useMemo(() => {
    const today = localDateIn(new Date(), site?.timezone ?? 'America/Edmonton')!;
    return new Date(Date.parse(`${today}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);
  }, [site?.timezone]);
  const period = (params.reportDate as string | undefined) ?? yesterday;
  const monthly = period.length === 7;
  const { data: b, error, isFetching } = useQuery({
    queryKey: ['mass-balance', siteId, period],
    queryFn: () => dp.callAction(siteResource.name, { id: siteId!, action: 'mass_balance', method: 'GET', query: { period } }) as Promise<Balance>,
    enabled: !!siteId,
    retry: false,
  });
  const ticketsOf = (line: Line) => `${listPathOf(TB_TICKET)}?${new URLSearchParams({ created_by_server: b!.site, product: line.product, status: 'completed', ticket_date__gte: b!.first_day, ticket_date__lte: b!.last_day })}`;
  const exportAs = (format: 'csv' | 'xlsx') => void run(async () => { await dp.callAction(siteResource.name, { id: siteId!, action: 'mass_balance', method: 'GET', query: { period, format } }); });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Mass balance" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' }, '@media print': { display: 'none' } }}>
        <TextField select label="Site" size="small" value={siteId ?? ''} sx={{ minWidth: 240 }} onChange={(e) => navigate(pathOf(period, e.target.value))}>
          {sites.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={monthly ? 'month' : 'day'} aria-label="Period"
          onChange={(_, v) => { if (v) navigate(pathOf(v === 'month' ? period.slice(0, 7) : dayOf(period, yesterday), siteId)); }}>
          <ToggleButton value="day">Day</ToggleButton>
          <ToggleButton value="month">Month</ToggleButton>
        </ToggleButtonGroup>
        <TextField label={monthly ? 'Month' : 'Day'} type={monthly ? 'month' : 'date'} size="small" value={period}
          onChange={(e) => { if (e.target.value) navigate(pathOf(e.target.value, siteId)); }} slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1}>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!b}>Print</Button>
          <Button startIcon={<DownloadIcon />} onClick={() => exportAs('xlsx')} disabled={!b || busy}>XLSX</Button>
          <Button onClick={() => exportAs('csv')} disabled={!b || busy}>CSV</Button>
        </Stack>
      </Stack>
      {error && <Alert severity="error">The mass balance could not be read.</Alert>}
      {!siteId && !isFetching && <Alert severity="info">No terminal site to balance yet.</Alert>}
      {b && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">{b.site_name}, {b.first_day === b.last_day ? b.first_day : `${b.first_day} to ${b.last_day}`}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Volumes in {b.unit} at 15 °C, on the site&apos;s calendar ({b.time_zone}). Measured inventories are the tanks&apos; latest gaugings at the period&apos;s start and end; a loss or gain beyond {formatDecimal(b.tolerance_percent)} % is flagged.
          </Typography>
          {!b.ended && <Alert severity="info" sx={{ mb: 1 }}>This period has not ended: its closing is not measured yet.</Alert>}
          {b.products.length === 0 ? <Alert severity="info">Nothing was held, received or delivered at this site in this period.</Alert> : (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Mass balance">
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    {COLUMNS.map(([k, l]) => <TableCell key={k} align="right">{l}</TableCell>)}
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {b.products.map((line) => (
                    <TableRow key={line.product} data-testid="balance-line" sx={line.flagged ? FLAGGED : undefined}>
                      <TableCell><RouterLink to={ticketsOf(line)} aria-label={`Tickets of ${line.product_name}`}>{line.product_name}</RouterLink></TableCell>
                      {COLUMNS.map(([k]) => <TableCell key={k} align="right">{line[k] === null ? '–' : formatDecimal(line[k])}</TableCell>)}
                      <TableCell>{line.flagged && <Chip size="small" color="warning" label="Outside tolerance" />}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow sx={{ '& td': { fontWeight: 'bold' } }}>
                    <TableCell>Total</TableCell>
                    {COLUMNS.map(([k]) => <TableCell key={k} align="right">{b.total[k] === null ? '–' : formatDecimal(b.total[k])}</TableCell>)}
                    <TableCell />
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      )}
    </Box>
  );
}
