/**
 * `company/trace/trips/map/` (docs/trace.md, Maps): the trips under way where their cars were last
 * seen, late ones (past their ETA, not placed) in red, loaded in blue, empty in orange; filtered by
 * load and lateness. A click on a car draws its trip from its events and says where it is going,
 * since when, and when it is due, with a link to the trip.
 */
import { useState } from 'react';
import { Box, Chip, Link, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ExpressionSpecification } from 'maplibre-gl';
import { PositionsMap } from '../map/PositionsMap';
import { MapFilter } from '../map/MapFilter';
import { useSelectedCar } from '../map/useSelectedCar';
import { COLORS } from '../map/map-constants';
import type { CarFeature } from '../map/positions';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';

const LOADS = [['', 'All'], ['true', 'Loaded'], ['false', 'Empty']] as const;
const LATE = [['', 'All'], ['true', 'Late'], ['false', 'On time']] as const;
const color: ExpressionSpecification = ['case', ['==', ['get', 'late'], true], COLORS.late, ['get', 'loaded'], COLORS.loaded, COLORS.empty];
const legend = [{ color: COLORS.loaded, label: 'Loaded' }, { color: COLORS.empty, label: 'Empty' }, { color: COLORS.late, label: 'Late' }];

function TripDetail({ car }: { car: CarFeature }) {
  const zone = useCompanyTimeZone();
  const p = car.properties;
  if (!p.trip) return <Typography variant="body2" color="text.secondary">No trip yet: its events have not begun one.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        {p.kind === 'loaded' ? 'Loaded' : 'Empty'} from {p.origin ?? '?'}, released {formatInZone(p.released_at, zone)}.
      </Typography>
      <Typography variant="body2">
        ETA {p.eta ? formatInZone(p.eta, zone) : 'not known (no completed trips on this lane yet)'}
        {p.late && <Chip size="small" color="error" label="Late" sx={{ ml: 1 }} />}
      </Typography>
      <Link component={RouterLink} to={buildPath(ROUTES.traceTrip.path, { tripId: p.trip })}>Open the trip</Link>
    </Box>
  );
}

export default function TripsMapPage() {
  const [loaded, setLoaded] = useState('');
  const [late, setLate] = useState('');
  const { selected, trip: shownTrip, select } = useSelectedCar();
  const filters = Object.fromEntries(Object.entries({ loaded, late }).filter(([, v]) => v !== ''));
  return (
    <Box>
      <Title title="Trips map" />
      <PositionsMap
        filters={filters}
        color={color}
        legend={legend}
        selected={selected}
        trip={shownTrip}
        onSelect={select}
        controls={(
          <>
            <MapFilter label="Load" value={loaded} options={LOADS} onChange={setLoaded} />
            <MapFilter label="Timing" value={late} options={LATE} onChange={setLate} />
          </>
        )}
        detail={(c) => <TripDetail car={c} />}
      />
    </Box>
  );
}
