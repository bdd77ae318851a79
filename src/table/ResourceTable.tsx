/**
 * The shared table (docs/table.md): a server-paged, server-sorted, server-filtered DataGrid of
 * one resource, with the table settings menu, saved filters, include/exclude filters from the cell
 * menu, filter import, export and its own paging footer (15, 25, 50, 100, 500 or all rows).
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GRID_CHECKBOX_SELECTION_COL_DEF, type GridColDef, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { Alert, Box, Paper, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { getResource } from '../resources/index';
import { withAdditionalColumns } from '../resources/additional-values';
import { useAdditionalFields } from '../hooks/useAdditionalFields';
import { recordPathOf } from '../generic/home-paths';
import { fieldLabel } from '../resources/define';
import { type SelectedFilters, importValues, includeOnly, removeColumnFilter, toQuery, toggleValue } from './filter-state';
import { addressable, filtersOfSearch } from './search-filters';
import { type TableQueryState, getListKey, listParams } from './list-params';
import { type Row, cellText, filterValue, gridColumns, showsTime, withRowZone } from './grid-columns';
import { saveFilter, withRowsPerPage } from './table-config';
import { columnText, type CopySeparator } from './copy-column';
import { compactColumns } from './compact-columns';
import { CAR_FIELD } from '../lib/car-value';
import { fleetPath } from './fleet-link';
import { useRefLabels } from './useRefLabels';
import { useCompanyTimeZone } from '../hooks/useCompanyTimeZone';
import { useZoneRules } from '../hooks/useZoneRules';
import { TIME_ZONE_FIELD, rowTimeZone } from '../lib/time-zone';
import { useFilterLabels } from './useFilterLabels';
import { useTableConfig } from './useTableConfig';
import { useColumnSettings } from './useColumnSettings';
import { useActionsColumn } from './useActionsColumn';
import type { AppDataProvider } from '../dataProvider';
import { TableSettingsMenu } from './TableSettingsMenu';
import { SaveFilterDialog } from './SaveFilterDialog';
import { FilterImportDialog } from './FilterImportDialog';
import { ColumnValuesDialog } from './ColumnValuesDialog';
import { CellContextMenu, type CellTarget } from './CellContextMenu';
import { FilterChips } from './FilterChips';
import { FilterBar } from './FilterBar';
import { TableFooter } from './TableFooter';
import { TableButton } from './TableButton';
import { type CellEvent, TableGrid } from './TableGrid';
import { EmptyContext } from './EmptyOverlay';
import { ColumnToolsContext, type ColumnTools } from './ColumnMenu';

export interface ResourceTableProps {
  resource: string;
  /** Key of this table's settings in the profile's ui_config (defaults to the resource name). */
  table?: string;
  title?: string;
  /** The columns this screen shows until the user chooses (default: the resource's list columns), e.g. a register of the same records. */
  columns?: readonly string[];
  /** With `columns`: the key columns a phone shows (default: the resource's `list.compact`). */
  compactColumns?: readonly string[];
  /** Filters the user cannot remove (e.g. the parent record of a sub-list). */
  permanentFilter?: Record<string, unknown>;
  /** The include/exclude filters the table opens with (chips the user can remove), e.g. from a link. Read once, on mount. */
  initialFilters?: SelectedFilters;
  /** Called when the user changes the include/exclude filters (chips, cell menu, saved filters). */
  onFiltersChange?(filters: SelectedFilters): void;
  onRowClick?(row: Row): void;
  /** A row click opens the row's record page (its declared route), when no onRowClick is given. */
  opensRecords?: boolean;
  /** Shown by default (disabled when the rows have no car); null hides it. */
  onViewInFleet?: ((rows: Row[]) => void) | null;
  onTrace?: ((rows: Row[]) => void) | null;
  extraSettings?: (close: () => void) => ReactNode;
  toolbar?: ReactNode;
  /** Columns the screen offers in a filter bar beside the menus (docs/table.md, Filter bar); they edit the table's filters. */
  filterBar?: readonly string[];
  /** Bulk selection: checkboxes on the rows; called with the selected ids of the current page. */
  onSelectionChange?(ids: (string | number)[]): void;
  /** Inside a record's page: as tall as its rows (TableGrid). */
  embedded?: boolean;
}

