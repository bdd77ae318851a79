/**
 * `v3/product/` (the table by default, with a toggle to the tree), `v3/product/table/` (the shared
 * table) and `v3/product/tree/` (products grouped by product type).
 */
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRows';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { TB } from '../../../routes/terminal-screens';
import { TerminalList } from '../TerminalListPage';
import { terminalScreenOf } from '../useTerminalScreen';
import { ProductTree } from './ProductTree';

/**
 * The two views are pages, so the buttons are links: the one shown is the current page
 * (`aria-current`), not a pressed button (`aria-pressed` is not allowed on a link).
 */
function ViewToggle({ view }: { view: 'table' | 'tree' }) {
  const current = (v: typeof view) => ({ 'aria-pressed': undefined, 'aria-current': view === v ? ('page' as const) : undefined });
  return (
    <ToggleButtonGroup size="small" value={view} exclusive aria-label="Product view">
      <ToggleButton value="table" component={Link} to={`/${TB}/v3/product/table/`} aria-label="Table" {...current('table')}><TableRowsIcon fontSize="small" /></ToggleButton>
      <ToggleButton value="tree" component={Link} to={`/${TB}/v3/product/tree/`} aria-label="Tree" {...current('tree')}><AccountTreeIcon fontSize="small" /></ToggleButton>
    </ToggleButtonGroup>
  );
}

export default function ProductsPage({ route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  const view = route.path.endsWith('/tree/') ? 'tree' : 'table';
  if (view === 'tree') {
    return (
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <ProductTree toggle={<ViewToggle view="tree" />} />
      </Box>
    );
  }
  return <TerminalList screen={screen} title="Products" toolbar={<ViewToggle view="table" />} />;
}
