/**
 * A reference (`ref`) or a list of references (`refs`) as a searchable select. Options come from the
 * target resource's choices; the selected records are always among them so their labels show.
 */
import { useMemo, useState } from 'react';
import { Autocomplete, type AutocompleteRenderInputParams, TextField } from '@mui/material';
import { useInput, type InputProps } from 'react-admin';
import { type Option, useChoices } from './useChoices';

type Id = string | number;

interface Props extends InputProps { reference: string; multiple?: boolean; label?: string; helperText?: string }

export function RefInput({ reference, multiple = false, ...props }: Props) {
  const { field, fieldState, isRequired } = useInput(props);
  const [input, setInput] = useState('');
  const selectedIds: Id[] = useMemo(() => {
    const v = field.value as unknown;
    if (multiple) return Array.isArray(v) ? (v as Id[]) : [];
    return v === null || v === undefined || v === '' ? [] : [v as Id];
  }, [field.value, multiple]);
  const { data: options = [], isFetching } = useChoices(reference, input, selectedIds);
  const byId = (id: Id) => options.find((o) => String(o.id) === String(id)) ?? { id, label: `#${id}` };
  const error = fieldState.error?.message;
  const showError = !!error && (fieldState.isTouched || fieldState.isDirty);
  const common = {
    options,
    loading: isFetching,
    filterOptions: (o: Option[]) => o, // the server filters
    isOptionEqualToValue: (a: Option, b: Option) => String(a.id) === String(b.id),
    getOptionLabel: (o: Option) => o.label,
    onInputChange: (_: unknown, v: string, reason: string) => { if (reason === 'input') setInput(v); else if (reason === 'clear') setInput(''); },
    onBlur: field.onBlur,
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={props.label} required={isRequired} error={showError} helperText={showError ? error : props.helperText}
        slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `ref-${props.source}` } }} />
    ),
  };
  if (multiple) {
    return (
      <Autocomplete<Option, true>
        {...common}
        multiple
        value={selectedIds.map(byId)}
        onChange={(_, v) => field.onChange(v.map((o) => o.id))}
      />
    );
  }
  return (
    <Autocomplete<Option, false>
      {...common}
      value={selectedIds.length ? byId(selectedIds[0]) : null}
      onChange={(_, v) => { field.onChange(v ? v.id : null); setInput(''); }}
    />
  );
}
