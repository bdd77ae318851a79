/**
 * The shell around every signed-in page: react-admin's layout with our app bar and menu, the
 * update banner, and the dark-mode sync. When the account cannot be loaded, nothing else makes
 * sense, so a full-page message with a Logout button replaces the whole shell.
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AccountError } from './AccountError';
import { DarkModeSync } from './DarkMode';
import { VersionBanner } from './VersionBanner';
import { useProfile } from './useProfile';

export function AppLayout({ children }: { children?: ReactNode }) {
  const { error, permissions } = useProfile();
  if (error && !permissions) return <AccountError error={error} />;
  return (
    <Layout appBar={AppBar} menu={AppMenu}>
      <DarkModeSync />
      <VersionBanner />
      {children}
    </Layout>
  );
}
