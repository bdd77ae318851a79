/**
 * `company/facilities/` (docs/rail.md §11.7): shipments by facility. Each facility of the company
 * with its city, serving railroad and its shipments as origin (`company/{id}/facilities/`): open,
 * in correction, shipped in the last 30 days, cars on open shipments. A facility opens
 * `facility/{id}/schedule/`, which forwards to the tab last chosen. 1,400 px: a table with the
 * totals at its foot; 390 px: a card per facility.
 */
import type { ReactNode } from 'react';
import {
  Alert, Box, Card, CardActionArea, CardContent, Chip, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableFooter,
  TableHead, TableRow, type Theme, Typography, useMediaQuery,
} from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useProfile } from '../../../hooks/useProfile';
import { canReach } from '../../../routes/guard';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { type FacilityCounts, facilityApi, facilityPath, railroadText } from './facility-api';

const COUNTS = [
  ['open', 'Open', 'Open shipments'],
  ['in_correction', 'In correction', 'Shipments in correction'],
  ['shipped_30_days', 'Shipped (30 days)', 'Shipped in the last 30 days'],
  ['cars_loading', 'Cars loading', 'Cars on open shipments'],
] as const;
type CountKey = (typeof COUNTS)[number][0];

const FOOT = { fontWeight: 600, fontSize: 'body2.fontSize', color: 'text.primary' } as const;
const place = (f: FacilityCounts) => [f.city, f.province].filter(Boolean).join(', ') || '—';
const n = (v: number) => v.toLocaleString('en-US');

function useFacilities() {
  const dp = useDataProvider<AppDataProvider>();
  const { permissions } = useProfile();
  const companyId = permissions?.company?.id;
  return useQuery({
    queryKey: ['company', companyId, 'facilities'],
    queryFn: () => facilityApi(dp).companyFacilities(companyId!),
    enabled: companyId !== undefined,
  });
}

/** What to do when the company has no facility: add one where the user may. */
function NoFacility() {
  const { permissions } = useProfile();
  const config = canReach(permissions, ROUTES.configFacilities.access);
  return (
    <Alert severity="info" sx={{ m: { xs: 1, sm: 0 } }}>
      No facility yet. Shipments are counted by the facility they leave from.{' '}
      {config
        ? <>Add one under <Link component={RouterLink} to={buildPath(ROUTES.configFacilities.path)}>Configuration, Facilities</Link>.</>
        : 'Ask your administrator to add your facilities.'}
    </Alert>
  );
}

function Wide({ rows }: { rows: FacilityCounts[] }) {
  const navigate = useNavigate();
  const total = (k: CountKey) => rows.reduce((s, f) => s + f[k], 0);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Shipments by facility">
        <TableHead>
          <TableRow>
            <TableCell>Facility</TableCell>
            <TableCell>City</TableCell>
            <TableCell>Serving railroad</TableCell>
            {COUNTS.map(([k, label, title]) => <TableCell key={k} align="right" title={title}>{label}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => (
            <TableRow key={f.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(facilityPath(f.id))}>
              <TableCell>
                <Link component={RouterLink} to={facilityPath(f.id)} onClick={(e) => e.stopPropagation()}>{f.name}</Link>
                {f.code && <Typography component="span" variant="body2" color="text.secondary"> {f.code}</Typography>}
              </TableCell>
              <TableCell>{place(f)}</TableCell>
              <TableCell>{railroadText(f.serving_railroad)}</TableCell>
              {COUNTS.map(([k]) => <TableCell key={k} align="right" sx={{ color: f[k] ? undefined : 'text.disabled' }}>{n(f[k])}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
        {rows.length > 1 && (
          <TableFooter>
            <TableRow>
              <TableCell colSpan={3} sx={FOOT}>All facilities</TableCell>
              {COUNTS.map(([k]) => <TableCell key={k} align="right" sx={FOOT}>{n(total(k))}</TableCell>)}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Paper>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="div" sx={{ lineHeight: 1.2, color: value ? 'text.primary' : 'text.disabled' }}>{n(value)}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
    </Box>
  );
}

function Cards({ rows }: { rows: FacilityCounts[] }) {
  return (
    <Stack spacing={1} aria-label="Shipments by facility" role="list">
      {rows.map((f) => (
        <Card key={f.id} variant="outlined" role="listitem">
          <CardActionArea component={RouterLink} to={facilityPath(f.id)}>
            <CardContent sx={{ pb: '12px !important' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>{f.name}</Typography>
                {f.code && <Chip size="small" variant="outlined" label={f.code} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">{place(f)} · {railroadText(f.serving_railroad)}</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, mt: 1 }}>
                {COUNTS.map(([k, label]) => <Count key={k} label={label} value={f[k]} />)}
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

export default function FacilitiesPage() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data: rows, isPending, error } = useFacilities();
  let body: ReactNode;
  if (isPending) body = <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  else if (error) body = <Alert severity="error">{error.message}</Alert>;
  else if (!rows?.length) body = <NoFacility />;
  else body = phone ? <Cards rows={rows} /> : <Wide rows={rows} />;
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 } }}>
      <Title title="Shipments by facility" />
      <Typography variant="h5" component="h2" sx={{ mb: 0.5, px: { xs: 0.5, sm: 0 } }}>Shipments by facility</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, px: { xs: 0.5, sm: 0 } }}>
        Shipments counted at the facility they leave from. Open a facility for its shipments, cars and schedule.
      </Typography>
      {body}
    </Box>
  );
}
