/**
 * A report's filters as rows a person reads: a column, a test that fits its kind (contains, is,
 * is not, at least, at most, in a period) and a value picked from what the records hold
 * (`column_choices/`). Held as the list filters the server takes (`status`, `net_volume__gte`,
 * `product.product_name__icontains`, `ticket_date__period`), so a saved report reads back as it was.
 */
import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import type { ColumnInfo } from '../../resources/reports/report-columns';
import { PERIODS } from '../../resources/reports/report-terms';
import { useDebounced } from '../../generic/inputs/useChoices';
import type { reportApi } from './report-api';

type Api = ReturnType<typeof reportApi>;
interface Test { op: string; label: string }

const TESTS: Record<string, Test[]> = {
  text: [{ op: 'icontains', label: 'contains' }, { op: '', label: 'is' }, { op: 'isnull', label: 'is empty' }],
  pick: [{ op: '', label: 'is' }, { op: 'not_in', label: 'is not' }, { op: 'isnull', label: 'is empty' }],
  number: [{ op: '', label: '=' }, { op: 'gte', label: 'at least' }, { op: 'lte', label: 'at most' }, { op: 'isnull', label: 'is empty' }],
  date: [{ op: 'period', label: 'in' }, { op: 'gte', label: 'on or after' }, { op: 'lte', label: 'on or before' }, { op: 'isnull', label: 'is empty' }],
  datetime: [{ op: 'period', label: 'in' }, { op: 'isnull', label: 'is empty' }],
};
/** The select's value of the plain test (the key without an operator: equals, or one of a list). */
const IS = 'is';
const OPS = new Set(['icontains', 'not_in', 'gte', 'lte', 'gt', 'lt', 'isnull', 'period', 'in']);

const testsOf = (c?: ColumnInfo): Test[] => {
  if (!c) return TESTS.text;
  if (c.kind === 'choice' || c.kind === 'ref' || c.kind === 'boolean') return TESTS.pick;
  if (c.kind === 'integer' || c.kind === 'decimal') return TESTS.number;
  if (c.kind === 'date') return TESTS.date;
  if (c.kind === 'datetime') return TESTS.datetime;
  return TESTS.text;
};

/** `product.product_name__icontains` -> column and test. */
function splitKey(key: string): { column: string; op: string } {
  const at = key.lastIndexOf('__');
  if (at > 0 && OPS.has(key.slice(at + 2))) return { column: key.slice(0, at), op: key.slice(at + 2) };
  return { column: key, op: '' };
}
const joinKey = (column: string, op: string) => (op ? `${column}__${op}` : column);

