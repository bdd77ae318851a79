/**
 * Generic list page of any declared resource: the shared table (server paging, filters, saved
 * filters, export) with a create button where the user may add records. Rows open the edit page,
 * or the read-only page for users who may not change the resource.
 */
import { type ReactNode, useCallback } from 'react';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useCanAccess, useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ResourceTable } from '../table/ResourceTable';
import { TableButton } from '../table/TableButton';
import type { Row } from '../table/grid-columns';
import type { SelectedFilters } from '../table/filter-state';
import { useDeclaration } from './useDeclaration';

export interface GenericListProps {
  /** The page's title when it is not the resource's plural label (a screen of the route table names it, docs/shell.md, Routes). */
  title?: string;
  initialFilters?: SelectedFilters;
  onFiltersChange?(filters: SelectedFilters): void;
  /** The page's own buttons, after Create. */
  actions?: ReactNode;
  /** Checkboxes on the rows, for the page's bulk buttons. */
  onSelectionChange?(ids: (string | number)[]): void;
  /** False for a second list on a page whose first names it (the app bar shows one title). */
  pageTitle?: boolean;
}

export default function GenericList({ title, initialFilters, onFiltersChange, actions, onSelectionChange, pageTitle = true }: GenericListProps) {
  const r = useDeclaration();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { canAccess: canCreate } = useCanAccess({ resource: r.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: r.name, action: 'edit' });
  const openRow = useCallback(
    (row: Row) => navigate(createPath({ resource: r.name, id: row.id, type: canEdit ? 'edit' : 'show' })),
    [navigate, createPath, r.name, canEdit],
  );
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      {pageTitle && <Title title={title ?? r.pluralLabel} />}
      <ResourceTable
        resource={r.name}
        title={title ?? r.pluralLabel}
        initialFilters={initialFilters}
        onFiltersChange={onFiltersChange}
        onRowClick={openRow}
        onSelectionChange={onSelectionChange}
        toolbar={(
          <>
            {canCreate && <TableButton label="Create" icon={<AddIcon />} tooltip={`Add a ${r.label.toLowerCase()}`} to={createPath({ resource: r.name, type: 'create' })} variant="contained" />}
            {actions}
          </>
        )}
      />
    </Box>
  );
}
