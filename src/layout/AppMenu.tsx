/** The side menu, filtered by the user's permissions and menu codes; counts only on wide windows. */
import { Chip, ListSubheader, useMediaQuery } from '@mui/material';
import { Menu, useSidebarState } from 'react-admin';
import { MENU, MENU_COUNT_MIN_WIDTH, type MenuEntry } from '../routes/menu';
import { canReach } from '../routes/guard';
import { buildPath } from '../routes/params';
import { formatQuantity } from '../lib/format';
import { MENU_ICONS } from './menu-icons';
import { useProfile } from './useProfile';
import { useResourceCount } from './useResourceCount';

function Count({ resource }: { resource: string }) {
  const { data } = useResourceCount(resource);
  return data === undefined ? null : <Chip size="small" label={formatQuantity(data)} sx={{ ml: 1, height: 20 }} />;
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

export function AppMenu() {
  const { permissions } = useProfile();
  const [open] = useSidebarState();
  const wide = useMediaQuery(`(min-width:${MENU_COUNT_MIN_WIDTH}px)`);
  if (!permissions) return <Menu />;
  return (
    <Menu>
      {MENU.map((section) => {
        const entries = section.entries.filter((e) => canReach(permissions, e.route.access));
        if (!entries.length) return null;
        return [
          section.label && open ? <ListSubheader key={`h-${section.label}`} sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{section.label}</ListSubheader> : null,
          ...entries.map((e) => <Entry key={e.route.path} entry={e} showCount={wide && open} />),
        ];
      })}
    </Menu>
  );
}
