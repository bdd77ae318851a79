/**
 * "Cars in an area" on the track-and-trace overview (docs/trace.md, Track and trace overview): a
 * user draws a geofence, a circle around one of the company's stations or the corners tapped on the
 * map, and asks which cars were last seen inside it, or which car events happened inside it lately
 * (`trip/get_records_in_geofence/`). The fence and what was found are drawn on the map and listed.
 */
import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Box, Button, CircularProgress, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { FeatureCollection, Point } from 'geojson';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { trip } from '../../resources/trace/trip';
import { CLM_EVENTS } from '../../resources/fleet/car-event';
import { circlePolygon, polygonOfCorners } from '../../lib/geo-shapes';
import type { Position } from '../../lib/geofence';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { useStations, type Station } from '../map/useStations';
import { GeofenceMap } from './GeofenceMap';

type Shape = 'station' | 'draw';
type Context = 'cars' | 'events';
interface Found {
  id?: number; trip?: number; car: number; station: string | null; state?: string | null; state_province?: string | null;
  event_code: string | null; event_time: string | null; latitude: string | null; longitude: string | null; _labels?: Record<string, string>;
}
interface Answer { context: Context; count: number; truncated?: boolean; since?: string; cars?: Found[]; events?: Found[] }

const DAY = 86_400_000;
const EVENT_DAYS = [[1, 'the last day'], [7, 'the last 7 days'], [30, 'the last 30 days'], [90, 'the last 90 days']] as const;
const eventWord = (code: string | null) => (code ? `${code} ${CLM_EVENTS.find(([c]) => c === code)?.[1] ?? ''}`.trim() : '–');
/** Found rows drawn on the map: at most this many, the list says how many more. */
const ROWS_SHOWN = 200;

