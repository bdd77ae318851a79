/**
 * The table settings menu (docs/table.md, Settings menu): Columns (Toggle All, or per column, and their order),
 * Saved Filters (or N/A), Save Filter, View in fleet, Trace, Export, and a slot for a screen's own
 * settings.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Checkbox, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { ColumnMenuItem } from './ColumnMenuItem';

export interface ColumnOption { field: string; label: string }

export interface TableSettingsMenuProps {
  columns: ColumnOption[];
  visible: string[];
  onToggleAll(): void;
  onToggleColumn(field: string): void;
  /** Moves a column one place up (-1) or down (+1); `columns` is listed in the current order. */
  onMoveColumn?(field: string, step: -1 | 1): void;
  savedFilters: string[];
  selectedFilter: string | null;
  onApplyFilter(name: string): void;
  onSaveFilter(): void;
  onExport(): void;
  /** Shown by default; pass null to hide. */
  onViewInFleet?: (() => void) | null;
  /** Optional per table. */
  onTrace?: (() => void) | null;
  /** A screen's own settings, rendered as menu items. */
  extra?: (close: () => void) => ReactNode;
}

type View = 'root' | 'columns' | 'filters';

export function TableSettingsMenu(p: TableSettingsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [view, setView] = useState<View>('root');
  const listRef = useRef<HTMLUListElement>(null);
  // Switching between the root and a sub-list replaces the items: keep keyboard focus inside the menu
  // (so Escape and the arrow keys keep working).
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [view]);
  const close = () => { setAnchor(null); setView('root'); };
  const act = (f: () => void) => () => { close(); f(); };
  const allVisible = p.columns.every((c) => p.visible.includes(c.field));
  const back = (
    <MenuItem onClick={() => setView('root')}>
      <ListItemIcon><ChevronLeftIcon fontSize="small" /></ListItemIcon>
      <ListItemText>Back</ListItemText>
    </MenuItem>
  );
  return (
    <>
      <Tooltip title="Table settings">
        <IconButton aria-label="Table settings" size="small" onClick={(e) => setAnchor(e.currentTarget)}><SettingsIcon fontSize="small" /></IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { ref: listRef } }}>
        {view === 'root' && [
          <MenuItem key="columns" onClick={() => setView('columns')}>
            <ListItemText>Columns</ListItemText><ChevronRightIcon fontSize="small" />
          </MenuItem>,
          <MenuItem key="filters" onClick={() => setView('filters')}>
            <ListItemText>Saved Filters</ListItemText><ChevronRightIcon fontSize="small" />
          </MenuItem>,
          <MenuItem key="save" onClick={act(p.onSaveFilter)}>Save Filter</MenuItem>,
          p.onViewInFleet !== null && <MenuItem key="fleet" disabled={!p.onViewInFleet} onClick={act(() => p.onViewInFleet?.())}>View in fleet</MenuItem>,
          p.onTrace && <MenuItem key="trace" onClick={act(p.onTrace)}>Trace</MenuItem>,
          <MenuItem key="export" onClick={act(p.onExport)}>Export</MenuItem>,
          p.extra && <Divider key="d" />,
          p.extra?.(close),
        ]}
        {view === 'columns' && [
          <span key="back">{back}</span>,
          <MenuItem key="all" onClick={p.onToggleAll}>
            <ListItemIcon><Checkbox size="small" edge="start" checked={allVisible} indeterminate={!allVisible && p.visible.length > 0} tabIndex={-1} /></ListItemIcon>
            <ListItemText>Toggle All</ListItemText>
          </MenuItem>,
          ...p.columns.map((c, i) => (
            <ColumnMenuItem
              key={c.field}
              label={c.label}
              checked={p.visible.includes(c.field)}
              onToggle={() => p.onToggleColumn(c.field)}
              onMove={p.onMoveColumn && ((step) => p.onMoveColumn!(c.field, step))}
              first={i === 0}
              last={i === p.columns.length - 1}
            />
          )),
        ]}
        {view === 'filters' && [
          <span key="back">{back}</span>,
          ...(p.savedFilters.length
            ? p.savedFilters.map((name) => (
              <MenuItem key={name} selected={name === p.selectedFilter} onClick={act(() => p.onApplyFilter(name))}>{name}</MenuItem>
            ))
            : [<MenuItem key="na" disabled>N/A</MenuItem>]),
        ]}
      </Menu>
    </>
  );
}
