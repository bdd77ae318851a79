/** App bar: title, company, dark mode, loading indicator, build label and the user menu. */
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import { AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { forwardRef } from 'react';
import { BUILD_LABEL } from '../lib/app-version';
import { CompanySwitcher } from './CompanySwitcher';
import { DarkModeToggle } from './DarkMode';
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

export function AppBar() {
  const { permissions } = useProfile();
  // The company's own title when it has one; the product name when it would only repeat the company.
  const own = permissions?.company?.application_configuration?.application_title;
  const title = own && own !== permissions?.company?.name ? own : 'Bulk Logistics';
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          <CompanySwitcher />
          <DarkModeToggle />
          <LoadingIndicator />
          <Typography variant="caption" sx={{ opacity: 0.7, mx: 1 }} data-testid="build-label">{BUILD_LABEL}</Typography>
        </>
      }
      userMenu={
        <UserMenu>
          <ProfileItem />
          <Logout />
        </UserMenu>
      }
    >
      <Typography variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>{title}</Typography>
      <TitlePortal variant="body1" sx={{ opacity: 0.85 }} />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
