/**
 * `company/documents/billoflading/upload/` (docs/documents.md, Screens): bills of lading chosen or
 * dropped, sent one by one (`upload_bills_of_lading/`, one file a request), each row saying where
 * it stands: waiting, sending, then what the server made of it (matched to its trips, to review
 * and why, unreadable) with a link to the document, or why it was refused. A file too large is
 * refused here before it is sent. Leaving the page stops nothing already sent.
 */
import { type DragEvent, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Title, useDataProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { plainMessage } from '../../notify/error-toasts';
import { BOL_FILE_BYTES } from '../../resources/documents/bol-files';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { bolDetailPath, bolListPath } from './bol-paths';

type Row = { key: string; name: string; state: 'waiting' | 'sending' | 'done' | 'refused'; id?: number; status?: string; reason?: string | null; message?: string };

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';
const WORDS: Record<string, { label: string; color: 'success' | 'warning' | 'error' }> = {
  matched: { label: 'Matched', color: 'success' }, review: { label: 'To review', color: 'warning' }, failed: { label: 'Unreadable', color: 'error' },
};

export default function BolUploadPage() {
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const sending = rows.some((r) => r.state === 'waiting' || r.state === 'sending');
  const set = (key: string, change: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const send = async (files: File[]) => {
    const added = files.map((f, i) => ({ file: f, row: { key: `${Date.now()}-${i}-${f.name}`, name: f.name, state: 'waiting' as const } }));
    setRows((rs) => [...added.map((a) => a.row), ...rs]);
    // One by one: each answer says what became of that file, and the server reads one PDF at a time.
    for (const { file, row } of added) {
      if (file.size > BOL_FILE_BYTES) { set(row.key, { state: 'refused', message: `Larger than ${BOL_FILE_BYTES / 1024 / 1024} MB.` }); continue; }
      set(row.key, { state: 'sending' });
      try {
        const body = new FormData();
        body.append('file', file);
        const doc = (await dp.callAction(billOfLading.name, { action: 'upload_bills_of_lading', method: 'POST', body })) as { id: number; status: string; review_reason: string | null };
        set(row.key, { state: 'done', id: doc.id, status: doc.status, reason: doc.review_reason });
      } catch (e) {
        set(row.key, { state: 'refused', message: plainMessage(e, 'The file was refused.') });
      }
    }
    await queryClient.invalidateQueries({ queryKey: [billOfLading.name] });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) void send([...e.dataTransfer.files]);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title="Upload bills of lading" />
      <Paper
        variant="outlined"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center', borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'primary.main' : 'divider', bgcolor: over ? 'action.hover' : 'background.paper' }}
      >
        <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
        <Typography sx={{ my: 1 }}>Drop bills of lading here, or choose them.</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          PDF, PNG, JPEG or TIFF, up to {BOL_FILE_BYTES / 1024 / 1024} MB each. A PDF&apos;s text is read for its BOL number, date and cars; a scan is kept for you to read.
        </Typography>
        <input ref={input} type="file" accept={ACCEPT} multiple hidden aria-label="Bills of lading" onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; if (files.length) void send(files); }} />
        <Button variant="contained" onClick={() => input.current?.click()} disabled={sending}>Choose files</Button>
      </Paper>
      {rows.length > 0 && (
        <List aria-label="Uploads" sx={{ mt: 2 }}>
          {rows.map((r) => (
            <ListItem key={r.key} divider secondaryAction={r.state === 'sending' ? <CircularProgress size={18} aria-label={`Sending ${r.name}`} /> : r.status ? <Chip size="small" color={WORDS[r.status].color} label={WORDS[r.status].label} /> : null}>
              <ListItemText
                primary={r.id ? <Link component={RouterLink} to={bolDetailPath(r.id)}>{r.name}</Link> : r.name}
                secondary={r.state === 'waiting' ? 'Waiting' : r.state === 'sending' ? 'Sending and reading…' : r.state === 'refused' ? r.message : r.reason ?? 'On the trips of its cars.'}
                slotProps={{ secondary: { color: r.state === 'refused' ? 'error' : 'text.secondary' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {rows.length > 0 && !sending && <Alert severity="info" sx={{ mt: 1 }}>Done. <Link component={RouterLink} to={bolListPath()}>All documents</Link></Alert>}
    </Box>
  );
}
