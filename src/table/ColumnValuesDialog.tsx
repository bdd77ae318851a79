/**
 * Column filter search: values of one column suggested by the server (`autocomplete/`, at most 50),
 * each toggled through include -> exclude -> none like a right-click "Add this to filter".
 */
import { useEffect, useState } from 'react';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { type SelectedFilters, stateOf } from './filter-state';
import type { AppDataProvider, Suggestion } from '../dataProvider';
import { MAX_SUGGESTIONS } from './table-config';

export interface ColumnValuesDialogProps {
  resource: string;
  column: { field: string; label: string } | null;
  filters: SelectedFilters;
  /** The other columns' filters narrow the suggestions. */
  otherFilters: Record<string, unknown>;
  onToggle(field: string, value: string): void;
  onClose(): void;
}

const STATE_LABEL = { include: 'included', exclude: 'excluded', none: '' } as const;

export function ColumnValuesDialog({ resource, column, filters, otherFilters, onToggle, onClose }: ColumnValuesDialogProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [input, setInput] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [error, setError] = useState<string | null>(null);
  const field = column?.field;
  const filterKey = JSON.stringify(otherFilters);

  useEffect(() => {
    if (!field) return;
    let live = true;
    // Wait for a pause in typing before asking the server.
    const timer = setTimeout(() => {
      dataProvider.autocomplete(resource, { field, input, limit: MAX_SUGGESTIONS, filter: JSON.parse(filterKey) })
        .then((s) => { if (live) { setSuggestions(s.slice(0, MAX_SUGGESTIONS)); setError(null); } })
        .catch((e: Error) => { if (live) setError(e.message); });
    }, 200);
    return () => { live = false; clearTimeout(timer); };
  }, [dataProvider, resource, field, input, filterKey]);

  if (!column) return null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Filter {column.label}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth margin="dense" label="Search values" value={input} onChange={(e) => setInput(e.target.value)} />
        {error && <Typography color="error" variant="body2">{error}</Typography>}
        {!error && !suggestions.length && <Typography variant="body2" sx={{ mt: 1 }}>No values match.</Typography>}
        <List dense aria-label="Suggestions">
          {suggestions.map((s) => {
            const value = s.value === null || s.value === undefined ? '' : String(s.value);
            const state = stateOf(filters, column.field, value);
            return (
              <ListItem key={value} disablePadding>
                <ListItemButton onClick={() => onToggle(column.field, value)}>
                <ListItemText primary={s.label} />
                {state !== 'none' && <Chip size="small" label={STATE_LABEL[state]} color={state === 'include' ? 'primary' : 'warning'} />}
              </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Done</Button></DialogActions>
    </Dialog>
  );
}
