/**
 * Slots in the shared table (docs/scheduler.md, Pages): a location's on its Slots tab, every
 * location's at `scheduler/slots/`. Select slots to block them (with a reason: their bookings'
 * carriers are mailed), open them again or delete them (refused while bookings hold them); make
 * slots from a template or by hand.
 */
import { useState } from 'react';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { slot } from '../../resources/schedule/slot';
import { ResourceTable } from '../../table/ResourceTable';
import { TableButton } from '../../table/TableButton';
import { ActionDialog } from '../../generic/ActionDialog';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useNotifyError } from '../../hooks/useNotifyError';
import { scheduleApi } from './schedule-api';

interface PlanResult { created: number; existing: number; skipped: { date: string; start: string }[] }

/** What making slots did, as one line. */
export const planSummary = (r: PlanResult) => [`${r.created} slot(s) made`, r.existing ? `${r.existing} already there` : '', r.skipped.length ? `${r.skipped.length} skipped (the clocks skip ${r.skipped.map((s) => `${s.start} on ${s.date}`).join(', ')})` : ''].filter(Boolean).join('; ');

export function SlotsTable({ locationId }: { locationId?: number }) {
  const api = scheduleApi(useDataProvider<AppDataProvider>());
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'make' | 'block' | null>(null);
  const { canAccess: canAdd } = useCanAccess({ resource: slot.name, action: 'create' });
  const { canAccess: canChange } = useCanAccess({ resource: slot.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: slot.name, action: 'delete' });
  const refresh = () => { void client.invalidateQueries(); setSelected([]); };
  const run = (p: Promise<unknown>, done: (r: never) => string) => p.then((r) => { notify(done(r as never), { type: 'info' }); refresh(); }, notifyError);
  const none = selected.length === 0;
  return (
    <Box>
      <ResourceTable
        resource={slot.name}
        table={locationId ? 'location-slots' : 'slots'}
        title="Slots"
        columns={locationId ? ['starts_at', 'ends_at', 'capacity', 'booked', 'status', 'block_reason', 'template'] : undefined}
        permanentFilter={locationId ? { location: locationId } : undefined}
        filterBar={['day', 'status']}
        onSelectionChange={canChange || canDelete ? (ids) => setSelected(ids.map(Number)) : undefined}
        toolbar={(
          <>
            {canAdd && <TableButton label="Make slots" icon={<AddIcon />} tooltip="Make slots from a template or by hand" variant="contained" onClick={() => setDialog('make')} />}
            {canChange && <TableButton label="Block" icon={<BlockIcon />} tooltip="Block the selected slots" disabled={none} onClick={() => setDialog('block')} />}
            {canChange && <TableButton label="Unblock" icon={<LockOpenIcon />} tooltip="Open the selected slots again" disabled={none} onClick={() => run(api.unblock(selected), (r: { unblocked: number }) => `${r.unblocked} slot(s) open again`)} />}
            {canDelete && <TableButton label="Delete" icon={<DeleteIcon />} tooltip="Delete the selected slots (none may hold bookings)" disabled={none} onClick={() => run(api.remove(selected), (r: { deleted: number }) => `${r.deleted} slot(s) deleted`)} />}
          </>
        )}
      />
      {dialog === 'make' && (
        <ActionDialog
          resource={slot} action="create_slots" title="Make slots" submitLabel="Make slots"
          only={locationId ? ['template', 'from', 'to', 'start', 'minutes', 'capacity', 'weekdays'] : undefined}
          defaults={locationId ? { location: locationId } : undefined}
          onClose={() => setDialog(null)}
          onDone={(r) => { setDialog(null); notify(planSummary(r as PlanResult), { type: 'info' }); refresh(); }}
        />
      )}
      {dialog === 'block' && (
        <ReasonDialog title={`Block ${selected.length} slot(s)`} label="Why (told to the carriers of their bookings)" confirm="Block" keep="Keep them open" onClose={() => setDialog(null)}
          onConfirm={(reason) => { setDialog(null); run(api.block(selected, reason), (r: { blocked: number; flagged: number; mailed: number }) => `${r.blocked} slot(s) blocked; ${r.flagged} booking(s) flagged, ${r.mailed} carrier(s) mailed`); }} />
      )}
    </Box>
  );
}
