/**
 * Editing the ticket's fields (with change_ticket). The status is not edited here (the status
 * buttons move it along its lifecycle). The Save button shows only with show_save_button: sites
 * that key tickets on the terminal server keep the web copy read-mostly (docs/terminal.md).
 */
import { Alert, Box, Button, Typography } from '@mui/material';
import { type RaRecord, SaveButton, SimpleForm, Toolbar, useDataProvider, useNotify } from 'react-admin';
import { getResource } from '../../../resources/index';
import { TB_TICKET } from '../../../resources/terminal/common';
import { FieldInput } from '../../../generic/FieldInput';
import { formSections } from '../../../generic/field-rules';
import { submitErrorsOf } from '../../../generic/submit-errors';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { CONFLICT_MESSAGE } from '../../../i18n/messages';

export const TICKET_EDIT_SECTIONS = () => formSections(getResource(TB_TICKET))
  .map((s) => ({ ...s, fields: s.fields.filter((f) => f !== 'status') }))
  .filter((s) => s.fields.length);

export function TicketEditForm({ ticket, showSave, onSaved, onCancel }: { ticket: RaRecord; showSave: boolean; onSaved(): void; onCancel(): void }) {
  const r = getResource(TB_TICKET);
  const dp = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const sections = TICKET_EDIT_SECTIONS();
  const fields = sections.flatMap((s) => s.fields);

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dp.update(TB_TICKET, { id: ticket.id, data: values, previousData: ticket });
      notify('Ticket saved', { type: 'success' });
      onSaved();
      return undefined;
    } catch (e) {
      return submitErrorsOf(e, fields, { onConflict: () => notify(`${CONFLICT_MESSAGE}. Reload the ticket.`, { type: 'warning' }), notifyError });
    }
  };

  return (
    <SimpleForm
      record={ticket}
      onSubmit={submit}
      sx={{ '& .RaSimpleForm-content': { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 } }}
      toolbar={
        <Toolbar sx={{ display: 'flex', gap: 1 }}>
          {showSave
            ? <SaveButton />
            : <Alert severity="info" sx={{ py: 0 }}>Saving tickets from the web is not enabled for your role (show save button).</Alert>}
          <Button onClick={onCancel}>Cancel</Button>
        </Toolbar>
      }
    >
      {sections.map((s) => (
        <Box key={s.label} sx={{ width: '100%' }}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 1 }}>{s.label}</Typography>
          {s.fields.map((name) => <FieldInput key={name} resource={r} name={name} mode="edit" />)}
        </Box>
      ))}
    </SimpleForm>
  );
}
