/**
 * The shared table (spec 01 §2, §4, §5): a server-paged, server-sorted, server-filtered DataGrid of
 * one resource, with the table settings menu, saved filters, include/exclude filters from the cell
 * menu, filter import, export and its own paging footer (15, 25, 50, 100, 500 or all rows).
 */
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCanAccess, useCreatePath, useDataProvider, useGetList, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { getResource } from '../resources/index';
import { fieldLabel } from '../resources/define';
import { type SelectedFilters, importValues, includeOnly, removeColumnFilter, toQuery, toggleValue } from './filter-state';
import { keepKnown, toggleAll, toggleColumn } from './columns';
import { type Row, displayValue, filterValue, gridColumns, pickableColumns } from './grid-columns';
import { saveFilter, withRowsPerPage } from './table-config';
import { columnText, type CopySeparator } from './copy-column';
import { useRefLabels } from './useRefLabels';
import { useTableConfig } from './useTableConfig';
import type { AppDataProvider } from '../dataProvider';
import { TableSettingsMenu } from './TableSettingsMenu';
import { SaveFilterDialog } from './SaveFilterDialog';
import { FilterImportDialog } from './FilterImportDialog';
import { ColumnValuesDialog } from './ColumnValuesDialog';
import { CellContextMenu, type CellTarget } from './CellContextMenu';
import { FilterChips } from './FilterChips';
import { TableFooter } from './TableFooter';
import { ColumnMenu, ColumnToolsContext, type ColumnTools } from './ColumnMenu';

export interface ResourceTableProps {
  resource: string;
  /** Key of this table's settings in the profile's ui_config (defaults to the resource name). */
  table?: string;
  title?: string;
  /** Filters the user cannot remove (e.g. the parent record of a sub-list). */
  permanentFilter?: Record<string, unknown>;
  onRowClick?(row: Row): void;
  /** Shown by default (disabled when the rows have no car); null hides it. */
  onViewInFleet?: ((rows: Row[]) => void) | null;
  onTrace?: ((rows: Row[]) => void) | null;
  extraSettings?: (close: () => void) => ReactNode;
  toolbar?: ReactNode;
  /** Bulk selection: checkboxes on the rows; called with the selected ids of the current page. */
  onSelectionChange?(ids: (string | number)[]): void;
}

const DEFAULT_ROWS = 25;

