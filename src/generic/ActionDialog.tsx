/**
 * A declared action's input as a form in a dialog (docs/architecture.md, Server): one input per
 * field of the action's `input`, with the same validators as a record's form; the server's 400
 * lands on its fields, anything else becomes a toast. `only` picks the fields the screen asks for;
 * `defaults` fills the others it sends.
 */
import { useMemo } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import type { AppDataProvider } from '../dataProvider/createDataProvider';
import { useNotifyError } from '../hooks/useNotifyError';
import { FieldInput } from './FieldInput';
import { submitErrorsOf } from './submit-errors';
import { trackInFlight, useInFlight } from './useInFlight';

interface Props {
  resource: Resource;
  action: string;
  /** The record of a detail action. */
  id?: string | number;
  title: string;
  submitLabel: string;
  only?: readonly string[];
  defaults?: Record<string, unknown>;
  onClose(): void;
  onDone(answer: unknown): void;
}

export function ActionDialog({ resource, action, id, title, submitLabel, only, defaults, onClose, onDone }: Props) {
  const a = resource.actions[action];
  const fields = only ?? Object.keys(a.input ?? {});
  // The input's fields read as a declaration of their own, so each gets its kind's input and validators.
  const shape = useMemo<Resource>(() => ({ ...resource, fields: a.input ?? {} }), [resource, a]);
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { inFlight } = useInFlight();
  const submit = (values: Record<string, unknown>) => trackInFlight(async () => {
    // Every input the form holds a value for: the fields shown and the screen's `defaults`.
    const body = Object.fromEntries(Object.keys(a.input ?? {}).filter((f) => values[f] !== undefined && values[f] !== '').map((f) => [f, values[f]]));
    try {
      onDone(await dp.callAction(resource.name, { id, action: a.path ?? action, method: a.method, body }));
      return undefined;
    } catch (e) {
      return submitErrorsOf(e, fields, { onConflict: () => notifyError(e), notifyError });
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <Form onSubmit={submit} defaultValues={defaults}>
        <DialogContent sx={{ pt: '8px !important' }}>
          {fields.map((name) => <FieldInput key={name} resource={shape} name={name} mode="create" />)}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SaveButton label={submitLabel} icon={<></>} disabled={inFlight} alwaysEnable={!inFlight} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
