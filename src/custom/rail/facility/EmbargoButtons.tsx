/**
 * Embargo and Lift embargo on a facility's selected cars (docs/loading.md, Embargoes and
 * inspection): the embargo number and its permit asked in the action's own form
 * (`facility/assign_embargo_number/`), the lift confirmed (`unassign_embargo_number/`). Both are all
 * or nothing on the server: a car not at this facility is named in a toast and nothing changes.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { ActionDialog } from '../../../generic/ActionDialog';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { countLabel } from '../../../lib/format';
import { facility } from '../../../resources/logistics/facility';

interface Props {
  facilityId: number;
  carIds: (string | number)[];
  /** After a change: the table reads its rows again. */
  onDone(): void;
}

export function EmbargoButtons({ facilityId, carIds, onDone }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const [asking, setAsking] = useState<'assign' | 'lift' | null>(null);
  const cars = countLabel(carIds.length, 'car');
  const lift = () => run(async () => {
    await dp.callAction(facility.name, { action: 'unassign_embargo_number', method: 'POST', body: { carIds, facilityId } });
    setAsking(null);
    notify(`Embargo lifted on ${cars}`, { type: 'success' });
    onDone();
  });
  return (
    <>
      <Button size="small" startIcon={<BlockIcon />} disabled={busy} onClick={() => setAsking('assign')}>Embargo</Button>
      <Button size="small" startIcon={<LockOpenIcon />} disabled={busy} onClick={() => setAsking('lift')}>Lift embargo</Button>
      {asking === 'assign' && (
        <ActionDialog
          resource={facility} action="assign_embargo_number" title={`Embargo ${cars}`} submitLabel="Embargo"
          only={['embargo_number', 'embargo_permit_number']} defaults={{ carIds, facilityId }}
          onClose={() => setAsking(null)}
          onDone={(answer) => {
            setAsking(null);
            notify(`Embargo ${String((answer as { embargo_number: string }).embargo_number)} on ${cars}`, { type: 'success' });
            onDone();
          }}
        />
      )}
      <Confirm isOpen={asking === 'lift'} loading={busy} title={`Lift the embargo on ${cars}?`}
        content="Their embargo and permit numbers are cleared; the bills of lading already issued keep what they printed."
        confirm="Lift embargo" onClose={() => setAsking(null)} onConfirm={() => void lift()} />
    </>
  );
}
