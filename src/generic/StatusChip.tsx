/** A choice value shown as a status chip (fields declared with `chip: true`); colour from chipColor. */
import { Chip } from '@mui/material';
import { chipColor } from './chip-color';

export function StatusChip({ value, label }: { value: unknown; label?: string }) {
  const text = label ?? (value === null || value === undefined || value === '' ? '—' : String(value));
  return <Chip size="small" color={chipColor(value)} label={text} data-testid="status-chip" data-status={String(value ?? '')} sx={{ fontWeight: 500 }} />;
}