export function GeofenceSearch() {
  const dp = useDataProvider<AppDataProvider>();
  const zone = useCompanyTimeZone();
  const { stations, geojson } = useStations();
  // Around a station once the stations are in (a company with none draws by hand).
  const [chosenShape, setShape] = useState<Shape | null>(null);
  const shape: Shape = chosenShape ?? (stations.length ? 'station' : 'draw');
  const [station, setStation] = useState<Station | null>(null);
  const [radius, setRadius] = useState('25');
  const [corners, setCorners] = useState<Position[]>([]);
  const [context, setContext] = useState<Context>('cars');
  const [eventDays, setEventDays] = useState(7);
  const km = Number(radius);
  const radiusOk = Number.isFinite(km) && km >= 1 && km <= 500;
  const fence = useMemo(() => (shape === 'station'
    ? (station && radiusOk ? circlePolygon([station.longitude, station.latitude], km) : null)
    : polygonOfCorners(corners)), [shape, station, radiusOk, km, corners]);
  const search = useMutation({
    mutationFn: async () => (await dp.callAction(trip.name, {
      action: 'get_records_in_geofence', method: 'POST',
      body: { geofence: fence, geofence_context: context, ...(context === 'events' ? { since: new Date(Date.now() - eventDays * DAY).toISOString() } : {}) },
    })) as Answer,
  });
  const rows = useMemo(() => (search.data ? (search.data.cars ?? search.data.events ?? []) : []), [search.data]);
  const found: FeatureCollection<Point> = useMemo(() => ({
    type: 'FeatureCollection',
    features: rows.slice(0, ROWS_SHOWN).filter((r) => r.latitude !== null && r.longitude !== null)
      .map((r) => ({ type: 'Feature', properties: { car: r._labels?.car ?? String(r.car) }, geometry: { type: 'Point', coordinates: [Number(r.longitude), Number(r.latitude)] } })),
  }), [rows]);
  const reset = () => search.reset();
  const add = (p: Position) => { if (shape === 'draw') { setCorners((c) => [...c, p]); reset(); } };
  const pick = (id: number) => { const s = stations.find((x) => x.id === id); if (s && shape === 'station') { setStation(s); reset(); } };
  return (
    <Box component="section" aria-labelledby="geofence">
      <Typography variant="h6" component="h2" id="geofence" gutterBottom>Cars in an area</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <ToggleButtonGroup size="small" exclusive value={shape} onChange={(_e, v: Shape | null) => { if (v) { setShape(v); reset(); } }} aria-label="Draw the area">
          <ToggleButton value="station" disabled={!stations.length}>Around a station</ToggleButton>
          <ToggleButton value="draw">Draw on the map</ToggleButton>
        </ToggleButtonGroup>
        {shape === 'station' ? (
          <>
            <Autocomplete
              size="small" sx={{ width: 240 }} options={stations} value={station}
              getOptionLabel={(s) => `${s.name} ${s.state}`} isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, s) => { setStation(s); reset(); }}
              renderInput={(p) => <TextField {...p} label="Station" />}
            />
            <TextField
              size="small" label="Radius (km)" type="number" value={radius} sx={{ width: 120 }}
              onChange={(e) => { setRadius(e.target.value); reset(); }}
              error={!radiusOk} helperText={radiusOk ? undefined : 'From 1 to 500 km.'}
              slotProps={{ htmlInput: { min: 1, max: 500, step: 1 } }}
            />
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {corners.length < 3 ? `Tap the map at each corner of the area (${corners.length} of at least 3).` : `${corners.length} corners.`}
            </Typography>
            <Button size="small" disabled={!corners.length} onClick={() => { setCorners((c) => c.slice(0, -1)); reset(); }}>Undo corner</Button>
            <Button size="small" disabled={!corners.length} onClick={() => { setCorners([]); reset(); }}>Clear</Button>
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <TextField select size="small" label="Find" value={context} onChange={(e) => { setContext(e.target.value as Context); reset(); }} sx={{ width: 220 }}>
          <MenuItem value="cars">Cars last seen inside</MenuItem>
          <MenuItem value="events">Car events inside</MenuItem>
        </TextField>
        {context === 'events' && (
          <TextField select size="small" label="In" value={eventDays} onChange={(e) => { setEventDays(Number(e.target.value)); reset(); }} sx={{ width: 170 }}>
            {EVENT_DAYS.map(([d, l]) => <MenuItem key={d} value={d}>{l}</MenuItem>)}
          </TextField>
        )}
        <Button variant="contained" disabled={!fence || search.isPending} onClick={() => search.mutate()}>Find</Button>
        {search.isPending && <CircularProgress size={20} aria-label="Searching" />}
      </Box>
      <GeofenceMap stations={geojson} stationList={stations} fence={fence} corners={shape === 'draw' ? corners : []} found={found} onMapClick={add} onStationClick={pick} focus={shape === 'station' ? station : null} />
      {search.error && <Alert severity="error" sx={{ mt: 1 }}>{search.error.message}</Alert>}
      {search.data && (
        <Box sx={{ mt: 1.5 }} data-testid="geofence-result" data-count={search.data.count}>
          <Typography variant="subtitle1" component="h3">
            {search.data.context === 'cars'
              ? `${search.data.count.toLocaleString('en-CA')} ${search.data.count === 1 ? 'car' : 'cars'} last seen inside`
              : `${search.data.count.toLocaleString('en-CA')} car ${search.data.count === 1 ? 'event' : 'events'} inside since ${formatInZone(search.data.since ?? null, zone)}`}
            {rows.length > ROWS_SHOWN && `; the first ${ROWS_SHOWN} shown`}
          </Typography>
          {rows.length === 0 ? <Typography variant="body2" color="text.secondary">Nothing inside this area. Widen it, or look at a longer period.</Typography> : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={search.data.context === 'cars' ? 'Cars inside' : 'Car events inside'}>
                <TableHead><TableRow><TableCell>Car</TableCell><TableCell>Event</TableCell><TableCell>When</TableCell><TableCell>Station</TableCell></TableRow></TableHead>
                <TableBody>
                  {rows.slice(0, ROWS_SHOWN).map((r) => (
                    <TableRow key={`${r.id ?? r.trip ?? ''}-${r.car}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {r.trip ? <Link component={RouterLink} to={buildPath(ROUTES.traceTrip.path, { tripId: r.trip })}>{r._labels?.car ?? r.car}</Link> : (r._labels?.car ?? r.car)}
                      </TableCell>
                      <TableCell>{eventWord(r.event_code)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(r.event_time, zone)}</TableCell>
                      <TableCell>{r.station ?? '–'} {r.state ?? r.state_province ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {search.data.truncated && <Typography variant="caption" color="text.secondary">More events matched than one answer holds: narrow the area or the period.</Typography>}
        </Box>
      )}
    </Box>
  );
}
