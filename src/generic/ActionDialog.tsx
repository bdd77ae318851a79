/**
 * A declared action's input as a form in a dialog (docs/architecture.md, Server): one input per
 * field of the action's `input`, with the same validators as a record's form; the server's 400
 * lands on its fields, anything else becomes a toast. `only` picks the fields the screen asks for;
 * `defaults` fills the others it sends.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton } from 'react-admin';
import type { Resource } from '../resources/define';
import { FieldInput } from './FieldInput';
import { trackInFlight, useInFlight } from './useInFlight';
import { useActionForm } from './useActionForm';

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
  const { shape, fields, submit } = useActionForm(resource, action, { id, fields: only, onDone });
  const { inFlight } = useInFlight();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <Form onSubmit={(values: Record<string, unknown>) => trackInFlight(() => submit(values))} defaultValues={defaults}>
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