export function FiltersEditor({ api, source, columns, filters, onChange }: {
  api: Api; source: string; columns: ColumnInfo[]; filters: Record<string, string>; onChange(f: Record<string, string>): void;
}) {
  const filterable = useMemo(() => columns.filter((c) => c.filterable), [columns]);
  const entries = Object.entries(filters);
  const set = (i: number, key: string, value: string) => {
    const next = entries.map(([k, v], j) => (j === i ? [key, value] : [k, v]));
    onChange(Object.fromEntries(next));
  };
  const remove = (i: number) => onChange(Object.fromEntries(entries.filter((_, j) => j !== i)));
  const add = () => {
    const first = filterable[0];
    if (!first) return;
    const key = joinKey(first.key, testsOf(first)[0].op);
    if (!(key in filters)) onChange({ ...filters, [key]: '' });
  };
  return (
    <Box>
      <Stack spacing={1}>
        {entries.map(([key, value], i) => key === 'search'
          ? (
            <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField size="small" label="Search" value={value} onChange={(e) => set(i, key, e.target.value)} sx={{ flex: 1 }} />
              <Tooltip title="Remove this filter"><IconButton aria-label="Remove filter Search" onClick={() => remove(i)}><DeleteIcon /></IconButton></Tooltip>
            </Stack>
          )
          : <FilterRow key={key} api={api} source={source} columns={filterable} filterKey={key} value={value} onChange={(k, v) => set(i, k, v)} onRemove={() => remove(i)} />)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={!filterable.length}>Add filter</Button>
        {!('search' in filters) && <Button size="small" onClick={() => onChange({ ...filters, search: '' })}>Add search</Button>}
      </Stack>
    </Box>
  );
}

function FilterRow({ api, source, columns, filterKey, value, onChange, onRemove }: {
  api: Api; source: string; columns: ColumnInfo[]; filterKey: string; value: string; onChange(key: string, value: string): void; onRemove(): void;
}) {
  const { column, op } = splitKey(filterKey);
  const c = columns.find((x) => x.key === column);
  const tests = testsOf(c);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid="report-filter" sx={{ alignItems: { sm: 'center' } }}>
      <TextField select size="small" label="Column" value={c ? column : ''} sx={{ flex: { sm: '1 1 200px' } }}
        onChange={(e) => { const n = columns.find((x) => x.key === e.target.value); onChange(joinKey(e.target.value, testsOf(n)[0].op), ''); }}>
        {columns.map((x) => <MenuItem key={x.key} value={x.key}>{x.label}</MenuItem>)}
      </TextField>
      <TextField select size="small" label="Test" value={op || IS} sx={{ flex: { sm: '0 0 150px' } }}
        onChange={(e) => { const next = e.target.value === IS ? '' : e.target.value; onChange(joinKey(column, next), next === 'isnull' ? 'true' : ''); }}>
        {tests.map((x) => <MenuItem key={x.op || IS} value={x.op || IS}>{x.label}</MenuItem>)}
      </TextField>
      <Box sx={{ flex: { sm: '2 1 240px' }, display: 'flex', gap: 1, alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}><ValueInput api={api} source={source} column={c} op={op} value={value} onChange={(v) => onChange(filterKey, v)} /></Box>
        <Tooltip title="Remove this filter"><IconButton aria-label={`Remove filter ${c?.label ?? column}`} onClick={onRemove}><DeleteIcon /></IconButton></Tooltip>
      </Box>
    </Stack>
  );
}

function ValueInput({ api, source, column, op, value, onChange }: {
  api: Api; source: string; column?: ColumnInfo; op: string; value: string; onChange(v: string): void;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  const picks = !!column && op !== 'isnull' && op !== 'period' && (column.kind === 'choice' || column.kind === 'ref' || column.kind === 'boolean' || (column.kind === 'text' && op === ''));
  const { data: options = [] } = useQuery({
    queryKey: ['report-values', source, column?.key, search],
    queryFn: () => api.values(source, column!.key, search),
    enabled: picks,
  });
  if (!column) return null;
  if (op === 'isnull') {
    return (
      <TextField select size="small" fullWidth label="Value" value={value || 'true'} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="true">Yes</MenuItem><MenuItem value="false">No (has a value)</MenuItem>
      </TextField>
    );
  }
  if (op === 'period') {
    return (
      <TextField select size="small" fullWidth label="Period" value={value} onChange={(e) => onChange(e.target.value)}>
        {PERIODS.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
      </TextField>
    );
  }
  if (picks) {
    const chosen = value ? value.split(',') : [];
    const labelOf = (v: string) => options.find((o) => String(o.value) === v)?.label ?? column.choices.find((x) => x.value === v)?.label ?? v;
    return (
      <Autocomplete<string, true>
        multiple fullWidth size="small" options={options.map((o) => String(o.value))} value={chosen}
        getOptionLabel={labelOf} filterOptions={(x) => x}
        onInputChange={(_, v) => setTyped(v)}
        onChange={(_, next) => onChange(next.join(','))}
        renderInput={(params) => <TextField {...params} label="Value" />}
      />
    );
  }
  const type = column.kind === 'date' ? 'date' : column.kind === 'integer' || column.kind === 'decimal' ? 'number' : 'text';
  return (
    <TextField size="small" fullWidth label={column.unit && column.unit !== 'per row' ? `Value (${column.unit})` : 'Value'} type={type} value={value}
      onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: type === 'date' ? { shrink: true } : undefined }} />
  );
}