export function ResourceTable(p: ResourceTableProps) {
  const r = getResource(p.resource);
  const table = p.table ?? r.name;
  const { config, save } = useTableConfig(table);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { canAccess: canEdit } = useCanAccess({ resource: r.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: r.name, action: 'delete' });

  const all = useMemo(() => pickableColumns(r), [r]);
  const visible = useMemo(() => {
    const chosen = config.columns ? keepKnown(config.columns, all) : r.list.columns;
    const order = config.order ? keepKnown(config.order, all) : [];
    return [...order.filter((c) => chosen.includes(c)), ...chosen.filter((c) => !order.includes(c))];
  }, [config.columns, config.order, all, r]);

  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(config.paginationSettings?.rowsPerPage ?? DEFAULT_ROWS);
  const [sortModel, setSortModel] = useState<GridSortModel>(() => {
    const first = r.list.ordering[0] ?? 'id';
    return [{ field: first.replace(/^-/, ''), sort: first.startsWith('-') ? 'desc' : 'asc' }];
  });
  const [filters, setFilters] = useState<SelectedFilters>({});
  const [filterName, setFilterName] = useState<string | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const t = setTimeout(() => { setSearch(searchInput); setPage(0); }, 300);
    return () => clearTimeout(t);
  }, [searchInput]);
  const [menuCell, setMenuCell] = useState<CellTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [searching, setSearching] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const filter = useMemo(() => ({ ...toQuery(filters), ...(search.trim() ? { q: search.trim() } : {}), ...p.permanentFilter }), [filters, search, p.permanentFilter]);
  const sort = sortModel[0] ? { field: sortModel[0].field, order: sortModel[0].sort === 'desc' ? 'DESC' as const : 'ASC' as const } : undefined;
  const { data, total, isPending, error, refetch } = useGetList<Row>(
    r.name,
    // Only the visible columns travel: an all-rows answer of a wide table is several times smaller.
    { pagination: { page: page + 1, perPage: rowsPerPage }, sort, filter, meta: { fields: visible.filter((c) => c !== 'id') } },
    { placeholderData: (previous) => previous },
  );
  const rows = useMemo(() => data ?? [], [data]);
  const labels = useRefLabels(r, visible, rows);

  const changeFilters = useCallback((next: SelectedFilters, name: string | null = null) => {
    setFilters(next);
    setFilterName(name);
    setPage(0);
  }, []);

  const tools: ColumnTools = useMemo(() => ({
    searchValues: setSearching,
    importValues: setImporting,
    copyValues: (field: string, sep: CopySeparator) => {
      const text = columnText(rows.map((row) => displayValue(r.fields[field], row[field], labels[field])), sep);
      navigator.clipboard.writeText(text)
        .then(() => notify(`Copied ${rows.length} value${rows.length === 1 ? '' : 's'}`, { type: 'info' }))
        .catch(() => notify('The browser did not allow copying to the clipboard.', { type: 'error' }));
    },
  }), [rows, r, labels, notify]);

  const columns: GridColDef<Row>[] = useMemo(() => {
    const cols = gridColumns(r, visible, labels);
    if (!canEdit && !canDelete) return cols;
    return [...cols, {
      field: '__actions', type: 'actions', headerName: '', width: 90,
      getActions: ({ row }) => [
        ...(canEdit ? [<GridActionsCellItem key="edit" icon={<EditIcon />} label="Edit" onClick={() => navigate(createPath({ resource: r.name, id: row.id, type: 'edit' }))} />] : []),
        ...(canDelete ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label="Delete" onClick={async () => {
          if (!window.confirm(`Delete this ${r.label.toLowerCase()}?`)) return;
          try {
            await dataProvider.delete(r.name, { id: row.id, previousData: row });
            notify(`${r.label} deleted`, { type: 'info' });
            refetch();
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          }
        }} />] : []),
      ],
    }];
  }, [r, visible, labels, canEdit, canDelete, navigate, createPath, dataProvider, notify, refetch]);

  const setColumns = (next: string[]) => save({ ...config, columns: next, order: next });
  const savedFilters = (config.filters ?? []).map((f) => f.label);
  const hasCar = 'car' in r.fields;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await dataProvider.downloadTable(r.name, { columns: visible, filter, sort });
    } catch {
      notify('Browser denied file download...', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 0.5 }}>
        {p.title && <Typography variant="h6" sx={{ mr: 1 }}>{p.title}</Typography>}
        {r.list.search.length > 0 && (
          <TextField size="small" label="Search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} sx={{ width: 240 }} />
        )}
        <Box sx={{ flex: 1 }} />
        {p.toolbar}
        {exporting && <Typography variant="body2">Exporting…</Typography>}
        <TableSettingsMenu
          columns={all.map((field) => ({ field, label: fieldLabel(r, field) }))}
          visible={visible}
          onToggleAll={() => setColumns(toggleAll(visible, all))}
          onToggleColumn={(field) => setColumns(toggleColumn(visible, all, field))}
          savedFilters={savedFilters}
          selectedFilter={filterName}
          onApplyFilter={(name) => {
            const saved = config.filters?.find((f) => f.label === name);
            if (saved) changeFilters(saved.filter, name);
          }}
          onSaveFilter={() => setSaving(true)}
          onExport={exportCsv}
          onViewInFleet={p.onViewInFleet === null ? null : p.onViewInFleet ? () => p.onViewInFleet!(rows) : hasCar ? () => navigate(`/company/fleet/cars/table/?car=${rows.map((x) => x.car).join(',')}`) : undefined}
          onTrace={p.onTrace ? () => p.onTrace!(rows) : null}
          extra={p.extraSettings}
        />
      </Stack>
      <FilterChips filters={filters} labelOf={(c) => fieldLabel(r, c)} onRemove={(c) => changeFilters(removeColumnFilter(filters, c))} />
      {error && <Alert severity="error">{error.message}</Alert>}
      <ColumnToolsContext.Provider value={tools}>
        {/* A definite height, not one that follows the rows: the grid then renders only the rows in
            view (virtualised), which is what keeps 100,000 rows responsive. */}
        <Box sx={{ height: 'max(360px, calc(100vh - 260px))' }}>
          <DataGrid<Row>
            rows={rows}
            columns={columns}
            loading={isPending}
            density="compact"
            // Server mode: the grid shows exactly the rows it is given; paging lives in our footer.
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            rowCount={rows.length}
            paginationModel={{ page: 0, pageSize: 100 }}
            hideFooter
            sortModel={sortModel}
            onSortModelChange={(m) => { setSortModel(m); setPage(0); }}
            disableRowSelectionOnClick
            checkboxSelection={!!p.onSelectionChange}
            onRowSelectionModelChange={p.onSelectionChange ? (m) => {
              // "Select all" arrives as an exclude-list over the rows on the page.
              p.onSelectionChange!(m.type === 'include' ? [...m.ids] as (string | number)[] : rows.filter((x) => !m.ids.has(x.id)).map((x) => x.id));
            } : undefined}
            onRowClick={p.onRowClick ? ({ row }) => p.onRowClick!(row) : undefined}
            slots={{ columnMenu: ColumnMenu, noRowsOverlay: () => <EmptyState label={r.pluralLabel} filtered={Object.keys(filters).length > 0 || !!search} onClear={() => { changeFilters({}); setSearchInput(''); }} /> }}
            slotProps={{
              cell: {
                onContextMenu: (e: React.MouseEvent<HTMLDivElement>) => {
                  const field = e.currentTarget.getAttribute('data-field');
                  const id = e.currentTarget.closest('[data-id]')?.getAttribute('data-id');
                  const row = rows.find((x) => String(x.id) === id);
                  if (!field || !row || field === '__actions') return;
                  e.preventDefault();
                  setMenuCell({ column: field, value: filterValue(row[field]), x: e.clientX, y: e.clientY });
                },
              },
            }}
            sx={{ border: 0 }}
          />
        </Box>
      </ColumnToolsContext.Provider>
      <TableFooter
        page={page}
        rowsPerPage={rowsPerPage}
        total={total ?? rows.length}
        onPage={setPage}
        onRowsPerPage={(n) => {
          setRowsPerPage(n);
          setPage(0);
          const next = withRowsPerPage(config, n);
          if (next) save(next);
        }}
      />
      <CellContextMenu
        target={menuCell}
        onClose={() => setMenuCell(null)}
        onToggle={(t) => changeFilters(toggleValue(filters, t.column, t.value))}
        onIncludeOnly={(t) => changeFilters(includeOnly(t.column, t.value))}
      />
      <SaveFilterDialog
        open={saving}
        initialName={filterName ?? ''}
        existingNames={savedFilters}
        onCancel={() => setSaving(false)}
        onSave={async (name) => {
          setSaving(false);
          await save(saveFilter(config, name, filters));
          setFilterName(name);
          notify('Filter saved', { type: 'success' });
        }}
      />
      <FilterImportDialog
        open={importing !== null}
        onCancel={() => setImporting(null)}
        onImport={(values, only) => { changeFilters(importValues(filters, importing!, values, only)); setImporting(null); }}
      />
      <ColumnValuesDialog
        resource={r.name}
        column={searching ? { field: searching, label: fieldLabel(r, searching) } : null}
        filters={filters}
        otherFilters={{ ...toQuery(removeColumnFilter(filters, searching ?? '')), ...p.permanentFilter }}
        onToggle={(field, value) => changeFilters(toggleValue(filters, field, value))}
        onClose={() => setSearching(null)}
      />
    </Paper>
  );
}

function EmptyState({ label, filtered, onClear }: { label: string; filtered: boolean; onClear(): void }) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <Typography color="text.secondary">{filtered ? `No ${label.toLowerCase()} match these filters.` : `No ${label.toLowerCase()} yet.`}</Typography>
      {filtered && <Button size="small" onClick={onClear}>Clear filters</Button>}
    </Stack>
  );
}
