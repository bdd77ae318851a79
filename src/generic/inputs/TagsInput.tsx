/** A list of short strings: picked from the declared choices when there are any, else typed freely. */
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput, type InputProps } from 'react-admin';
import type { Choice } from '../../resources/fields';

interface Props extends InputProps { choices?: readonly Choice[]; label?: string; helperText?: string }

export function TagsInput({ choices, ...props }: Props) {
  const { field, fieldState } = useInput(props);
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const labelOf = (v: string) => choices?.find(([id]) => id === v)?.[1] ?? v;
  const error = fieldState.error?.message;
  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      freeSolo={!choices}
      options={choices ? choices.map(([id]) => id) : []}
      value={value}
      getOptionLabel={labelOf}
      onChange={(_, v) => field.onChange(v.map((x) => x.trim()).filter(Boolean))}
      onBlur={field.onBlur}
      renderValue={(items, getItemProps) => items.map((item, index) => {
        const { key, ...rest } = getItemProps({ index });
        return <Chip key={key} size="small" label={labelOf(item)} {...rest} />;
      })}
      renderInput={(params) => <TextField {...params} label={props.label} error={!!error} helperText={error ?? props.helperText ?? (choices ? undefined : 'Type a value and press Enter.')} />}
    />
  );
}
