/** The active include/exclude filters as removable chips, naming their values as the cells do. */
import { Chip, Stack } from '@mui/material';
import { type SelectedFilters, chipsOf } from './filter-state';

export function FilterChips({ filters, labelOf, valueText, onRemove }: {
  filters: SelectedFilters; labelOf(column: string): string; valueText(column: string, value: string): string; onRemove(column: string): void;
}) {
  const chips = chipsOf(filters, labelOf, valueText);
  if (!chips.length) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ px: 1, py: 0.5, flexWrap: 'wrap' }} aria-label="Active filters">
      {chips.map((c) => (
        <Chip key={c.column} size="small" label={c.label} color={c.kind === 'include' ? 'primary' : 'warning'} variant="outlined" onDelete={() => onRemove(c.column)} />
      ))}
    </Stack>
  );
}
