/**
 * The side menu of the signed-in user (docs/shell.md, Navigation), as visible-menu.ts derives it from
 * the menu's declarations and the user's permissions. Sections fold so a user with access to
 * everything still sees a short menu: the section holding the current page starts open, and each
 * section remembers the user's choice. Screens not built yet sit in the folded "Planned" section,
 * muted and labelled "soon". Counts show only on wide windows.
 */
import { Box, Chip, Collapse, ListItemButton, ListItemText, Typography, useMediaQuery } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu, useSidebarState, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MENU_COUNT_MIN_WIDTH } from '../routes/menu';
import { PLANNED_SECTION, type ShownEntry, type ShownSection, visibleMenu } from '../routes/visible-menu';
import { useIsBuilt } from '../routes/built-pages';
import { formatQuantity } from '../lib/format';
import { MENU_ICONS } from './menu-icons';
import { useProfile } from '../hooks/useProfile';
import { useResourceCount } from '../hooks/useResourceCount';

function Count({ resource }: { resource: string }) {
  const { data } = useResourceCount(resource);
  return data === undefined ? null : <Chip size="small" label={formatQuantity(data)} sx={{ ml: 1, height: 20 }} data-testid={`menu-count-${resource}`} />;
}

/** A planned entry: muted, with the area it belongs to (labels such as "Locations" repeat across areas) and "soon". */
function PlannedText({ entry }: { entry: ShownEntry }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.disabled' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap>{entry.label}</Typography>
        {entry.area && <Typography variant="caption" noWrap component="div" sx={{ lineHeight: 1.2 }}>{entry.area}</Typography>}
      </Box>
      <Chip size="small" label="soon" variant="outlined" sx={{ height: 18, fontSize: 11, color: 'text.disabled', ml: 'auto' }} />
    </Box>
  );
}

function Entry({ entry, showCount }: { entry: ShownEntry; showCount: boolean }) {
  return (
    <Menu.Item
      to={entry.to}
      primaryText={entry.planned ? <PlannedText entry={entry} /> : <>{entry.label}{showCount && entry.count ? <Count resource={entry.count} /> : null}</>}
      leftIcon={MENU_ICONS[entry.icon]}
      sx={entry.planned ? { '& .MuiListItemIcon-root': { color: 'text.disabled' } } : undefined}
      data-testid={`menu-${entry.to}`}
      data-planned={entry.planned ? 'true' : undefined}
    />
  );
}

function Section({ section, showCount }: { section: ShownSection & { label: string }; showCount: boolean }) {
  const { pathname } = useLocation();
  const holdsCurrent = section.entries.some((e) => pathname.startsWith(e.to));
  const [stored, setOpen] = useStore<boolean | null>(`menu.section.${section.label}`, null);
  const open = stored ?? (holdsCurrent || section.open);
  return (
    <>
      {/* The side menu is a menu (react-admin's): a heading that folds its section is one of its items, not a button inside it. */}
      <ListItemButton dense role="menuitem" onClick={() => setOpen(!open)} sx={{ py: 0.25 }} aria-expanded={open} data-testid={`menu-section-${section.label}`}>
        <ListItemText primary={section.label} slotProps={{ primary: { variant: 'overline', color: 'text.secondary', sx: { lineHeight: 2 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {section.entries.map((e) => <Entry key={e.to} entry={e} showCount={showCount} />)}
      </Collapse>
    </>
  );
}

export function AppMenu() {
  const { permissions } = useProfile();
  const isBuilt = useIsBuilt();
  const [sidebarOpen] = useSidebarState();
  const wide = useMediaQuery(`(min-width:${MENU_COUNT_MIN_WIDTH}px)`);
  if (!permissions) return <Menu />;
  const sections = visibleMenu(permissions, isBuilt);
  const showCount = wide && sidebarOpen;
  return (
    <Menu>
      {sections.map((section) => {
        // With the drawer folded to icons there are no headings: every built entry, and no planned ones.
        if (!sidebarOpen) return section.label === PLANNED_SECTION ? null : section.entries.map((e) => <Entry key={e.to} entry={e} showCount={false} />);
        if (!section.label) return section.entries.map((e) => <Entry key={e.to} entry={e} showCount={showCount} />);
        return <Section key={section.label} section={{ ...section, label: section.label }} showCount={showCount} />;
      })}
    </Menu>
  );
}
