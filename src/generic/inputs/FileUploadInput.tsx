/** A file field: uploads the chosen file at once (POST /api/files/) and stores the returned id. */
import { useState } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useInput, type InputProps } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { plainMessage } from '../../notify/error-toasts';
import { FileLink } from './FileLink';
import { useFilePicker } from './useFilePicker';

interface Props extends InputProps { accept: readonly string[]; maxBytes: number; label?: string; helperText?: string }

export function FileUploadInput({ accept, maxBytes, ...props }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field, fieldState } = useInput(props);
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = typeof field.value === 'string' && field.value ? field.value : null;

  const { inputRef, busy, choose, onChange } = useFilePicker(async (file) => {
    if (file.size > maxBytes) { setProblem(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`); return; }
    setProblem(null);
    try {
      const stored = await dataProvider.upload(file);
      setName(stored.name);
      field.onChange(stored.id);
    } catch (e) {
      setProblem(plainMessage(e, 'The upload failed.'));
    }
  });

  const error = problem ?? fieldState.error?.message;
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="caption" color="text.secondary">{props.label}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={busy} onClick={choose}>
          {busy ? 'Uploading…' : id ? 'Replace file' : 'Choose file'}
        </Button>
        {id && <FileLink id={id} name={name} />}
        {id && <Button size="small" onClick={() => { field.onChange(null); setName(null); }}>Remove</Button>}
      </Box>
      <input ref={inputRef} type="file" hidden accept={accept.join(',')} onChange={onChange} />
      {(error || props.helperText) && <FormHelperText error={!!error}>{error ?? props.helperText}</FormHelperText>}
    </Box>
  );
}
