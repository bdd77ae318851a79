/**
 * A button that uploads one chosen file to a record's declared upload action (multipart `file`,
 * e.g. `upload_certificate/`, `upload_attachment/`): busy while it goes, a success toast after,
 * the server's refusal as error toasts.
 */
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useFilePicker } from './useFilePicker';

interface Props {
  resource: string;
  id: Identifier;
  action: string;
  label: string;
  /** What the toast says once the file is stored. */
  done: string;
  accept: string;
  variant?: 'text' | 'outlined';
  onDone(): void;
}

export function UploadActionButton({ resource, id, action, label, done, accept, variant = 'text', onDone }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { inputRef, busy, choose, onChange } = useFilePicker(async (file) => {
    try {
      const body = new FormData();
      body.append('file', file);
      await dataProvider.callAction(resource, { id, action, body });
      notify(done, { type: 'success' });
      onDone();
    } catch (e) {
      notifyError(e);
    }
  });
  return (
    <>
      <Button size="small" variant={variant} startIcon={<UploadFileIcon />} disabled={busy} onClick={choose}>{busy ? 'Uploading…' : label}</Button>
      <input ref={inputRef} type="file" hidden accept={accept} onChange={onChange} />
    </>
  );
}
