/**
 * `company/terminalboss/v3/dashboard/containervolumewidget/` (docs/terminal.md, Terminal
 * dashboards): a site's tanks as bars, what is in each at the end of the days chosen against its
 * capacity (`location/container_volumes/`), and the figures of the period below.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '../../../dataProvider';
import { SITE, TB_LOCATION } from '../../../resources/terminal/common';
import { formatDecimal } from '../../../lib/format';
import { unitSymbol } from '../../../lib/units';
import { SitePicker } from './SitePicker';

interface Tank { location: string; name: string | null; code: string | null; capacity: string; unit: string | null; opening_volume: string; received: string; delivered: string; closing_volume: string; fill_percent: number | null }

export default function ContainerVolumePage() {
  const dp = useDataProvider<AppDataProvider>();
  const { data: sites = [] } = useGetList(SITE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [site, setSite] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The first site until one is chosen: the volumes are a site's.
  useEffect(() => { if (!site && sites.length) setSite(String(sites[0].id)); }, [site, sites]);
  const { data, error, isPending } = useQuery({
    queryKey: ['container_volumes', site, from, to],
    queryFn: () => dp.callAction(TB_LOCATION, { action: 'container_volumes', method: 'GET', query: { created_by_server: site, ...(from ? { from } : {}), ...(to ? { to } : {}) } }) as Promise<Tank[]>,
    enabled: !!site,
  });
  const tanks = data ?? [];
  const unit = unitSymbol(tanks[0]?.unit);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Tank volumes" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap>
        <SitePicker value={site} onChange={setSite} allowAll={false} />
        <TextField fullWidth={false} size="small" type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText={from ? undefined : '30 days before the last day'} />
        <TextField fullWidth={false} size="small" type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText={to ? undefined : 'Today'} />
      </Stack>
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : isPending && site ? <LinearProgress /> : (
        <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="container-volumes">
          <Typography variant="subtitle1">In each tank at the end of the period{unit ? ` (${unit})` : ''}</Typography>
          {!tanks.length ? <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>This site has no tanks with a capacity.</Typography> : (
            <>
              <BarChart height={Math.max(220, 60 + tanks.length * 26)} layout="horizontal"
                yAxis={[{ scaleType: 'band', data: tanks.map((t) => t.code ?? t.name ?? t.location), width: 110 }]}
                xAxis={[{ min: 0, max: Math.max(1, ...tanks.map((t) => Math.max(Number(t.capacity), Number(t.closing_volume)))), label: unit || undefined }]}
                series={[
                  { data: tanks.map((t) => Number(t.closing_volume)), label: 'In the tank', stack: 'tank', valueFormatter: (v) => (v === null ? '' : formatDecimal(v, 3)) },
                  { data: tanks.map((t) => Math.max(0, Number(t.capacity) - Number(t.closing_volume))), label: 'Room left', stack: 'tank', color: '#e0e0e0', valueFormatter: (v) => (v === null ? '' : formatDecimal(v, 3)) },
                ]}
                margin={{ left: 8, right: 16 }} />
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead><TableRow><TableCell>Tank</TableCell><TableCell align="right">Opening</TableCell><TableCell align="right">Received</TableCell><TableCell align="right">Delivered</TableCell><TableCell align="right">Closing</TableCell><TableCell align="right">Full</TableCell></TableRow></TableHead>
                  <TableBody>
                    {tanks.map((t) => (
                      <TableRow key={t.location}>
                        <TableCell>{t.name ?? t.code}</TableCell><TableCell align="right">{formatDecimal(t.opening_volume, 3)}</TableCell>
                        <TableCell align="right">{formatDecimal(t.received, 3)}</TableCell><TableCell align="right">{formatDecimal(t.delivered, 3)}</TableCell>
                        <TableCell align="right">{formatDecimal(t.closing_volume, 3)}</TableCell><TableCell align="right">{t.fill_percent === null ? '—' : `${t.fill_percent} %`}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
        </Paper>
      )}
    </Box>
  );
}
