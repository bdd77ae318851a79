/**
 * Master and sub billing on the shipment page (docs/rail.md §8.5, §11.9): a master lists its
 * sub-billings with their cars and adds one (New sub-billing, with its consignee); a sub-billing
 * names its master; an open shipment that is neither may become the first sub-billing of a new
 * master (Make master billing), for a user who may add shipments.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, CircularProgress, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { ActionDialog } from '../../../generic/ActionDialog';
import { recordPathOf } from '../../../generic/home-paths';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { railShipment } from '../../../resources/rail/rail-shipment';

const pathOf = (id: unknown) => recordPathOf(railShipment.name, String(id))!;

/** "Sub-billing of RS-000120" under a sub-billing's header. */
export function MasterLink({ id }: { id: number }) {
  const { data } = useGetOne(railShipment.name, { id }, { retry: false });
  return <Typography variant="body2">Sub-billing of <Link component={RouterLink} to={pathOf(id)}>{data ? railShipment.choiceLabel(data) : String(id)}</Link></Typography>;
}

/** Make master billing: the shipment becomes the first sub-billing of a new master, which opens. */
export function MakeMasterButton({ shipment }: { shipment: Record<string, unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const { canAccess } = useCanAccess({ resource: railShipment.name, action: 'create' });
  if (!canAccess || shipment.status !== 'open' || shipment.is_master_billing || shipment.master_billing) return null;
  const make = async () => {
    try {
      const master = await dp.callAction(railShipment.name, { id: shipment.id as number, action: 'create_master_billing' }) as { id: number };
      navigate(pathOf(master.id));
    } catch (e) {
      notifyError(e);
    }
  };
  return <Button variant="outlined" onClick={() => void make()}>Make master billing</Button>;
}

/** A master's sub-billings, with New sub-billing while it is open. */
export function SubBillings({ master }: { master: Record<string, unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAccess: canAdd } = useCanAccess({ resource: railShipment.name, action: 'create' });
  const [adding, setAdding] = useState(false);
  const id = master.id as number;
  const { data: subs, isPending } = useQuery({
    queryKey: [railShipment.name, id, 'get_sub_billings', master.version],
    queryFn: async () => (await dp.callAction(railShipment.name, { id, action: 'get_sub_billings', method: 'GET' })) as Record<string, unknown>[],
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mt: 1 }} aria-label="Sub-billings">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h3">Sub-billings</Typography>
        {canAdd && master.status === 'open' && <Button variant="outlined" onClick={() => setAdding(true)}>New sub-billing</Button>}
      </Stack>
      {isPending ? <CircularProgress size={20} /> : !subs?.length ? <Typography variant="body2" color="text.secondary">No sub-billing yet: its cars are on its sub-billings.</Typography> : (
        <List dense disablePadding>
          {subs.map((s) => (
            <ListItem key={String(s.id)} disableGutters>
              <ListItemText
                primary={<Link component={RouterLink} to={pathOf(s.id)}>{railShipment.choiceLabel(s)}</Link>}
                secondary={`${String(s.car_count)} ${s.car_count === 1 ? 'car' : 'cars'} · ${String(s.status).replace('_', ' ')}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <ActionDialog resource={railShipment} action="create_sub_billing" id={id} title="New sub-billing" submitLabel="Add"
          onClose={() => setAdding(false)}
          onDone={(made) => { setAdding(false); notify('Sub-billing added.', { type: 'info' }); navigate(pathOf((made as { id: number }).id)); }} />
      )}
    </Paper>
  );
}
