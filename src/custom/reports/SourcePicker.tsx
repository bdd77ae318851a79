/** The records a report reads: the sources the user may read, grouped by area, searchable by name. */
import { Autocomplete, TextField } from '@mui/material';
import type { SourceInfo } from './report-api';

export function SourcePicker({ sources, value, onChange, disabled, error }: {
  sources: SourceInfo[]; value: string; onChange(source: string): void; disabled?: boolean; error?: string;
}) {
  const chosen = sources.find((s) => s.source === value) ?? null;
  return (
    <Autocomplete<SourceInfo, false>
      sx={{ flex: 1, minWidth: 240 }}
      options={sources}
      value={chosen}
      disabled={disabled}
      groupBy={(s) => s.area}
      getOptionLabel={(s) => s.label}
      isOptionEqualToValue={(a, b) => a.source === b.source}
      onChange={(_, s) => { if (s) onChange(s.source); }}
      renderInput={(params) => <TextField {...params} label="Source" required error={!!error} helperText={error ?? (chosen ? undefined : 'What the report reads, e.g. Tickets.')} />}
    />
  );
}
