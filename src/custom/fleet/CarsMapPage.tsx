/**
 * `company/fleet/cars/map/` (docs/trace.md, Maps): the fleet where its last events place it,
 * loaded cars in blue and empty ones in orange, filtered by fleet status and load. A click on a
 * car (or `?car=` in the address) opens its trips: the current one drawn on the map, the recent
 * ones listed with links to each.
 */
import { useState } from 'react';
import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ExpressionSpecification } from 'maplibre-gl';
import { PositionsMap } from '../map/PositionsMap';
import { MapFilter } from '../map/MapFilter';
import { useSelectedCar } from '../map/useSelectedCar';
import { COLORS } from '../map/map-constants';
import type { CarFeature } from '../map/positions';
import { FLEET_STATUSES } from '../../resources/fleet/car';
import { trip } from '../../resources/trace/trip';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { useProfile } from '../../hooks/useProfile';
import { hasPermissions } from '../../authProvider/permissions';
import { contentType } from '../../resources/define';

const LOADS = [['', 'All'], ['true', 'Loaded'], ['false', 'Empty']] as const;
const STATUSES = [['', 'All'], ...FLEET_STATUSES] as const;
const color: ExpressionSpecification = ['case', ['get', 'loaded'], COLORS.loaded, COLORS.empty];
const legend = [{ color: COLORS.loaded, label: 'Loaded' }, { color: COLORS.empty, label: 'Empty' }];

function CarTrips({ car }: { car: CarFeature }) {
  const zone = useCompanyTimeZone();
  const { data, isPending } = useGetList(trip.name, { pagination: { page: 1, perPage: 5 }, sort: { field: 'released_at', order: 'DESC' }, filter: { car: car.id } });
  if (isPending) return null;
  if (!data?.length) return <Typography variant="body2" color="text.secondary">No trips yet: its events have not begun one.</Typography>;
  return (
    <>
      <Typography variant="subtitle2">Trips</Typography>
      <List dense disablePadding aria-label="Its trips">
        {data.map((t) => (
          <ListItem key={t.id} disableGutters>
            <ListItemText
              primary={<Link component={RouterLink} to={buildPath(ROUTES.traceTrip.path, { tripId: t.id })}>{`${t.kind === 'loaded' ? 'Loaded' : 'Empty'}: ${String(t.origin_station ?? '?')} → ${String(t.destination_station ?? '…')}`}</Link>}
              secondary={`Released ${formatInZone(t.released_at, zone)}${t.status === 'in_transit' ? ' · in transit' : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

export default function CarsMapPage() {
  const [fleetStatus, setFleetStatus] = useState('');
  const [loaded, setLoaded] = useState('');
  const { selected, trip: shownTrip, select } = useSelectedCar();
  const { permissions } = useProfile();
  const readsTrips = hasPermissions(permissions, { [contentType(trip)]: ['view_trip'] });
  const filters = Object.fromEntries(Object.entries({ fleet_status: fleetStatus, loaded }).filter(([, v]) => v !== ''));
  return (
    <Box>
      <Title title="Cars map" />
      <PositionsMap
        filters={filters}
        color={color}
        legend={legend}
        selected={selected}
        trip={shownTrip}
        onSelect={select}
        controls={(
          <>
            <MapFilter label="Fleet status" value={fleetStatus} options={STATUSES} onChange={setFleetStatus} />
            <MapFilter label="Load" value={loaded} options={LOADS} onChange={setLoaded} />
          </>
        )}
        detail={(c) => (readsTrips ? <CarTrips car={c} /> : null)}
      />
    </Box>
  );
}
