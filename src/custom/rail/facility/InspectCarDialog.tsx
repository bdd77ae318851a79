/**
 * Inspect a car at a facility (docs/loading.md, Embargoes and inspection): the inspector types the
 * reporting mark and number read off the car (`get_inspecting_car/`, the newest load standing
 * here), sees what it was loaded with, its embargo and what it was last measured to hold, and
 * records what it holds now (`update_active_details/`, for who may change cars). A car with no
 * load here is said on the number field. Inspect another starts over.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type RaRecord, RecordContextProvider, useCanAccess, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ActionDialog } from '../../../generic/ActionDialog';
import { FieldValue } from '../../../generic/FieldValue';
import { fieldLabel } from '../../../resources/define';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { recordPathOf } from '../../../generic/home-paths';

/** What an inspector compares with the car in front of them. */
const SHOWN = ['rail_shipment', 'product', 'load_date', 'seal_number_1', 'seal_number_2', 'gross_volume', 'net_volume', 'weight', 'embargo_number', 'embargo_permit_number', 'active_volume', 'active_weight'] as const;

export function InspectCarDialog({ facilityId, onClose }: { facilityId: number; onClose(): void }) {
  const notify = useNotify();
  const { canAccess: mayRecord } = useCanAccess({ resource: loadedRailCar.name, action: 'edit' });
  const [car, setCar] = useState<RaRecord | null>(null);
  const [recording, setRecording] = useState(false);
  if (!car) {
    return (
      <ActionDialog
        resource={loadedRailCar} action="get_inspecting_car" title="Inspect a car" submitLabel="Find"
        only={['car_mark', 'car_number']} defaults={{ facility: facilityId }}
        onClose={onClose} onDone={(found) => setCar(found as RaRecord)}
      />
    );
  }
  if (recording) {
    return (
      <ActionDialog
        resource={loadedRailCar} action="update_active_details" id={car.id} title={`What ${String(car.mark_number)} holds now`} submitLabel="Record"
        defaults={{ active_volume: car.active_volume ?? car.gross_volume, active_weight: car.active_weight ?? car.weight }}
        onClose={() => setRecording(false)}
        onDone={(saved) => {
          setCar(saved as RaRecord);
          setRecording(false);
          notify(`Recorded what ${String(car.mark_number)} holds now`, { type: 'success' });
        }}
      />
    );
  }
  const carPath = recordPathOf(loadedRailCar.name, String(car.id));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle data-testid="inspected-car">{String(car.mark_number)}</DialogTitle>
      <DialogContent>
        <RecordContextProvider value={car}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 } }}>
            {SHOWN.map((name) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <Typography variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>{fieldLabel(loadedRailCar, name)}</Typography>
                <FieldValue name={name} field={loadedRailCar.fields[name]} />
              </Box>
            ))}
          </Box>
        </RecordContextProvider>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {carPath && <Button component={RouterLink} to={carPath}>Open the car</Button>}
        <Button onClick={() => setCar(null)}>Inspect another</Button>
        {mayRecord && <Button variant="contained" onClick={() => setRecording(true)}>Record what it holds</Button>}
      </DialogActions>
    </Dialog>
  );
}
