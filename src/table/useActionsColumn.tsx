/** The rows' edit and delete buttons (docs/table.md, Buttons), only where the user may edit or delete. */
import { useMemo, useRef } from 'react';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { type RaRecord, useCanAccess, useCreatePath, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Resource } from '../resources/define';
import type { Row } from './grid-columns';
import { useAskDelete } from '../generic/DeleteDialog';

export function useActionsColumn(r: Resource, refetch: () => unknown): GridColDef<Row> | null {
  const { canAccess: canEdit } = useCanAccess({ resource: r.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: r.name, action: 'delete' });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const askDelete = useAskDelete();
  // The handlers read these through a ref: the column object then changes only with the user's
  // rights, and the grid does not rebuild its columns when a hook returns a new function.
  const deps = useRef({ dataProvider, notify, navigate, createPath, refetch, askDelete });
  deps.current = { dataProvider, notify, navigate, createPath, refetch, askDelete };

  return useMemo(() => {
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
    const width = 16 + 40 * ((canEdit ? 1 : 0) + (canDelete ? 1 : 0));
    return {
      field: '__actions', type: 'actions', headerName: '', width, minWidth: width, resizable: false,
      getActions: ({ row }) => [
        ...(canEdit ? [<GridActionsCellItem key="edit" icon={<EditIcon />} label="Edit" onClick={() => edit(row)} />] : []),
        ...(canDelete ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label="Delete" onClick={() => remove(row)} />] : []),
      ],
    } satisfies GridColDef<Row>;
  }, [r, canEdit, canDelete]);
}
