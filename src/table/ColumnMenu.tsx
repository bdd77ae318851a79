/**
 * The grid's column menu: sorting from the grid, plus our server-side filter tools for the column
 * (search its values, import a list of values) and copying its values.
 */
import { createContext, useContext } from 'react';
import { GridColumnMenu, type GridColumnMenuItemProps, type GridColumnMenuProps } from '@mui/x-data-grid';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { CopySeparator } from './copy-column';

export interface ColumnTools {
  searchValues(field: string): void;
  importValues(field: string): void;
  copyValues(field: string, sep: CopySeparator): void;
}

/** The table hands its handlers to the menu items through context (the grid renders the menu). */
export const ColumnToolsContext = createContext<ColumnTools | null>(null);

function Item({ label, icon, onClick }: { label: string; icon: React.ReactNode; onClick(e: React.MouseEvent): void }) {
  return (
    <MenuItem onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

function FilterItems({ colDef, onClick }: GridColumnMenuItemProps) {
  const tools = useContext(ColumnToolsContext);
  if (!tools) return null;
  const run = (f: () => void) => (e: React.MouseEvent) => { onClick(e); f(); };
  return (
    <>
      <Item label="Filter values…" icon={<FilterListIcon fontSize="small" />} onClick={run(() => tools.searchValues(colDef.field))} />
      <Item label="Import filter values…" icon={<PlaylistAddIcon fontSize="small" />} onClick={run(() => tools.importValues(colDef.field))} />
    </>
  );
}

function CopyItems({ colDef, onClick }: GridColumnMenuItemProps) {
  const tools = useContext(ColumnToolsContext);
  if (!tools) return null;
  const copy = (sep: CopySeparator) => (e: React.MouseEvent) => { onClick(e); tools.copyValues(colDef.field, sep); };
  return (
    <>
      <Item label="Copy values (comma)" icon={<ContentCopyIcon fontSize="small" />} onClick={copy('comma')} />
      <Item label="Copy values (space)" icon={<ContentCopyIcon fontSize="small" />} onClick={copy('space')} />
      <Item label="Copy values (new line)" icon={<ContentCopyIcon fontSize="small" />} onClick={copy('newline')} />
    </>
  );
}

export function ColumnMenu(props: GridColumnMenuProps) {
  return (
    <GridColumnMenu
      {...props}
      slots={{
        // The grid's own client-side filter and column-visibility items would bypass the server and
        // the saved settings; the table settings menu and the items below replace them.
        columnMenuFilterItem: null,
        columnMenuColumnsItem: null,
        columnMenuUserItem: FilterItems,
        columnMenuCopyItem: CopyItems,
      }}
      slotProps={{ columnMenuUserItem: { displayOrder: 15 }, columnMenuCopyItem: { displayOrder: 30 } }}
    />
  );
}
