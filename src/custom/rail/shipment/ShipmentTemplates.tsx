/**
 * Shipment templates on the shipment page (docs/rail.md §4.5, §8.6, §11.9):
 * - Save as template keeps a shipment's parties, route, product and terms under a name
 *   (`create_template/`);
 * - a new shipment may start from one of the company's templates (the template's
 *   `create_shipment/`), which opens the new shipment and says which of the template's references
 *   are gone (a party or facility deleted since), as the server names them.
 * Each only for those whose codenames open the calls.
 */
import { useMemo, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { Form, SaveButton, useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { mayCallAction } from '../../../authProvider/permissions';
import { ActionDialog } from '../../../generic/ActionDialog';
import { FieldInput } from '../../../generic/FieldInput';
import { useInFlight, trackInFlight } from '../../../generic/useInFlight';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useProfile } from '../../../hooks/useProfile';
import { fieldLabel, type Resource } from '../../../resources/define';
import { ref } from '../../../resources/fields';
import { railShipment, railShipmentTemplate } from '../../../resources/rail/rail-shipment';

/** May this user start a shipment from a template: the template's action and the shipment's create. */
export function useMayStartFromTemplate(): boolean {
  const { permissions: profile } = useProfile();
  const { canAccess } = useCanAccess({ resource: railShipment.name, action: 'create' });
  return Boolean(canAccess) && mayCallAction(profile, railShipmentTemplate, railShipmentTemplate.actions.create_shipment);
}

/** Save as template: asks the name; the template keeps the shipment's copyable fields. */
export function SaveAsTemplateButton({ shipment }: { shipment: Record<string, unknown> }) {
  const { permissions: profile } = useProfile();
  const { canAccess } = useCanAccess({ resource: railShipmentTemplate.name, action: 'create' });
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  if (!canAccess || !mayCallAction(profile, railShipment, railShipment.actions.create_template)) return null;
  return (
    <>
      <Button onClick={() => setAsking(true)}>Save as template</Button>
      {asking && (
        <ActionDialog resource={railShipment} action="create_template" id={shipment.id as number} title="Save as template" submitLabel="Save template"
          onClose={() => setAsking(false)}
          onDone={(made) => { setAsking(false); notify(`Template ${String((made as { name: string }).name)} saved: New shipment starts from it.`, { type: 'info' }); }} />
      )}
    </>
  );
}

/** The picker's one field, read as a declaration so it gets the reference search of every form. */
const PICK: Resource = {
  ...railShipmentTemplate,
  fields: { template: ref(railShipmentTemplate.name, { required: true, label: 'Template', help: 'Its parties, route, product and terms; the ship date and the cars are added after.' }) },
};

function PickedDescription() {
  const id = useWatch({ name: 'template' }) as number | null | undefined;
  const { data } = useGetOne(railShipmentTemplate.name, { id }, { enabled: Boolean(id), retry: false });
  return data?.description ? <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>{String(data.description)}</Typography> : null;
}

interface Started { shipment: { id: number } & Record<string, unknown>; dropped: string[] }

/** Start from a template: pick one of the company's templates; the new shipment opens. */
export function StartFromTemplate({ onStarted }: { onStarted(id: number): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { inFlight } = useInFlight();
  const shape = useMemo(() => PICK, []);
  const start = (values: Record<string, unknown>) => trackInFlight(async () => {
    try {
      const { shipment, dropped } = await dp.callAction(railShipmentTemplate.name, { id: values.template as number, action: 'create_shipment' }) as Started;
      const label = railShipment.choiceLabel(shipment);
      if (dropped.length) {
        const gone = dropped.map((f) => fieldLabel(railShipment, f)).join(', ');
        notify(`${label} started from the template. Left out, no longer there: ${gone}.`, { type: 'warning', autoHideDuration: 15_000 });
      } else notify(`${label} started from the template.`, { type: 'info' });
      onStarted(shipment.id);
    } catch (e) {
      notifyError(e);
    }
    return undefined;
  });
  return (
    <Form onSubmit={start}>
      <Stack spacing={1} sx={{ p: 2, maxWidth: 720 }}>
        <FieldInput resource={shape} name="template" mode="create" />
        <PickedDescription />
        <div><SaveButton label="Create shipment" icon={<></>} disabled={inFlight} alwaysEnable={!inFlight} /></div>
      </Stack>
    </Form>
  );
}
