/** A ticket's attachments: open/download through the data provider; upload via `{id}/upload_attachment/`. */
import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type Identifier, useCanAccess, useDataProvider, useGetList, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { getResource } from '../../../resources/index';
import { FileLink } from '../../../generic/inputs/FileLink';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { ticketApi } from './ticket-api';
import { useFilePicker } from '../../../generic/inputs/useFilePicker';

const RESOURCE = 'terminalboss/v3/ticketattachment';

export function TicketAttachments({ ticketId }: { ticketId: Identifier }) {
  const r = getResource(RESOURCE);
  const kindField = r.fields.kind;
  const kinds = kindField.kind === 'choice' ? kindField.choices : [];
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { data = [], isPending, refetch } = useGetList(RESOURCE, { filter: { ticket: ticketId }, pagination: { page: 1, perPage: 200 }, sort: { field: 'created_at', order: 'DESC' } });
  const { canAccess: canAdd } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const [kind, setKind] = useState('other');
  const [name, setName] = useState('');

  const { inputRef, busy, choose, onChange } = useFilePicker(async (file) => {
    try {
      await ticketApi(dp).uploadAttachment(ticketId, file, name.trim() || file.name, kind);
      notify('Attachment uploaded', { type: 'success' });
      setName('');
      await refetch();
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <Paper variant="outlined" data-testid="ticket-attachments">
      {canAdd && (
        <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
          <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} placeholder="File name when empty" sx={{ width: 260 }} />
          <TextField size="small" select label="Kind" value={kind} onChange={(e) => setKind(e.target.value)} sx={{ width: 200 }}>
            {kinds.map(([id, label]) => <MenuItem key={id} value={id}>{label}</MenuItem>)}
          </TextField>
          <Button variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }} startIcon={<UploadFileIcon />} disabled={busy} onClick={choose}>{busy ? 'Uploading…' : 'Upload file'}</Button>
          <input ref={inputRef} type="file" hidden accept="application/pdf,image/png,image/jpeg" data-testid="attachment-file" onChange={onChange} />
        </Stack>
      )}
      <Table size="small">
        <TableHead><TableRow><TableCell>Name</TableCell><TableCell>Kind</TableCell><TableCell>Added</TableCell><TableCell>File</TableCell></TableRow></TableHead>
        <TableBody>
          {data.map((a) => (
            <TableRow key={String(a.id)}>
              <TableCell>{String(a.name)}</TableCell>
              <TableCell>{kinds.find(([id]) => id === a.kind)?.[1] ?? String(a.kind)}</TableCell>
              <TableCell>{a.created_at ? new Date(String(a.created_at)).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</TableCell>
              <TableCell sx={{ '& > *': { display: 'inline-flex', mr: 1 } }}>{a.attachment ? <FileLink id={String(a.attachment)} /> : '—'}</TableCell>
            </TableRow>
          ))}
          {!isPending && !data.length && <TableRow><TableCell colSpan={4}><Typography variant="body2" color="text.secondary">No attachments.</Typography></TableCell></TableRow>}
        </TableBody>
      </Table>
    </Paper>
  );
}
