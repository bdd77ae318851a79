/**
 * The side menu, filtered by the user's permissions and menu codes. Sections fold so a user with
 * access to everything still sees a short menu: the section holding the current page starts open,
 * and each section remembers the user's choice. Counts show only on wide windows.
 */
import { Chip, Collapse, ListItemButton, ListItemText, useMediaQuery } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu, useSidebarState, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MENU, MENU_COUNT_MIN_WIDTH, type MenuEntry, type MenuSection } from '../routes/menu';
import { canReach } from '../routes/guard';
import { buildPath } from '../routes/params';
import { formatQuantity } from '../lib/format';
import { MENU_ICONS } from './menu-icons';
import { useProfile } from '../hooks/useProfile';
import { useResourceCount } from '../hooks/useResourceCount';

function Count({ resource }: { resource: string }) {
  const { data } = useResourceCount(resource);
  return data === undefined ? null : <Chip size="small" label={formatQuantity(data)} sx={{ ml: 1, height: 20 }} data-testid={`menu-count-${resource}`} />;
}

function Entry({ entry, showCount }: { entry: MenuEntry; showCount: boolean }) {
  const label = entry.label ?? entry.route.label;
  const to = buildPath(entry.route.path);
  return (
    <Menu.Item
      to={to}
      primaryText={<>{label}{showCount && entry.count ? <Count resource={entry.count} /> : null}</>}
      leftIcon={MENU_ICONS[entry.icon]}
      data-testid={`menu-${to}`}
    />
  );
}

function Section({ section, entries, showCount }: { section: MenuSection & { label: string }; entries: MenuEntry[]; showCount: boolean }) {
  const { pathname } = useLocation();
  const holdsCurrent = entries.some((e) => e.route.path && pathname.startsWith(buildPath(e.route.path)));
  const [stored, setOpen] = useStore<boolean | null>(`menu.section.${section.label}`, null);
  const [sidebarOpen] = useSidebarState();
  const open = stored ?? (holdsCurrent || !!section.open);
  // With the drawer folded to icons there are no headings: show every entry.
  if (!sidebarOpen) return <>{entries.map((e) => <Entry key={e.route.path} entry={e} showCount={false} />)}</>;
  return (
    <>
      <ListItemButton dense onClick={() => setOpen(!open)} sx={{ py: 0.25 }} aria-expanded={open}>
        <ListItemText primary={section.label} slotProps={{ primary: { variant: 'overline', color: 'text.secondary', sx: { lineHeight: 2 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {entries.map((e) => <Entry key={e.route.path} entry={e} showCount={showCount} />)}
      </Collapse>
    </>
  );
}

export function AppMenu() {
  const { permissions } = useProfile();
  const [sidebarOpen] = useSidebarState();
  const wide = useMediaQuery(`(min-width:${MENU_COUNT_MIN_WIDTH}px)`);
  if (!permissions) return <Menu />;
  const showCount = wide && sidebarOpen;
  return (
    <Menu>
      {MENU.map((section) => {
        const entries = section.entries.filter((e) => canReach(permissions, e.route.access));
        if (!entries.length) return null;
        if (!section.label) return entries.map((e) => <Entry key={e.route.path} entry={e} showCount={showCount} />);
        return <Section key={section.label} section={{ ...section, label: section.label }} entries={entries} showCount={showCount} />;
      })}
    </Menu>
  );
}
