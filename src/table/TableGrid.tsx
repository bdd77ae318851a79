/**
 * The DataGrid of the shared table, in server mode (it shows exactly the rows it is given; paging
 * lives in our footer, sorting and filtering on the server).
 *
 * Why it is memoised and every prop object is stable: the grid compares its props (and the root
 * props its cells read through context) by identity. A new `slots`, `slotProps` or
 * `paginationModel` object on each render of the table made every visible cell re-render on every
 * keystroke, menu open or state change, which cost tens of milliseconds before each request and
 * again after each answer.
 */
import { memo, useMemo, useRef } from 'react';
import { DataGrid, type GridCellParams, type GridColDef, type GridRowSelectionModel, type GridSortModel, type MuiEvent } from '@mui/x-data-grid';
import { Box, LinearProgress } from '@mui/material';
import { ColumnMenu } from './ColumnMenu';
import { EmptyOverlay } from './EmptyOverlay';
import type { Row } from './grid-columns';

export interface CellEvent { field: string; row: Row; x: number; y: number }

export interface TableGridProps {
  rows: Row[];
  columns: GridColDef<Row>[];
  loading: boolean;
  sortModel: GridSortModel;
  onSortModelChange(m: GridSortModel): void;
  onRowClick?(row: Row): void;
  onCellContextMenu(e: CellEvent): void;
  /** Check boxes for choosing rows (e.g. the cars to view in the fleet). */
  selectable?: boolean;
  /** A phone: cells keep less padding, so the key columns show their values whole. */
  compact?: boolean;
  selection?: GridRowSelectionModel;
  onSelectionChange?(m: GridRowSelectionModel): void;
  /** A table inside a record's page (its lines, its periods): as tall as its rows, 3 to 10 of them, not the window. */
  embedded?: boolean;
}

// The grid's own paging is off (hideFooter); it just needs a page at least as large as what it gets.
const PAGINATION = { page: 0, pageSize: 100 };
/**
 * While rows load, a progress bar over them, never the grid's skeleton: its placeholder rows look
 * like rows (and carry the row and cell classes), so a tap on one, on a phone as the list opens,
 * did nothing and had to be repeated once the real rows replaced it (docs/table.md, Phones). The
 * bar is the grid's own look but hidden from screen readers: inside the grid a progress bar is no
 * child its role allows (axe, aria-required-children), and the box around the grid says it is busy instead.
 */
function LoadingBar() {
  return <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />;
}
const SLOTS = { columnMenu: ColumnMenu, noRowsOverlay: EmptyOverlay, loadingOverlay: LoadingBar };
const SX = { border: 0 };
/** The compact density's row and the column header with the grid's edges, in px: an embedded table's height from its rows. */
const ROW_PX = 36;
const FRAME_PX = 60;
const embeddedHeight = (rows: number) => `${Math.min(10, Math.max(3, rows)) * ROW_PX + FRAME_PX}px`;
const WINDOW_HEIGHT = 'max(360px, calc(100vh - 260px))';
/** The row's own controls (its check box and its buttons' column), which keep their own clicks and keys. */
const isRowControl = (field: string) => field === '__actions' || field === '__check__';

const COMPACT_SX = { border: 0, '& .MuiDataGrid-cell:not(.MuiDataGrid-cellCheckbox), & .MuiDataGrid-columnHeader:not(.MuiDataGrid-columnHeaderCheckbox)': { px: '6px' } };
/** The ⋮ button of a row's folded actions (phones) says what it opens. */
const LOCALE_TEXT = { actionsCellMore: 'Row actions' };

function TableGridImpl(p: TableGridProps) {
  // Handlers read the latest props through a ref so the objects handed to the grid never change.
  const latest = useRef(p);
  latest.current = p;
  const slotProps = useMemo(() => ({
    cell: {
      onContextMenu: (e: React.MouseEvent<HTMLDivElement>) => {
        const field = e.currentTarget.getAttribute('data-field');
        const id = e.currentTarget.closest('[data-id]')?.getAttribute('data-id');
        const row = latest.current.rows.find((x) => String(x.id) === id);
        if (!field || !row || isRowControl(field)) return;
        e.preventDefault();
        latest.current.onCellContextMenu({ field, row, x: e.clientX, y: e.clientY });
      },
    },
  }), []);
  const hasRowClick = !!p.onRowClick;
  const onRowClick = useMemo(() => (hasRowClick ? ({ row }: { row: Row }) => latest.current.onRowClick?.(row) : undefined), [hasRowClick]);
  // Enter on a row's cell opens it as a click does: a keyboard user moves through the grid with the
  // arrow keys and has no other way to open a record (the check box and the row's buttons keep their own keys).
  const onCellKeyDown = useMemo(() => (hasRowClick ? (cell: GridCellParams<Row>, e: MuiEvent<React.KeyboardEvent>) => {
    if (e.key !== 'Enter' || isRowControl(cell.field)) return;
    e.defaultMuiPrevented = true;
    latest.current.onRowClick?.(cell.row);
  } : undefined), [hasRowClick]);

  return (
    // A definite height, not one that follows the rows: the grid then renders only the rows in view
    // (virtualised), which is what keeps 100,000 rows responsive. An embedded table holds one page
    // of a record's rows, so it may follow them, within bounds.
    // The grid hands no props but className, style and sx to its root: the box around it says it is busy.
    <Box sx={{ height: p.embedded ? embeddedHeight(p.rows.length) : WINDOW_HEIGHT }} aria-busy={p.loading}>
      <DataGrid<Row>
        rows={p.rows}
        columns={p.columns}
        loading={p.loading}
        density="compact"
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        rowCount={p.rows.length}
        paginationModel={PAGINATION}
        hideFooter
        sortModel={p.sortModel}
        onSortModelChange={p.onSortModelChange}
        checkboxSelection={p.selectable}
        rowSelectionModel={p.selection}
        onRowSelectionModelChange={p.onSelectionChange}
        disableRowSelectionOnClick
        onRowClick={onRowClick}
        onCellKeyDown={onCellKeyDown}
        slots={SLOTS}
        slotProps={slotProps}
        localeText={LOCALE_TEXT}
        sx={p.compact ? COMPACT_SX : SX}
      />
    </Box>
  );
}

export const TableGrid = memo(TableGridImpl);