const DEFAULT_ROWS = 25;
/** On a phone, the check box column at the box's own size. */
const PHONE_CHECKBOXES: GridColDef<Row> = { ...GRID_CHECKBOX_SELECTION_COL_DEF, width: 40, minWidth: 40 };
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The rows a selection model picks out of the rows in view. */
function selectedRows(rows: Row[], m: GridRowSelectionModel): Row[] {
  return rows.filter((row) => (m.type === 'include' ? m.ids.has(row.id) : !m.ids.has(row.id)));
}

/**
 * A table's state (sort, page, filters, search, selection, settings) belongs to that table: a page
 * that shows another resource or table in the same place gets a table of its own rather than the
 * previous one's state (docs/table.md, Table state).
 */
export function ResourceTable(p: ResourceTableProps) {
  return <Table key={`${p.resource}\u0000${p.table ?? ''}`} {...p} />;
}

function Table(p: ResourceTableProps) {
  // The company's own fields are columns too (docs/audit.md, Additional fields): the rows are asked for once they are known.
  const { resource: r, ready } = useAdditionalFields(getResource(p.resource));
  const table = p.table ?? r.name;
  const { config, save } = useTableConfig(table);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const cols = useColumnSettings(r, config, save, p.columns);
  const { visible } = cols;

  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(config.paginationSettings?.rowsPerPage ?? DEFAULT_ROWS);
  // The list's own order shows on its column; when that column is hidden the grid would drop the
  // sort (and ask again), so the table starts unsorted: no ordering is the same default order.
  const [sortModel, setSortModel] = useState<GridSortModel>(() => {
    const first = r.list.ordering[0] ?? 'id';
    const field = first.replace(/^-/, '');
    return visible.includes(field) ? [{ field, sort: first.startsWith('-') ? 'desc' : 'asc' }] : [];
  });
  // A table opened from a link takes the filters its address names (a dashboard figure's table), unless the page gives its own.
  const [filters, setFilters] = useState<SelectedFilters>(() => p.initialFilters ?? filtersOfSearch(window.location.search, addressable(r)));
  const { onFiltersChange } = p;
  const [filterName, setFilterName] = useState<string | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [menuCell, setMenuCell] = useState<CellTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [searching, setSearching] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);

  // Times are shown in the row's own zone where the resource declares one (docs/architecture.md, Time zones).
  const companyZone = useCompanyTimeZone();
  const fields = useMemo(() => withRowZone(r, visible.filter((c) => c !== 'id')), [r, visible]);
  const queryState: TableQueryState = { page, rowsPerPage, sortModel, filters, search };
  const params = listParams(queryState, fields, p.permanentFilter);
  const { filter, sort } = params;
  const { data, total, meta, isPending, error, refetch } = useGetList<Row>(r.name, params, {
    enabled: ready,
    placeholderData: (previous) => previous,
    // Comparing 100,000 new rows with the previous answer to reuse unchanged objects costs more
    // than it saves: every answer is a new page anyway.
    structuralSharing: false,
  });

  // Ask for the next rows as soon as the user acts, with the key useGetList reads after the render.
  const queryClient = useQueryClient();
  const latest = useRef({ queryState, fields, permanentFilter: p.permanentFilter });
  latest.current = { queryState, fields, permanentFilter: p.permanentFilter };
  const prefetch = useCallback((change: Partial<TableQueryState>) => {
    const { queryState: now, fields: f, permanentFilter } = latest.current;
    const next = listParams({ ...now, ...change }, f, permanentFilter);
    void queryClient.prefetchQuery({
      queryKey: getListKey(r.name, next),
      queryFn: () => dataProvider.getList<Row>(r.name, next).then(({ data: d, total: t, pageInfo, meta }) => ({ data: d, total: t, pageInfo, meta })),
    });
  }, [queryClient, dataProvider, r.name]);

  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const t = setTimeout(() => {
      if (searchInput !== latest.current.queryState.search) prefetch({ search: searchInput, page: 0 });
      setSearch(searchInput);
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [searchInput, prefetch]);
  const rows = useMemo(() => (data ?? []).map(withAdditionalColumns), [data]);
  const labels = useRefLabels(r, visible, rows);
  // The server's rules for the zones of the times in view, so cells read as the PDF and the CSV do.
  const rowZones = useMemo(() => (showsTime(r, visible) ? [companyZone, ...rows.map((row) => row[TIME_ZONE_FIELD])] : []), [r, visible, rows, companyZone]);
  const zonesReady = useZoneRules(rowZones);
  const filterText = useFilterLabels(r, filters, labels);

  const changeFilters = useCallback((next: SelectedFilters, name: string | null = null) => {
    prefetch({ filters: next, page: 0 });
    setFilters(next);
    setFilterName(name);
    setPage(0);
    onFiltersChange?.(next);
  }, [prefetch, onFiltersChange]);
  const onSortModelChange = useCallback((m: GridSortModel) => { prefetch({ sortModel: m, page: 0 }); setSortModel(m); setPage(0); }, [prefetch]);
  const onCellContextMenu = useCallback((e: CellEvent) => {
    setMenuCell({ column: e.field, value: filterValue(e.row[e.field], e.field), x: e.x, y: e.y });
  }, []);
  const onRowClick = p.onRowClick ?? (p.opensRecords ? (row: Row) => { const to = recordPathOf(r.name, String(row.id)); if (to) navigate(to); } : undefined);

  const tools: ColumnTools = useMemo(() => ({
    searchValues: setSearching,
    importValues: setImporting,
    copyValues: (field: string, sep: CopySeparator) => {
      const text = columnText(rows.map((row) => cellText(field, r.fields[field], row[field], labels[field], rowTimeZone(row, companyZone))), sep);
      navigator.clipboard.writeText(text)
        .then(() => notify(`Copied ${rows.length} value${rows.length === 1 ? '' : 's'}`, { type: 'info' }))
        .catch(() => notify('The browser did not allow copying to the clipboard.', { type: 'error' }));
    },
  }), [rows, r, labels, notify, companyZone]);

  const hasCar = CAR_FIELD in r.fields;
  // Check boxes when the screen acts on chosen rows (bulk actions) or the rows carry cars (View in fleet).
  const selectable = hasCar || !!p.onSelectionChange;
  // A phone shows the key columns only (docs/table.md, Phones).
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { column: actions, pending: actionsPending } = useActionsColumn(r, refetch, phone);
  const shown = useMemo(() => (phone ? compactColumns(r, visible, p.compactColumns) : visible), [phone, r, visible, p.compactColumns]);
  const columns: GridColDef<Row>[] = useMemo(() => {
    const all = gridColumns(r, shown, labels, companyZone);
    // On a phone the few key columns share the width instead of scrolling sideways; a tap on a row
    // opens the record, and the row's edit and delete wait behind its ⋮ button.
    if (!phone) return actions ? [...all, actions] : all;
    // The check boxes and the ⋮ take no more room than they need: a ticket number, a date and a
    // status still show whole beside them at 390 px.
    const fitted = all.map((col) => ({ ...col, flex: 1, minWidth: 72 }));
    return [...(selectable ? [PHONE_CHECKBOXES] : []), ...fitted, ...(actions ? [actions] : [])];
    // zonesReady: the zones' rules (kept outside React) came in, so the cells are written again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [r, shown, labels, actions, phone, companyZone, zonesReady, selectable]);

  const filtered = Object.keys(filters).length > 0 || !!search;
  const empty = useMemo(() => ({
    label: r.pluralLabel, filtered, onClear: () => { changeFilters({}); setSearchInput(''); },
  }), [r, filtered, changeFilters]);

  const savedFilters = (config.filters ?? []).map((f) => f.label);
  const onSelection = (m: GridRowSelectionModel) => {
    setSelection(m);
    p.onSelectionChange?.(selectedRows(rows, m).map((x) => x.id));
  };
  // View in fleet takes the checked rows, or every row in view when none is checked.
  const fleetRows = () => {
    const chosen = selectedRows(rows, selection);
    return chosen.length ? chosen : rows;
  };
  const viewInFleet = p.onViewInFleet === null ? null
    : p.onViewInFleet ? () => p.onViewInFleet!(fleetRows())
    : hasCar ? () => navigate(fleetPath(fleetRows(), labels[CAR_FIELD]))
    : undefined;

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
    // minWidth 0: the table never widens the page; the grid scrolls inside, the toolbar wraps.
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, px: 1, py: 0.5 }}>
        {p.title && <Typography variant="h6" component="h2" sx={{ mr: 1 }}>{p.title}</Typography>}
        {r.list.search.length > 0 && (
          <TextField size="small" label="Search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} sx={{ width: 240 }} />
        )}
        <Box sx={{ flex: 1 }} />
        {p.toolbar}
        <TableButton label="Export" icon={<FileDownloadIcon />} tooltip="Download these rows as CSV (visible columns)" loading={exporting} onClick={exportCsv} />
        <TableSettingsMenu
          columns={cols.order.map((field) => ({ field, label: fieldLabel(r, field) }))}
          visible={visible}
          onToggleAll={cols.toggleAll}
          onToggleColumn={cols.toggleColumn}
          onMoveColumn={cols.move}
          savedFilters={savedFilters}
          selectedFilter={filterName}
          onApplyFilter={(name) => {
            const saved = config.filters?.find((f) => f.label === name);
            if (saved) changeFilters(saved.filter, name);
          }}
          onSaveFilter={() => setSaving(true)}
          onExport={exportCsv}
          onViewInFleet={viewInFleet}
          onTrace={p.onTrace ? () => p.onTrace!(rows) : null}
          extra={p.extraSettings}
        />
        {/* A row of its own under the title and the menus, right above the columns. */}
        {p.filterBar && <Box sx={{ flexBasis: '100%' }}><FilterBar r={r} fields={p.filterBar} filters={filters} onChange={changeFilters} valueText={filterText} /></Box>}
      </Stack>
      <FilterChips filters={filters} labelOf={(c) => fieldLabel(r, c)} valueText={filterText} onRemove={(c) => changeFilters(removeColumnFilter(filters, c))} />
      {error && <Alert severity="error">{error.message}</Alert>}
      <ColumnToolsContext.Provider value={tools}>
        <EmptyContext.Provider value={empty}>
          <TableGrid
            rows={rows}
            columns={columns}
            // Rows show once their columns are settled (the row buttons depend on the user's rights),
            // so a row never moves or changes under a tap (docs/table.md, Phones).
            loading={isPending || actionsPending}
            sortModel={sortModel}
            onSortModelChange={onSortModelChange}
            onRowClick={onRowClick}
            onCellContextMenu={onCellContextMenu}
            selectable={selectable}
            compact={phone}
            embedded={p.embedded}
            selection={selectable ? selection : undefined}
            onSelectionChange={selectable ? onSelection : undefined}
          />
        </EmptyContext.Provider>
      </ColumnToolsContext.Provider>
      <TableFooter
        page={page}
        rowsPerPage={rowsPerPage}
        total={total ?? rows.length}
        estimated={Boolean((meta as { countIsEstimate?: boolean } | undefined)?.countIsEstimate)}
        onPage={(n) => { prefetch({ page: n }); setPage(n); }}
        onRowsPerPage={(n) => {
          prefetch({ rowsPerPage: n, page: 0 });
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
