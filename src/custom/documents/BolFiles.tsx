/**
 * A bill of lading document's files (docs/documents.md, Files): each with its primary and reading
 * chips and a link to the file itself; Make primary, Read again and Remove, and Add a file, for
 * those who may change the document. Each answer is the document as it now stands.
 */
import { useRef } from 'react';
import { Button, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useDataProvider, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { ATTACHMENT_READINGS, billOfLadingAttachment } from '../../resources/documents/bill-of-lading-attachment';
import { choiceWord } from '../../resources/fields';
import { formatQuantity } from '../../lib/format';
import { bolAttachmentPath } from './bol-paths';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff';

export function BolFiles({ documentId, mayChange, onChanged }: { documentId: number; mayChange: boolean; onChanged(): Promise<unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const input = useRef<HTMLInputElement>(null);
  const { data: files = [] } = useGetList(billOfLadingAttachment.name, { filter: { bill_of_lading: documentId }, sort: { field: 'created_at', order: 'ASC' }, pagination: { page: 1, perPage: 50 } });
  const act = (action: string, body: unknown) => run(async () => {
    await dp.callAction(billOfLading.name, { id: documentId, action, method: 'POST', body });
    await onChanged();
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>Files</Typography>
        {mayChange && (
          <>
            <input ref={input} type="file" hidden accept={ACCEPT} aria-label="Add a file" onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const body = new FormData();
              body.append('file', file);
              void act('save_attachment', body);
            }} />
            <Button size="small" startIcon={<AttachFileIcon />} disabled={busy} onClick={() => input.current?.click()}>Add a file</Button>
          </>
        )}
      </Stack>
      <Table size="small" aria-label="Files">
        <TableHead><TableRow><TableCell>File</TableCell><TableCell>Read</TableCell><TableCell align="right">Size</TableCell><TableCell /></TableRow></TableHead>
        <TableBody>
          {files.map((f) => (
            <TableRow key={f.id}>
              <TableCell>
                <Link component={RouterLink} to={bolAttachmentPath(f.id)}>{String(f.file_name)}</Link>
                {f.primary ? <Chip size="small" label="Primary" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={f.reading === 'read' ? 'success' : f.reading === 'failed' ? 'error' : 'default'} label={choiceWord(ATTACHMENT_READINGS, f.reading)} />
                {f.pages ? ` ${String(f.pages)} p.` : ''}
              </TableCell>
              <TableCell align="right">{formatQuantity(Math.ceil(Number(f.size) / 1024))} KB</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {mayChange && !f.primary && <Button size="small" disabled={busy} onClick={() => void act('set_as_primary_attachment', { attachment_id: f.id })}>Make primary</Button>}
                {mayChange && f.content_type === 'application/pdf' && <Button size="small" disabled={busy} onClick={() => void act('retry_attachment', { attachment: f.id })}>Read again</Button>}
                {mayChange && files.length > 1 && <Button size="small" color="error" disabled={busy} onClick={() => void act('delete_attachment', { attachment_id: f.id })}>Remove</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
