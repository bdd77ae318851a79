/**
 * Dark mode (docs/shell.md, Theme): auto by default (react-admin's theme store falls back to
 * prefers-color-scheme), then the profile's app_config.dark_mode once it is known. The toggle
 * switches at once and saves the choice to the profile.
 */
import { useEffect } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import { useDataProvider, useTheme } from 'react-admin';
import { useProfile, useRefreshProfile } from '../hooks/useProfile';
import { useNotifyError } from '../hooks/useNotifyError';
import type { AppDataProvider } from '../dataProvider';

export function DarkModeSync() {
  const { permissions } = useProfile();
  const [, setTheme] = useTheme();
  const saved = permissions?.app_config?.dark_mode;
  useEffect(() => {
    if (typeof saved === 'boolean') setTheme(saved ? 'dark' : 'light');
  }, [saved, setTheme]);
  return null;
}

/** Current mode and a toggle that switches at once and saves the choice to the profile. */
export function useDarkMode() {
  const [theme, setTheme] = useTheme();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefreshProfile();
  const notifyError = useNotifyError();
  const dark = theme === 'dark';
  const toggle = async () => {
    const next = !dark;
    setTheme(next ? 'dark' : 'light');
    try {
      await dataProvider.callAction('user', { action: 'me', method: 'PATCH', body: { app_config: { dark_mode: next } } });
      await refresh();
    } catch (e) {
      notifyError(e);
    }
  };
  return { dark, toggle };
}

export function DarkModeToggle() {
  const { dark, toggle } = useDarkMode();
  return (
    <Tooltip title={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <IconButton color="inherit" onClick={toggle} aria-label="Toggle dark mode" data-testid="dark-mode-toggle" data-mode={dark ? 'dark' : 'light'}>
        {dark ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Tooltip>
  );
}
