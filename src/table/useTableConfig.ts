/**
 * The table's settings from the profile's `ui_config[table]`, changed locally at once and saved to
 * the server (`PATCH user/me/`, which merges per table) so they survive a reload.
 */
import { useCallback, useState } from 'react';
import { useAuthProvider, useDataProvider, useNotify, usePermissions } from 'react-admin';
import type { TableConfig } from './table-config';
import type { AppDataProvider } from '../dataProvider';

interface ProfileWithUi { ui_config?: Record<string, TableConfig | undefined> }

export function useTableConfig(table: string) {
  const { permissions } = usePermissions<ProfileWithUi>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const authProvider = useAuthProvider() as { refreshProfile?: () => Promise<unknown> } | undefined;
  const notify = useNotify();
  const [local, setLocal] = useState<TableConfig | null>(null);
  const config: TableConfig = local ?? permissions?.ui_config?.[table] ?? {};

  const save = useCallback(async (next: TableConfig) => {
    setLocal(next);
    try {
      await dataProvider.callAction('user', { action: 'me', method: 'PATCH', body: { ui_config: { [table]: next } } });
      await authProvider?.refreshProfile?.();
    } catch (e) {
      notify(`Could not save the table settings: ${(e as Error).message}`, { type: 'error' });
    }
  }, [dataProvider, authProvider, notify, table]);

  return { config, save };
}
