/**
 * Shown when the server refused a save because someone else changed the record meanwhile. Reload
 * fetches the current record; the form keeps the user's typed values (resetOptions keepDirtyValues),
 * so nothing typed is lost and the next save carries the new version.
 */
import { Alert, Button } from '@mui/material';
import { CONFLICT_MESSAGE } from '../i18n/messages';

export function ConflictNotice({ onReload }: { onReload(): void }) {
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }} data-testid="conflict"
      action={<Button color="inherit" size="small" onClick={onReload}>Reload</Button>}>
      {CONFLICT_MESSAGE}. Reload to get their changes; what you typed stays in the form.
    </Alert>
  );
}
