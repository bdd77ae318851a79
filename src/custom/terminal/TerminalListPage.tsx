/**
 * A terminal v3 list (docs/terminal.md, Screens): the shared table of the screen's resource; rows open the
 * record's terminal route, Create its form where the user may add. The waste-disposal route
 * carries an optional `{entityUUID}`: with one it shows that record.
 */
import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ResourceContextProvider, Title, useCanAccess, useCreatePath } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../routes/define-route';
import { ResourceTable } from '../../table/ResourceTable';
import type { Row } from '../../table/grid-columns';
import { type TerminalScreen, terminalCreatePath, terminalRecordPath } from '../../routes/terminal-screens';
import { getResource } from '../../resources/index';
import { terminalScreenOf } from './useTerminalScreen';
import { TerminalRecord } from './TerminalRecord';

interface ListProps {
  screen: TerminalScreen;
  /** Key of the table's settings (a screen with two tables of one resource keeps them apart). */
  table?: string;
  toolbar?: ReactNode;
  title?: string;
  hideCreate?: boolean;
  /** Bulk selection (ticket list). */
  onSelectionChange?(ids: (string | number)[]): void;
  /** Columns of the table's filter bar (docs/table.md, Filter bar). */
  filterBar?: readonly string[];
}

export function TerminalList({ screen, table, toolbar, title, hideCreate, onSelectionChange, filterBar }: ListProps) {
  const r = getResource(screen.resource);
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { canAccess: canCreate } = useCanAccess({ resource: r.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: r.name, action: 'edit' });
  const open = (row: Row) => navigate(terminalRecordPath(screen, row.id) ?? createPath({ resource: r.name, id: row.id, type: canEdit ? 'edit' : 'show' }));
  const newPath = terminalCreatePath(screen);
  return (
    <ResourceContextProvider value={r.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title={title ?? r.pluralLabel} />
        <ResourceTable
          resource={r.name}
          table={table}
          title={title ?? r.pluralLabel}
          onRowClick={open}
          onSelectionChange={onSelectionChange}
          filterBar={filterBar}
          toolbar={<>{toolbar}{canCreate && newPath && !hideCreate ? <Button component={Link} to={newPath} variant="contained" size="small" startIcon={<AddIcon />}>Create</Button> : null}</>}
        />
      </Box>
    </ResourceContextProvider>
  );
}

export default function TerminalListPage({ params, route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  if (typeof params.entityUUID === 'string') return <TerminalRecord resource={screen.resource} id={params.entityUUID} />;
  return <TerminalList screen={screen} />;
}
