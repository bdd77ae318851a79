/**
 * App bar: title, company, dark mode, loading indicator, notifications, build label and the user menu.
 * On narrow windows (below the `md` breakpoint) everything but the title and the notifications folds
 * into the account menu, so no action is pushed off-screen (docs/shell.md, Small screens). The page's title, which each page
 * renders into the title portal, is the page's one h1 (docs/shell.md, Accessibility); the product's
 * name beside it is not a heading.
 */
import { Box, CircularProgress, ListItemIcon, ListItemText, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import { AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useGetIdentity, useLoading, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { forwardRef } from 'react';
import { visuallyHidden } from '@mui/utils';
import { BUILD_LABEL } from '../lib/app-version';
import { CompanySwitcher } from './CompanySwitcher';
import { DarkModeToggle } from './DarkMode';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './notifications/NotificationBell';
import { useProfile } from '../hooks/useProfile';

const ProfileItem = forwardRef<HTMLAnchorElement>(function ProfileItem(props, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/user/" ref={ref} {...props} onClick={() => userMenu?.onClose()}>
      <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
      <ListItemText>Profile</ListItemText>
    </MenuItem>
  );
});

/** Below this the app bar's actions fold into the account menu. */
export const useCompactBar = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

/** On narrow windows the refresh button lives in the account menu: the bar only shows that something loads. */
function Busy() {
  return useLoading() ? <CircularProgress color="inherit" size={18} thickness={6} sx={{ mx: 1, flexShrink: 0 }} aria-label="Loading" /> : null;
}

export function AppBar() {
  const { permissions } = useProfile();
  const compact = useCompactBar();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name starts with what it shows (WCAG 2.5.3).
  const menuLabel = identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu';
  // The company's own title when it has one; the product name when it would only repeat the company.
  const own = permissions?.company?.application_configuration?.application_title;
  const title = own && own !== permissions?.company?.name ? own : 'Bulk Logistics';
  if (compact) {
    return (
      <RaAppBar color="primary" toolbar={<><Busy /><NotificationBell /><AccountMenu /></>} userMenu={false}>
        <Typography variant="h6" component="div" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="app-title">{title}</Typography>
        {/* The page's title is not shown (the breadcrumbs say where the user is) but is still its
            heading for a screen reader. */}
        <TitlePortal component="h1" sx={visuallyHidden} />
      </RaAppBar>
    );
  }
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          <CompanySwitcher />
          <DarkModeToggle />
          <LoadingIndicator />
          <NotificationBell />
          <Typography variant="caption" sx={{ opacity: 0.85, mx: 1 }} data-testid="build-label">{BUILD_LABEL}</Typography>
        </>
      }
      userMenu={
        <UserMenu label={menuLabel}>
          <ProfileItem />
          <Logout />
        </UserMenu>
      }
    >
      <Typography variant="h6" component="div" sx={{ mr: 2, whiteSpace: 'nowrap' }} data-testid="app-title">{title}</Typography>
      <TitlePortal variant="body1" component="h1" sx={{ opacity: 0.85, minWidth: 0 }} />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
