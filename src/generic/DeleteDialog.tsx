/**
 * The one delete confirmation of the app (docs/shell.md, Deleting): an in-app dialog, not the
 * browser's, that says before the user confirms what the delete will do: the records deleted with
 * it, those that lose their reference to it, or why it may not be deleted at all (a final record,
 * a ticket past its draft that must be voided instead, a record still in use).
 */
import { type ReactNode, createContext, useCallback, useContext, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, List, ListItem, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type RaRecord, useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import type { AppDataProvider, DeletePreview } from '../dataProvider';

type AskDelete = (resource: Resource, record: RaRecord) => Promise<boolean>;
const AskContext = createContext<AskDelete | null>(null);

/** Asks the user to confirm deleting a record; resolves true when he does. */
export function useAskDelete(): AskDelete {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useAskDelete needs a DeleteDialogProvider above it');
  return ask;
}

interface Pending { resource: Resource; record: RaRecord; resolve: (ok: boolean) => void }

export function DeleteDialogProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<AskDelete>((resource, record) => new Promise((resolve) => setPending({ resource, record, resolve })), []);
  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <AskContext.Provider value={ask}>
      {children}
      {pending && <DeleteDialog resource={pending.resource} record={pending.record} onClose={close} />}
    </AskContext.Provider>
  );
}

const effectText = (d: DeletePreview['dependents'][number]) =>
  d.effect === 'deleted' ? `${d.count} ${d.label.toLowerCase()} will be deleted with it`
    : d.effect === 'unlinked' ? `${d.count} ${d.label.toLowerCase()} will no longer have it as ${d.field_label.toLowerCase()}`
      : `${d.count} ${d.label.toLowerCase()} use it as ${d.field_label.toLowerCase()}`;

function DeleteDialog({ resource, record, onClose }: { resource: Resource; record: RaRecord; onClose: (ok: boolean) => void }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: [resource.name, 'delete_preview', record.id],
    queryFn: () => dp.deletePreview(resource.name, record.id),
    staleTime: 0, gcTime: 0, retry: false,
  });
  const noun = resource.label.toLowerCase();
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="xs" fullWidth aria-labelledby="delete-dialog-title">
      <DialogTitle id="delete-dialog-title">Delete this {noun}?</DialogTitle>
      <DialogContent>
        <DialogContentText>{resource.choiceLabel(record)} will be deleted. This cannot be undone.</DialogContentText>
        {isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Checking what the delete changes" />}
        {error && <Alert severity="error" sx={{ mt: 2 }}>{(error as Error).message}</Alert>}
        {data && !data.deletable && <Alert severity="warning" sx={{ mt: 2 }} data-testid="delete-refused">{data.reason}</Alert>}
        {data?.deletable && data.dependents.length > 0 && (
          <List dense data-testid="delete-effects">
            {data.dependents.map((d) => <ListItem key={`${d.resource}.${d.field}`} disableGutters><ListItemText primary={effectText(d)} /></ListItem>)}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>Cancel</Button>
        <Button color="error" variant="contained" disabled={!data?.deletable} onClick={() => onClose(true)}>Delete</Button>
      </DialogActions>
    </Dialog>
  );
}
