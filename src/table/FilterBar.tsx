/**
 * A screen's filter bar (docs/table.md, Filter bar): inputs for the columns a screen filters most,
 * beside the table's menus. It edits the table's own filters, so its choices show as chips, are
 * kept in saved filters and go into exports like any other filter. Inputs follow the field's
 * kind: a date is a from/to range, a choice and a reference a choice of several values (references
 * suggested by the server among the values the rows hold, by their labels). On a phone the inputs
 * fold behind a Filters button, which counts the columns they filter.
 */
import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, Button, Checkbox, TextField, type Theme, useMediaQuery } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useDataProvider } from 'react-admin';
import { type Resource, fieldLabel } from '../resources/define';
import type { AppDataProvider } from '../dataProvider';
import { type SelectedFilters, setIncluded, setRange } from './filter-state';
import { MAX_SUGGESTIONS } from './table-config';

export interface FilterBarProps {
  r: Resource;
  /** The columns it offers, in order. */
  fields: readonly string[];
  filters: SelectedFilters;
  onChange(next: SelectedFilters): void;
  /** A value as its chip names it (useFilterLabels). */
  valueText(column: string, value: string): string;
}

interface Option { value: string; label: string }

const WIDTH = { date: 150, choice: 170, ref: 200 } as const;

function DateRange({ r, field, filters, onChange }: { r: Resource; field: string } & Pick<FilterBarProps, 'filters' | 'onChange'>) {
  const f = filters[field] ?? {};
  const label = fieldLabel(r, field);
  const input = (end: 'from' | 'to') => (
    <TextField
      size="small" type="date" label={`${label} ${end}`} value={f[end] ?? ''} sx={{ width: WIDTH.date }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} ${end}` } }}
      onChange={(e) => onChange(setRange(filters, field, end === 'from' ? e.target.value : f.from ?? '', end === 'to' ? e.target.value : f.to ?? ''))}
    />
  );
  return <>{input('from')}{input('to')}</>;
}

/** Several values of a choice or a reference; the chosen ones are the column's include list. */
function ValuesInput({ r, field, filters, onChange, valueText }: { field: string } & Omit<FilterBarProps, 'fields'>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const f = r.fields[field];
  const chosen = useMemo(() => (filters[field]?.include ?? []).filter((v) => v !== ''), [filters, field]);
  const [input, setInput] = useState('');
  const [suggested, setSuggested] = useState<Option[]>([]);
  const isRef = f?.kind === 'ref';

  useEffect(() => {
    if (!isRef) return;
    let live = true;
    // Wait for a pause in typing before asking the server.
    const timer = setTimeout(() => {
      dataProvider.autocomplete(r.name, { field, input, limit: MAX_SUGGESTIONS })
        .then((s) => { if (live) setSuggested(s.map((x) => ({ value: String(x.value), label: x.label }))); })
        .catch(() => { if (live) setSuggested([]); });
    }, 200);
    return () => { live = false; clearTimeout(timer); };
  }, [dataProvider, r.name, field, input, isRef]);

  const options: Option[] = f?.kind === 'choice' ? f.choices.map(([value, label]) => ({ value, label })) : suggested;
  const value = chosen.map((v) => options.find((o) => o.value === v) ?? { value: v, label: valueText(field, v) });
  const label = fieldLabel(r, field);
  return (
    <Autocomplete<Option, true, false, false>
      multiple size="small" limitTags={1} disableCloseOnSelect
      options={options}
      value={value}
      isOptionEqualToValue={(o, v) => o.value === v.value}
      getOptionLabel={(o) => o.label}
      // Suggestions come from the server already matched to what was typed.
      filterOptions={isRef ? (o) => o : undefined}
      onInputChange={(_e, text, reason) => { if (reason !== 'reset') setInput(text); }}
      onChange={(_e, next) => onChange(setIncluded(filters, field, next.map((o) => o.value)))}
      renderOption={(props, o, { selected }) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return <li key={key} {...rest}><Checkbox size="small" checked={selected} sx={{ p: 0.25, mr: 1 }} />{o.label}</li>;
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={chosen.length ? undefined : 'Any'} />}
      // The chosen values stay on the input's line, so the bar keeps one height.
      sx={{ width: isRef ? WIDTH.ref : WIDTH.choice, '& .MuiAutocomplete-inputRoot': { flexWrap: 'nowrap' }, '& .MuiAutocomplete-tag': { maxWidth: '65%', flexShrink: 0 } }}
    />
  );
}

export function FilterBar(p: FilterBarProps) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const active = p.fields.filter((f) => p.filters[f]).length;
  if (phone && !open) {
    return <Button size="small" startIcon={<FilterListIcon />} onClick={() => setOpen(true)}>Filters{active ? ` (${active})` : ''}</Button>;
  }
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {p.fields.map((field) => {
        const kind = p.r.fields[field]?.kind;
        if (kind === 'date' || kind === 'datetime') return <DateRange key={field} r={p.r} field={field} filters={p.filters} onChange={p.onChange} />;
        if (kind === 'choice' || kind === 'ref') return <ValuesInput key={field} field={field} {...p} />;
        return null;
      })}
      {phone && <Button size="small" onClick={() => setOpen(false)}>Hide filters</Button>}
    </Box>
  );
}
