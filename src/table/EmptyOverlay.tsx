/**
 * The grid's "no rows" overlay. Its data comes through context rather than the grid's slotProps:
 * changing slotProps re-renders every cell of the grid, and this overlay's text changes with the
 * filters on every toggle.
 */
import { createContext, useContext } from 'react';
import { Button, Stack, Typography } from '@mui/material';

export interface EmptyInfo { label: string; filtered: boolean; onClear(): void }

export const EmptyContext = createContext<EmptyInfo>({ label: 'rows', filtered: false, onClear: () => {} });

export function EmptyOverlay() {
  const { label, filtered, onClear } = useContext(EmptyContext);
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <Typography color="text.secondary">{filtered ? `No ${label.toLowerCase()} match these filters.` : `No ${label.toLowerCase()} yet.`}</Typography>
      {filtered && <Button size="small" onClick={onClear}>Clear filters</Button>}
    </Stack>
  );
}
