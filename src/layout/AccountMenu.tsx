/**
 * The app bar's actions on narrow windows, folded into one menu (docs/shell.md, Small screens): who is
 * signed in, the company (and the switch between companies), dark mode, refresh, the profile, the
 * build label and Logout. On a phone the bar has room for the menu button, the title and this only.
 */
import { type ReactElement, useState } from 'react';
import { Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BusinessIcon from '@mui/icons-material/Business';
import CheckIcon from '@mui/icons-material/Check';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import RefreshIcon from '@mui/icons-material/Refresh';
import PersonIcon from '@mui/icons-material/Person';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { useLogout, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { BUILD_LABEL } from '../lib/app-version';
import { useProfile } from '../hooks/useProfile';
import { useCompanySwitch } from './CompanySwitcher';
import { useDarkMode } from './DarkMode';

export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { permissions } = useProfile();
  const { company, companies, busy, change } = useCompanySwitch();
  const { dark, toggle } = useDarkMode();
  const refresh = useRefresh();
  const logout = useLogout();
  const close = () => setAnchor(null);
  const then = (act: () => unknown) => () => { close(); void act(); };

  // MUI's Menu takes its items as direct children (no fragments), so the list is built flat.
  const items: ReactElement[] = [
    <ListSubheader key="who" sx={{ lineHeight: 1.4, py: 1 }}>
      <Typography variant="subtitle2" color="text.primary" noWrap>{permissions?.name || permissions?.email}</Typography>
      {permissions?.name && <Typography variant="caption" noWrap component="div">{permissions.email}</Typography>}
    </ListSubheader>,
  ];
  if (company && companies.length > 1) {
    items.push(<ListSubheader key="companies" sx={{ lineHeight: 2 }}>Company</ListSubheader>);
    for (const c of companies) {
      items.push(
        <MenuItem key={`company-${c.id}`} selected={c.id === company.id} disabled={busy} onClick={then(() => change(c.id))} data-testid="account-company">
          <ListItemIcon>{c.id === company.id ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{c.name}</ListItemText>
        </MenuItem>,
      );
    }
  } else if (company) {
    // One company: shown, not chosen (a disabled item keeps the menu's keyboard order on actions).
    items.push(
      <MenuItem key="company" disabled sx={{ '&.Mui-disabled': { opacity: 1 } }} data-testid="company-name">
        <ListItemIcon><BusinessIcon fontSize="small" /></ListItemIcon>
        <ListItemText slotProps={{ primary: { noWrap: true } }}>{company.name}</ListItemText>
      </MenuItem>,
    );
  }
  items.push(
    <Divider key="d1" />,
    <MenuItem key="theme" onClick={then(toggle)} data-testid="dark-mode-toggle" data-mode={dark ? 'dark' : 'light'}>
      <ListItemIcon>{dark ? <Brightness7Icon fontSize="small" /> : <Brightness4Icon fontSize="small" />}</ListItemIcon>
      <ListItemText>{dark ? 'Light mode' : 'Dark mode'}</ListItemText>
    </MenuItem>,
    <MenuItem key="refresh" onClick={then(refresh)}>
      <ListItemIcon><RefreshIcon fontSize="small" /></ListItemIcon>
      <ListItemText>Refresh</ListItemText>
    </MenuItem>,
    <MenuItem key="profile" component={Link} to="/user/" onClick={close}>
      <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
      <ListItemText>Profile</ListItemText>
    </MenuItem>,
    <Divider key="d2" />,
    <MenuItem key="logout" onClick={then(() => logout())}>
      <ListItemIcon><ExitIcon fontSize="small" /></ListItemIcon>
      <ListItemText>Logout</ListItemText>
    </MenuItem>,
    <ListSubheader key="build" sx={{ lineHeight: 2, textAlign: 'right' }}>
      <Typography variant="caption" data-testid="build-label">{BUILD_LABEL}</Typography>
    </ListSubheader>,
  );

  return (
    <>
      <Tooltip title="Account menu">
        <IconButton color="inherit" aria-label="Account menu" aria-haspopup="menu" aria-expanded={Boolean(anchor)} onClick={(e) => setAnchor(e.currentTarget)}>
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        {items}
      </Menu>
    </>
  );
}
