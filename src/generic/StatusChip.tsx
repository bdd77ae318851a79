/** A choice value shown as a status chip (fields declared with `chip`); colour from chipColor. */
import { Chip } from '@mui/material';
import { chipColor } from './chip-color';

/** `status` is what the colour is read from when the value is a code (see chipStatus); else the value. */
export function StatusChip({ value, label, status = value }: { value: unknown; label?: string; status?: unknown }) {
  const text = label ?? (value === null || value === undefined || value === '' ? '—' : String(value));
  return <Chip size="small" color={chipColor(status)} label={text} data-testid="status-chip" data-status={String(value ?? '')} sx={{ fontWeight: 500 }} />;
}
