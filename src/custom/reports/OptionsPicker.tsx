/**
 * A report part picked from a source's columns (columns, groups, totals): a searchable list
 * grouped by the record each column belongs to, the chosen ones as chips in the order chosen.
 */
import { Autocomplete, TextField } from '@mui/material';
import { type Option, labelIn } from './definition';

export function OptionsPicker({ label, options, value, onChange, help, max, disabled }: {
  label: string; options: Option[]; value: string[]; onChange(v: string[]): void; help?: string; max?: number; disabled?: boolean;
}) {
  const chosen = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: labelIn(options, v), group: '' });
  return (
    <Autocomplete<Option, true>
      multiple
      disabled={disabled}
      options={options}
      value={chosen}
      groupBy={(o) => o.group}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionDisabled={() => max !== undefined && value.length >= max}
      onChange={(_, next) => onChange(next.map((o) => o.value))}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} helperText={help} size="small" />}
    />
  );
}
