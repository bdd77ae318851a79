/**
 * `company/facilities-railyards/` (docs/yard.md, Screens): the company's yards by facility, each
 * with its tracks' occupancy (the length of the cars on them against the track's length) and the
 * way into its layout and its switch lists. Site administrators add yards and tracks here.
 */
import { Alert, Box, Button, Card, CardActions, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useCanAccess, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { RefLabel } from '../../generic/RefLabel';
import { formatDecimal } from '../../lib/format';
import { choiceWord } from '../../resources/fields';
import { TRACK_KINDS, YARD, YARD_TRACK } from '../../resources/yard/common';
import { switchListsPath, yardPath } from './yard-paths';

interface Yard { id: number; name: string; facility: number; length_unit: string; lead_length: string | null; car_count: number; track_count: number; capacity: string; occupied: string }
interface Track { id: number; yard: number; name: string; kind: string; length: string; used: string; car_count: number }

const ALL = { pagination: { page: 1, perPage: 500 } };

function Occupancy({ label, used, length, unit, testid }: { label: string; used: string; length: string; unit: string; testid: string }) {
  const share = Number(length) > 0 ? Math.min(100, (Number(used) / Number(length)) * 100) : 0;
  return (
    <Box data-testid={testid}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatDecimal(used, 2)} / {formatDecimal(length, 2)} {unit}</Typography>
      </Box>
      <LinearProgress variant="determinate" value={share} color={share > 90 ? 'warning' : 'primary'} aria-label={`${label}: ${used} of ${length} ${unit}`} />
    </Box>
  );
}

export default function RailYardsPage() {
  const yards = useGetList<Yard>(YARD, { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const tracks = useGetList<Track>(YARD_TRACK, { ...ALL, sort: { field: 'position', order: 'ASC' } });
  const { canAccess: mayAddYard } = useCanAccess({ resource: YARD, action: 'create' });
  const { canAccess: mayAddTrack } = useCanAccess({ resource: YARD_TRACK, action: 'create' });
  const byFacility = new Map<number, Yard[]>();
  for (const y of yards.data ?? []) byFacility.set(y.facility, [...(byFacility.get(y.facility) ?? []), y]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Rail yards" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" color="text.secondary">Each yard's tracks and the length their cars take in the actual layout.</Typography>
        {mayAddYard && <Button variant="contained" component={Link} to={`/${YARD}/create`}>New yard</Button>}
      </Stack>
      {yards.error && <Alert severity="error">The yards could not be read.</Alert>}
      {yards.data && !yards.data.length && <Alert severity="info">No rail yard yet.{mayAddYard ? ' Add one with New yard, then its tracks.' : ''}</Alert>}
      {[...byFacility.entries()].map(([facility, list]) => (
        <Box key={facility} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}><RefLabel reference="facility" id={facility} /></Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, gap: 2 }}>
            {list.map((y) => {
              const own = (tracks.data ?? []).filter((t) => t.yard === y.id);
              return (
                <Card key={y.id} variant="outlined" data-testid={`yard-${y.name}`}>
                  <CardContent>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{y.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{y.track_count} tracks · {y.car_count} cars · lead {y.lead_length ? `${formatDecimal(y.lead_length, 2)} ${y.length_unit}` : 'no limit'}</Typography>
                    <Occupancy label="Whole yard" used={y.occupied} length={y.capacity} unit={y.length_unit} testid={`occupancy-${y.name}`} />
                    <Stack spacing={0.75} sx={{ mt: 1.5 }}>
                      {own.map((t) => <Occupancy key={t.id} label={`${t.name} (${choiceWord(TRACK_KINDS, t.kind)}, ${t.car_count})`} used={t.used} length={t.length} unit={y.length_unit} testid={`occupancy-${y.name}-${t.name}`} />)}
                      {!own.length && <Typography variant="body2" color="text.secondary">No tracks yet.</Typography>}
                    </Stack>
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Button variant="contained" size="small" component={Link} to={yardPath(y.id)}>Open yard</Button>
                    <Button size="small" component={Link} to={switchListsPath(y.id)}>Switch lists</Button>
                    {mayAddTrack && <Button size="small" component={Link} to={`/${YARD_TRACK}/create?source=${encodeURIComponent(JSON.stringify({ yard: y.id }))}`}>Add track</Button>}
                  </CardActions>
                </Card>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
