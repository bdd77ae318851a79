/** A filter over the map: a small labelled select on the paper colour, so it reads over land and water. */
import { MenuItem, TextField } from '@mui/material';

export function MapFilter({ label, value, options, onChange }: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (v: string) => void }) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // The first option is "every": shown as the value, not hidden behind the label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: 130, bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {options.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
    </TextField>
  );
}
