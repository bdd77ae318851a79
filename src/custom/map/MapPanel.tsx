/**
 * The panel beside the map (under it on a phone): the cars in view as a list a person can read
 * and pick from, or the selected car, its last sighting, what the page says about it and its
 * current trip's path (how many of the trip's events placed it).
 */
import type { ReactNode } from 'react';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatInZone } from '../../lib/time-zone';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import type { CarFeature } from './positions';
import type { TripPath } from './useTripPath';
import { OVERLAY_Z } from './map-constants';

/** The list stops here: more cars than this in view is a question for the table. */
const LISTED = 200;

interface Props {
  features: CarFeature[];
  inView: CarFeature[];
  chosen: CarFeature | null;
  path: UseQueryResult<TripPath> | null;
  /** Whether the path drawn is the car's current trip (else the one a link named). */
  pathIsCurrent: boolean;
  detail: (car: CarFeature) => ReactNode;
  onPick: (car: CarFeature) => void;
  onClose: () => void;
}

const seen = (f: CarFeature) => [f.properties.station, f.properties.state].filter(Boolean).join(', ');

export function MapPanel({ features, inView, chosen, path, pathIsCurrent, detail, onPick, onClose }: Props) {
  const its = pathIsCurrent ? 'Its trip' : 'The trip you opened';
  const zone = useCompanyTimeZone();
  const listed = [...inView].sort((a, b) => a.properties.label.localeCompare(b.properties.label, undefined, { numeric: true }));
  return (
    <Paper
      square
      variant="outlined"
      sx={{ width: { xs: '100%', md: 340 }, maxHeight: { xs: '40%', md: 'none' }, overflow: 'auto', zIndex: OVERLAY_Z, borderWidth: { xs: '1px 0 0', md: '0 0 0 1px' } }}
      aria-label={chosen ? `Car ${chosen.properties.label}` : 'Cars in view'}
    >
      {chosen ? (
        <Box sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{chosen.properties.label}</Typography>
            <IconButton aria-label="Back to the cars in view" onClick={onClose} size="small"><CloseIcon fontSize="small" /></IconButton>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {chosen.properties.loaded ? 'Loaded' : 'Empty'}{chosen.properties.at_facility ? ', at a facility' : ''}: last seen at {seen(chosen)}
            {chosen.properties.event_time ? ` on ${formatInZone(chosen.properties.event_time, zone)}` : ''}.
          </Typography>
          <Box sx={{ mt: 1.5 }}>{detail(chosen)}</Box>
          {path && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }} data-testid="path-summary">
              {path.isPending ? `${its}: drawing…` : path.error ? `${its} could not be drawn: ${path.error.message}`
                : path.data.located === path.data.events.length ? `${its}, drawn from its ${path.data.located} events.`
                  : `${its}, drawn from ${path.data.located} of its ${path.data.events.length} events (the others had no location).`}
            </Typography>
          )}
        </Box>
      ) : (
        <>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {features.length === 0 ? 'No cars with a known location here.' : `${listed.length.toLocaleString('en-CA')} cars in view`}
          </Typography>
          {features.length > 0 && listed.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>Move the map or zoom out to find the cars.</Typography>
          )}
          <List dense>
            {listed.slice(0, LISTED).map((f) => (
              <ListItem key={f.id} disablePadding>
                <ListItemButton onClick={() => onPick(f)}>
                <ListItemText primary={f.properties.label} secondary={`${f.properties.loaded ? 'Loaded' : 'Empty'} · ${seen(f)}`} />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
          {listed.length > LISTED && <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, display: 'block' }}>The first {LISTED}: zoom in for the rest.</Typography>}
        </>
      )}
    </Paper>
  );
}
