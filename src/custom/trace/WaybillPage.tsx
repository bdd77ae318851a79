/**
 * One waybill (`company/trace/waybills/{id}/`) or a new one (`…/new/`), docs/trace.md, Waybills:
 * the generic form for those who may change waybills (read-only otherwise), and below it the car
 * load it moves, with Assign loaded car, and that load's trip: where the car is.
 */
import { useState } from 'react';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Create, Edit, ResourceContextProvider, Show, useCanAccess, useGetList, useGetOne } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../routes/define-route';
import { CreateForm } from '../../generic/GenericCreate';
import { EditForm } from '../../generic/GenericEdit';
import { RecordDetails } from '../../generic/GenericShow';
import { ActionDialog } from '../../generic/ActionDialog';
import { listPathOf, recordPathOf } from '../../generic/home-paths';
import { useProfile } from '../../hooks/useProfile';
import { mayCallAction } from '../../authProvider/permissions';
import { waybill } from '../../resources/rail/waybill';
import { loadedRailCar } from '../../resources/rail/loaded-rail-car';
import { TRIP_STATUSES, trip } from '../../resources/trace/trip';

/** The load the waybill moves and the trip that carries it. */
function LoadAndTrip({ id }: { id: number }) {
  const { permissions } = useProfile();
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const { data: w } = useGetOne(waybill.name, { id });
  const load = w?.loaded_rail_car as number | null | undefined;
  const { data: trips } = useGetList(trip.name, { filter: { loaded_rail_car: load }, pagination: { page: 1, perPage: 1 } }, { enabled: Boolean(load) });
  if (!w) return null;
  const carried = trips?.[0];
  const statusWord = (v: unknown) => TRIP_STATUSES.find(([s]) => s === v)?.[1] ?? String(v);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>Car load and trip</Typography>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }} data-testid="waybill-load">
            {load ? <>Moves <Link component={RouterLink} to={recordPathOf(loadedRailCar.name, load) ?? '#'}>{String(w._labels?.loaded_rail_car ?? load)}</Link></> : 'No car load assigned yet.'}
          </Typography>
          {mayCallAction(permissions, waybill, waybill.actions.assign_loaded_rail_car) && (
            <Button variant="outlined" onClick={() => setAssigning(true)}>{load ? 'Assign another load' : 'Assign loaded car'}</Button>
          )}
        </Stack>
        {load && (
          <Typography data-testid="waybill-trip">
            {carried
              ? <>Trip <Link component={RouterLink} to={recordPathOf(trip.name, carried.id) ?? '#'}>{trip.choiceLabel(carried)}</Link> · {statusWord(carried.status)}{carried.last_station ? ` · last seen at ${String(carried.last_station)}` : ''}</>
              : 'No trip carries this load yet: it shows once the car is released and matched.'}
          </Typography>
        )}
      </Stack>
      {assigning && (
        <ActionDialog resource={waybill} action="assign_loaded_rail_car" id={id} title={`Assign a car load to waybill ${String(w.waybill_number)}`} submitLabel="Assign"
          onClose={() => setAssigning(false)} onDone={() => { setAssigning(false); void queryClient.invalidateQueries({ queryKey: [waybill.name] }); }} />
      )}
    </Paper>
  );
}

export default function WaybillPage({ params }: PageProps) {
  const id = params.waybillId === undefined ? null : Number(params.waybillId);
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: waybill.name, action: id === null ? 'create' : 'edit' });
  if (isPending) return null;
  let body;
  if (id === null) {
    body = canEdit
      ? <Create resource={waybill.name} redirect={listPathOf(waybill.name)} title="New waybill" actions={false}><CreateForm /></Create>
      : <Typography sx={{ p: 2 }}>You may not add waybills.</Typography>;
  } else if (canEdit) {
    body = <Edit resource={waybill.name} id={id} mutationMode="pessimistic" redirect={false} title="Waybill" actions={false}><EditForm /><LoadAndTrip id={id} /></Edit>;
  } else {
    body = <Show resource={waybill.name} id={id} title="Waybill" actions={false}><RecordDetails /><LoadAndTrip id={id} /></Show>;
  }
  return (
    <ResourceContextProvider value={waybill.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>{body}</Box>
    </ResourceContextProvider>
  );
}
