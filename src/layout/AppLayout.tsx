/**
 * The shell around every signed-in page: react-admin's layout with our app bar and menu, the
 * update banner, and the dark-mode sync. When the account cannot be loaded, nothing else makes
 * sense, so a full-page message with a Logout button replaces the whole shell.
 */
import type { ReactNode } from 'react';
import { Layout, Loading, useAuthState } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { loginRedirect } from '../routes/guard';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AccountError } from './AccountError';
import { DarkModeSync } from './DarkMode';
import { VersionBanner } from './VersionBanner';
import { useProfile } from '../hooks/useProfile';
import { DeleteDialogProvider } from '../generic/DeleteDialog';

/**
 * Signed-out visitors go to the login page once, remembering where they were going. (react-admin's
 * requireAuth does this with a component that logs out again on every navigation while mounted,
 * which loops on the way to the login page.)
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { authenticated, isPending } = useAuthState();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (!authenticated) return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  return <SignedInLayout>{children}</SignedInLayout>;
}

function SignedInLayout({ children }: { children?: ReactNode }) {
  const { error, permissions, isPending } = useProfile();
  const location = useLocation();
  if (error && !permissions) return <AccountError error={error} />;
  // No token any more (signed out in another tab, or a stale "signed in" answer): go and sign in.
  if (!isPending && permissions === null) return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  return (
    // The content column may shrink below its widest table (min-width 0 on the flex item): wide
    // tables scroll inside their grid instead of pushing the page past the window.
    <Layout appBar={AppBar} menu={AppMenu} sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}>
      <DarkModeSync />
      <VersionBanner />
      <DeleteDialogProvider>{children}</DeleteDialogProvider>
    </Layout>
  );
}
