/**
 * One column in the Columns part of the table settings menu: a check box that shows or hides it,
 * and Move up / Move down buttons that change its place (the MIT grid has no column dragging).
 * From the keyboard, Alt+ArrowUp / Alt+ArrowDown move the focused column.
 */
import { Checkbox, IconButton, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';

export interface ColumnMenuItemProps {
  label: string;
  checked: boolean;
  onToggle(): void;
  onMove?: (step: -1 | 1) => void;
  first: boolean;
  last: boolean;
}

export function ColumnMenuItem({ label, checked, onToggle, onMove, first, last }: ColumnMenuItemProps) {
  const move = (step: -1 | 1) => (e: React.MouseEvent) => {
    // The buttons sit inside the menu item: a click on them must not also toggle the column.
    e.stopPropagation();
    onMove?.(step);
  };
  return (
    <MenuItem
      // Named by the column alone (not by the move buttons inside it).
      aria-label={label}
      onClick={onToggle}
      onKeyDown={(e) => {
        if (!onMove || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
        e.preventDefault();
        e.stopPropagation();
        if (e.key === 'ArrowUp' && !first) onMove(-1);
        if (e.key === 'ArrowDown' && !last) onMove(1);
      }}
    >
      <ListItemIcon><Checkbox size="small" edge="start" checked={checked} tabIndex={-1} /></ListItemIcon>
      <ListItemText>{label}</ListItemText>
      {onMove && (
        <>
          <IconButton size="small" aria-label={`Move ${label} up`} disabled={first} onClick={move(-1)} sx={{ ml: 1 }}><ArrowUpwardIcon fontSize="inherit" /></IconButton>
          <IconButton size="small" aria-label={`Move ${label} down`} disabled={last} onClick={move(1)}><ArrowDownwardIcon fontSize="inherit" /></IconButton>
        </>
      )}
    </MenuItem>
  );
}
