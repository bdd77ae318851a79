/**
 * The declaration's contract form in a dialog (docs/rail.md §11.2, §11.3): New contract from the
 * lists (saving opens the new contract), and Edit on the contract page. The generic form: its
 * sections, validators, versions and per-field messages.
 */
import { Dialog, DialogContent, DialogTitle, IconButton, type Theme, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, EditBase, type RaRecord, useEditContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ResourceForm } from '../../../generic/ResourceForm';
import { useSubmit } from '../../../generic/useSubmit';
import { contract } from '../../../resources/rail/contract';
import { contractPath } from './contract-api';

function CreateContract({ defaults }: { defaults: Record<string, unknown> }) {
  const navigate = useNavigate();
  const { submit } = useSubmit(contract, 'create', undefined, { onSaved: (saved) => navigate(contractPath(saved.id)) });
  return <ResourceForm resource={contract} mode="create" onSubmit={(values) => submit({ ...defaults, ...values })} />;
}

function EditContract({ onDone }: { onDone(saved: RaRecord): void }) {
  const { record } = useEditContext();
  const { submit } = useSubmit(contract, 'edit', record, { onSaved: onDone });
  return record ? <ResourceForm resource={contract} mode="edit" onSubmit={submit} allowDelete={false} /> : null;
}

/** `id` edits that contract; without it a new one is keyed in (`defaults` preset, e.g. the type of the tab it was opened from). */
export function ContractFormDialog({ id, defaults = {}, onClose }: { id?: number; defaults?: Record<string, unknown>; onClose(): void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="body" fullScreen={phone}>
      <DialogTitle sx={{ pr: 6 }}>
        {id === undefined ? 'New contract' : 'Edit contract'}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      <DialogContent sx={{ px: 0 }}>
        {id === undefined
          ? <CreateBase resource={contract.name} record={defaults}><CreateContract defaults={defaults} /></CreateBase>
          : <EditBase resource={contract.name} id={id} mutationMode="pessimistic"><EditContract onDone={onClose} /></EditBase>}
      </DialogContent>
    </Dialog>
  );
}
