/**
 * A yard car opened (docs/yard.md, Screens): what the yard knows of it (`car_details/`: its fleet
 * record, car load, last event, last moves), and a Move form, the keyboard's way to do what a drag
 * does: the car alone (on the plan) or the cut up to it from the switch end, to a track, at a place.
 */
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { plainMessage } from '../../notify/error-toasts';
import { choiceWord } from '../../resources/fields';
import { CAR_TYPES } from '../../resources/fleet/car';
import { YARD } from '../../resources/yard/common';
import type { Scenario, YardCar, YardLayout } from './yard-api';

interface Details {
  fleet: { lessor: string | null; fleet_status: string; lease_end: string | null } | null;
  load: { shipment_number: string | null; shipment_status: string; product_name: string | null; net_volume: string | null; seal_number_1: string | null } | null;
  last_event: { event_code: string; event_time: string; station: string } | null;
  moves: { id: number; moved_at: string; kind: string; from_name: string | null; to_name: string | null; moved_by: string | null }[];
}

interface Props {
  layout: YardLayout; car: YardCar; scenario: Scenario; mayMove: boolean;
  onClose(): void; onMove(marks: string[], track: number, position: number): Promise<void>;
}

export function CarDialog({ layout, car, scenario, mayMove, onClose, onMove }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const details = useQuery({
    queryKey: ['yard-car', layout.yard.id, car.mark_number],
    queryFn: () => dp.callAction(YARD, { id: layout.yard.id, action: 'car_details', method: 'GET', query: { car_mark: car.mark_number } }) as Promise<Details>,
  });
  const place = car[scenario];
  const track = layout.tracks.find((t) => t.id === place.track);
  const mark = new Map(layout.cars.map((c) => [c.id, c.mark_number]));
  const cut = track ? track[scenario].slice(0, (place.position ?? 0) + 1).map((id) => mark.get(id)!) : [car.mark_number];
  const [which, setWhich] = useState<'cut' | 'one'>(scenario === 'planned' ? 'one' : 'cut');
  const [to, setTo] = useState<number | ''>('');
  const [at, setAt] = useState('1');
  const d = details.data;
  const marks = which === 'one' ? [car.mark_number] : cut;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="yard-car-title">
      <DialogTitle id="yard-car-title">{car.mark_number}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">
          {choiceWord(CAR_TYPES, car.car_type)} · {car.length} {layout.yard.length_unit} · {car.loaded ? `loaded${car.product_name ? ` with ${car.product_name}` : ''}` : 'empty'}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {scenario === 'actual' ? 'Stands' : 'Planned'} on {track ? `${track.name}, place ${(place.position ?? 0) + 1} from the switch end` : 'no track'}.
        </Typography>
        {details.error && <Alert severity="error">{plainMessage(details.error, 'Its details could not be read.')}</Alert>}
        {d && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, mb: 2 }} data-testid="yard-car-details">
            <Typography variant="body2">Fleet: {d.fleet ? `${d.fleet.fleet_status}${d.fleet.lessor ? `, ${d.fleet.lessor}` : ''}` : 'not the company\'s'}</Typography>
            <Typography variant="body2">Load: {d.load ? `${d.load.shipment_number ?? 'shipment'} (${d.load.shipment_status})${d.load.seal_number_1 ? `, seal ${d.load.seal_number_1}` : ''}` : 'none'}</Typography>
            <Typography variant="body2">Last event: {d.last_event ? `${d.last_event.event_code} at ${d.last_event.station}` : 'none'}</Typography>
            <Typography variant="body2">Moves here: {d.moves.length ? d.moves.slice(0, 3).map((m) => `${m.kind}${m.to_name ? ` to ${m.to_name}` : ''}`).join('; ') : 'none yet'}</Typography>
          </Box>
        )}
        {mayMove && track && (
          <Box component="form" id="yard-move" onSubmit={(e) => { e.preventDefault(); if (to !== '') void onMove(marks, to, Math.max(0, Number(at) - 1)); }}>
            <Typography variant="subtitle2" component="h3">Move</Typography>
            <RadioGroup value={which} onChange={(e) => setWhich(e.target.value as 'cut' | 'one')}>
              {scenario === 'planned' && <FormControlLabel value="one" control={<Radio />} label="This car only" />}
              <FormControlLabel value="cut" control={<Radio />} label={cut.length > 1 ? `The cut: ${cut.join(', ')}` : 'This car'} />
            </RadioGroup>
            <TextField select label="To track" value={to} onChange={(e) => setTo(Number(e.target.value))} fullWidth size="small" sx={{ mt: 1 }} required>
              {layout.tracks.filter((t) => scenario === 'planned' || t.id !== track.id).map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
            </TextField>
            {scenario === 'planned' && (
              <TextField label="Place from the switch end" type="number" value={at} onChange={(e) => setAt(e.target.value)} size="small" sx={{ mt: 1 }} slotProps={{ htmlInput: { min: 1 } }} />
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {mayMove && track && <Button type="submit" form="yard-move" variant="contained" disabled={to === ''}>Move {marks.length} car{marks.length === 1 ? '' : 's'}</Button>}
      </DialogActions>
    </Dialog>
  );
}
