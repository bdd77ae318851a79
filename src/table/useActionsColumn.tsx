/**
 * The rows' edit and delete buttons (docs/table.md, Buttons), only where the user may edit or
 * delete. On a phone (docs/table.md, Phones) they fold into one "Row actions" button (⋮) per row
 * that opens a menu of the same actions, so a record can be edited or deleted from the list there
 * too. Deleting asks through the app's one delete dialog (src/generic/DeleteDialog.tsx).
 */
import { type ReactElement, useMemo, useRef } from 'react';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { type RaRecord, useCanAccess, useCreatePath, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Resource } from '../resources/define';
import type { Row } from './grid-columns';
import { useAskDelete } from '../generic/DeleteDialog';

export interface ActionsColumn {
  column: GridColDef<Row> | null;
  /** The user's rights are still being read: the column may yet appear. */
  pending: boolean;
}

export function useActionsColumn(r: Resource, refetch: () => unknown, folded = false): ActionsColumn {
  const { canAccess: canEdit, isPending: editPending } = useCanAccess({ resource: r.name, action: 'edit' });
  const { canAccess: canDelete, isPending: deletePending } = useCanAccess({ resource: r.name, action: 'delete' });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const askDelete = useAskDelete();
  // The handlers read these through a ref: the column object then changes only with the user's
  // rights, and the grid does not rebuild its columns when a hook returns a new function.
  const deps = useRef({ dataProvider, notify, navigate, createPath, refetch, askDelete });
  deps.current = { dataProvider, notify, navigate, createPath, refetch, askDelete };

  const column = useMemo(() => {
    if (!canEdit && !canDelete) return null;
    const edit = (row: Row) => deps.current.navigate(deps.current.createPath({ resource: r.name, id: row.id, type: 'edit' }));
    const remove = async (row: Row) => {
      if (!(await deps.current.askDelete(r, row as RaRecord))) return;
      const { dataProvider: dp, notify: say, refetch: again } = deps.current;
      try {
        await dp.delete(r.name, { id: row.id, previousData: row });
        say(`${r.label} deleted`, { type: 'info' });
        again();
      } catch (e) {
        say((e as Error).message, { type: 'error' });
      }
    };
    // Room for each button (40 px) and the cell's padding, never less: the icons are not clipped,
    // and with the data columns' widths (column-widths.ts) the column stays in view at 1400 px.
    // Folded, one small button (the grid's own ⋮ of actions shown in a menu) in a phone's tighter
    // cell padding (TableGrid), whatever the actions.
    const item = (key: string, icon: ReactElement, label: string, onClick: () => void) => (folded
      ? <GridActionsCellItem key={key} icon={icon} label={label} showInMenu onClick={onClick} />
      : <GridActionsCellItem key={key} icon={icon} label={label} onClick={onClick} />);
    const width = folded ? 42 : 16 + 40 * ((canEdit ? 1 : 0) + (canDelete ? 1 : 0));
    return {
      field: '__actions', type: 'actions', headerName: '', width, minWidth: width, resizable: false,
      getActions: ({ row }) => [
        ...(canEdit ? [item('edit', <EditIcon />, 'Edit', () => edit(row))] : []),
        ...(canDelete ? [item('delete', <DeleteIcon />, 'Delete', () => void remove(row))] : []),
      ],
    } satisfies GridColDef<Row>;
  }, [r, canEdit, canDelete, folded]);
  return { column, pending: editPending || deletePending };
}
