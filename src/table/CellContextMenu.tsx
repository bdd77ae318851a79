/** Right-click on a cell (docs/table.md, Filters): "Add this to filter" and "Include ONLY this". */
import { Menu, MenuItem } from '@mui/material';

export interface CellTarget { column: string; value: string; x: number; y: number }

export function CellContextMenu({ target, onClose, onToggle, onIncludeOnly }: {
  target: CellTarget | null;
  onClose(): void;
  onToggle(t: CellTarget): void;
  onIncludeOnly(t: CellTarget): void;
}) {
  return (
    <Menu
      open={target !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.y, left: target.x } : undefined}
    >
      <MenuItem onClick={() => { onToggle(target!); onClose(); }}>Add this to filter</MenuItem>
      <MenuItem onClick={() => { onIncludeOnly(target!); onClose(); }}>Include ONLY this</MenuItem>
    </Menu>
  );
}
