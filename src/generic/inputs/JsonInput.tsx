/**
 * A JSON editor: a monospace text area. While the text parses, the field holds the parsed value;
 * while it does not, the field holds the text itself, which the JSON rule reports as invalid.
 */
import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useInput, type InputProps } from 'react-admin';

const pretty = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));

export function JsonInput(props: InputProps & { label?: string; helperText?: string }) {
  const { field, fieldState, isRequired } = useInput(props);
  const [text, setText] = useState(() => pretty(field.value));
  // Follow outside changes (form reset, reload after a conflict) but not our own edits.
  useEffect(() => {
    setText((current) => {
      try { if (JSON.stringify(JSON.parse(current)) === JSON.stringify(field.value)) return current; } catch { /* invalid text */ }
      return typeof field.value === 'string' ? current : pretty(field.value);
    });
  }, [field.value]);
  const error = fieldState.error?.message;
  return (
    <TextField
      label={props.label}
      required={isRequired}
      multiline
      minRows={3}
      maxRows={16}
      fullWidth
      value={text}
      onBlur={field.onBlur}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next.trim() === '') { field.onChange(null); return; }
        try { field.onChange(JSON.parse(next)); } catch { field.onChange(next); }
      }}
      error={!!error && (fieldState.isTouched || fieldState.isDirty)}
      helperText={(fieldState.isTouched || fieldState.isDirty) && error ? error : props.helperText}
      slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }, 'data-testid': `json-${props.source}` } }}
    />
  );
}
