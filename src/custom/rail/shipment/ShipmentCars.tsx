/**
 * A shipment's cars on its page (docs/rail.md §11.9): each car's seals, net volume and weight with
 * the shipment's totals; a table in a wide window, a card per car on a phone. While the shipment
 * takes cars: Add car (`rail/car/?shipment=`), Paste cars (`add_cars/`, PasteCarsDialog.tsx) and,
 * for those who may remove cars, boxes to tick and Remove selected (`remove_cars_by_id/`, asked
 * first). Each button only where the server would allow the call.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box, Button, Card, CardContent, Checkbox, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, type Theme, Typography,
  useMediaQuery,
} from '@mui/material';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { listPathOf, recordPathOf } from '../../../generic/home-paths';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useProfile } from '../../../hooks/useProfile';
import { mayCallAction } from '../../../authProvider/permissions';
import { formatDecimal } from '../../../lib/format';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES } from '../../../resources/rail/rail-shipment-status';
import { PasteCarsDialog } from './PasteCarsDialog';
import { UploadCarsDialog } from './UploadCarsDialog';

type Car = Record<string, unknown> & { id: number };

const SEALS = ['seal_number_1', 'seal_number_2', 'seal_number_3', 'seal_number_4'] as const;
const sealsOf = (c: Car) => SEALS.map((s) => c[s]).filter(Boolean).join(', ');
const cars = (n: number) => `${n} ${n === 1 ? 'car' : 'cars'}`;
const carPath = (c: Car) => recordPathOf(loadedRailCar.name, String(c.id))!;
const wide = { display: { xs: 'none', sm: 'table-cell' } };
const nowrap = { whiteSpace: 'nowrap' };

interface Props { shipment: Record<string, unknown>; onChanged(): void }

export function ShipmentCars({ shipment, onChanged }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { permissions: profile } = useProfile();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [selected, setSelected] = useState<number[]>([]);
  const [asking, setAsking] = useState<null | 'paste' | 'upload' | 'remove'>(null);
  const [busy, setBusy] = useState(false);
  const id = shipment.id as number;
  const { data: list = [], isPending } = useQuery({
    queryKey: [railShipment.name, id, 'cars', shipment.version],
    queryFn: async () => (await dp.callAction(railShipment.name, { id, action: 'cars', method: 'GET' })) as Car[],
  });
  const open = OPEN_SHIPMENT_STATUSES.includes(shipment.status as never);
  const mayPaste = open && mayCallAction(profile, railShipment, railShipment.actions.add_cars);
  const mayUpload = open && !shipment.is_master_billing && mayCallAction(profile, loadedRailCar, loadedRailCar.actions.bulk_create);
  const mayRemove = open && list.length > 0 && mayCallAction(profile, loadedRailCar, loadedRailCar.actions.remove_cars_by_id);
  const picked = selected.filter((x) => list.some((c) => c.id === x));
  const label = railShipment.choiceLabel(shipment);

  // The list's key holds the shipment's version, which cars do not change: they are read again by name.
  const changed = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: [railShipment.name, id, 'cars'] });
    onChanged();
  };
  const remove = async () => {
    setBusy(true);
    try {
      const { removed } = await dp.callAction(loadedRailCar.name, { action: 'remove_cars_by_id', body: { car_ids: picked } }) as { removed: number };
      setAsking(null);
      notify(`${cars(removed)} removed from ${label}.`, { type: 'info' });
      await changed();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const tick = (c: Car) => (
    <Checkbox size="small" checked={picked.includes(c.id)} slotProps={{ input: { 'aria-label': `Select ${String(c.mark_number)}` } }}
      onChange={(_, on) => setSelected((s) => (on ? [...s, c.id] : s.filter((x) => x !== c.id)))} />
  );
  const totals = `${cars(list.length)} · ${formatDecimal(shipment.net_volume_total, 2)} US gal · ${formatDecimal(shipment.weight_total, 1)} kg`;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mt: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3">Cars</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {mayRemove && <Button color="error" disabled={!picked.length} onClick={() => setAsking('remove')}>Remove selected{picked.length ? ` (${picked.length})` : ''}</Button>}
          {mayPaste && <Button variant="outlined" onClick={() => setAsking('paste')}>Paste cars</Button>}
          {mayUpload && <Button variant="outlined" onClick={() => setAsking('upload')}>Upload CSV</Button>}
          {open && <Button variant="outlined" component={RouterLink} to={`${listPathOf(loadedRailCar.name)}?shipment=${String(id)}`}>Add car</Button>}
        </Stack>
      </Stack>
      {isPending ? <CircularProgress size={20} /> : !list.length ? <Typography color="text.secondary">No car yet.</Typography> : phone ? (
        <Stack spacing={1} role="list" aria-label="Cars">
          {list.map((c) => (
            <Card key={c.id} variant="outlined" role="listitem" data-testid="car-card">
              <CardContent sx={{ p: 1, '&:last-child': { pb: 1 }, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                {mayRemove && tick(c)}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link component={RouterLink} to={carPath(c)} variant="subtitle1">{String(c.mark_number)}</Link>
                  <Typography variant="body2" color="text.secondary" noWrap>Seals: {sealsOf(c) || 'none'}</Typography>
                  <Typography variant="body2">{formatDecimal(c.net_volume, 2)} US gal net · {formatDecimal(c.weight, 1)} kg</Typography>
                </Box>
              </CardContent>
            </Card>
          ))}
          <Typography variant="subtitle2" sx={{ px: 1 }}>{totals}</Typography>
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Cars">
            <TableHead>
              <TableRow>
                {mayRemove && (
                  <TableCell padding="checkbox">
                    <Checkbox size="small" checked={picked.length === list.length} indeterminate={picked.length > 0 && picked.length < list.length}
                      slotProps={{ input: { 'aria-label': 'Select all cars' } }} onChange={(_, on) => setSelected(on ? list.map((c) => c.id) : [])} />
                  </TableCell>
                )}
                <TableCell>Car</TableCell><TableCell sx={wide}>Seals</TableCell><TableCell align="right" sx={nowrap}>Net US gal</TableCell>
                <TableCell align="right" sx={{ ...wide, ...nowrap }}>Net L</TableCell><TableCell align="right" sx={nowrap}>Weight kg</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id} selected={picked.includes(c.id)}>
                  {mayRemove && <TableCell padding="checkbox">{tick(c)}</TableCell>}
                  <TableCell sx={nowrap}><Link component={RouterLink} to={carPath(c)}>{String(c.mark_number)}</Link></TableCell>
                  <TableCell sx={wide}>{sealsOf(c)}</TableCell>
                  <TableCell align="right">{formatDecimal(c.net_volume, 2)}</TableCell>
                  <TableCell align="right" sx={wide}>{formatDecimal(c.net_volume_litres, 1)}</TableCell>
                  <TableCell align="right">{formatDecimal(c.weight, 1)}</TableCell>
                </TableRow>
              ))}
              <TableRow sx={{ '& td': { fontWeight: 600 } }}>
                {mayRemove && <TableCell padding="checkbox" />}
                <TableCell>{cars(list.length)}</TableCell>
                <TableCell sx={wide} />
                <TableCell align="right">{formatDecimal(shipment.net_volume_total, 2)}</TableCell>
                <TableCell sx={wide} />
                <TableCell align="right">{formatDecimal(shipment.weight_total, 1)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
      {asking === 'paste' && (
        <PasteCarsDialog shipment={shipment} onClose={() => setAsking(null)}
          onAdded={(n) => { setAsking(null); notify(`${cars(n)} added to ${label}.`, { type: 'info' }); void changed(); }} />
      )}
      {asking === 'upload' && (
        <UploadCarsDialog shipment={shipment} onClose={() => setAsking(null)}
          onAdded={(n) => { setAsking(null); notify(`${cars(n)} added to ${label}.`, { type: 'info' }); void changed(); }} />
      )}
      <Confirm isOpen={asking === 'remove'} loading={busy} title={`Remove ${cars(picked.length)} from ${label}?`}
        content={list.filter((c) => picked.includes(c.id)).map((c) => String(c.mark_number)).join(', ')}
        confirm="Remove" confirmColor="warning" onConfirm={() => void remove()} onClose={() => setAsking(null)} />
    </Paper>
  );
}
