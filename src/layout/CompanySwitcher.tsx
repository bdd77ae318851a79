/**
 * The company the user acts for, switchable among its companies (POST user/change_company/). After a
 * switch the profile is re-read and every query refetched, since all data is per company. Wide
 * windows show it in the app bar; narrow ones list the companies in the account menu (AccountMenu.tsx).
 */
import { useState } from 'react';
import { MenuItem, Select, Typography } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../dataProvider';
import { useProfile, useRefreshProfile } from '../hooks/useProfile';
import { useNotifyError } from '../hooks/useNotifyError';

/** The current company, the ones the user may switch to, and the switch itself. */
export function useCompanySwitch() {
  const { permissions } = useProfile();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refreshProfile = useRefreshProfile();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const company = permissions?.company ?? null;
  const companies = company?.companies ?? [];
  const change = async (id: number) => {
    if (!company || id === company.id) return;
    setBusy(true);
    try {
      await dataProvider.callAction('user', { action: 'change_company', method: 'POST', body: { company: id } });
      await refreshProfile();
      // Every screen refetches in the background; the switcher is usable again once the profile is.
      void queryClient.invalidateQueries();
      notify(`Now working for ${companies.find((c) => c.id === id)?.name ?? 'the selected company'}`, { type: 'info' });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return { company, companies, busy, change };
}

export function CompanySwitcher() {
  const { company, companies, busy, change } = useCompanySwitch();
  if (!company) return null;
  if (companies.length < 2) {
    return <Typography variant="body2" sx={{ mx: 1, whiteSpace: 'nowrap' }} data-testid="company-name">{company.name}</Typography>;
  }
  return (
    <Select
      size="small"
      variant="standard"
      disableUnderline
      value={company.id}
      disabled={busy}
      onChange={(e) => void change(Number(e.target.value))}
      inputProps={{ 'aria-label': 'Company' }}
      data-testid="company-switcher"
      sx={{ color: 'inherit', mx: 1, '& .MuiSvgIcon-root': { color: 'inherit' } }}
    >
      {companies.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
    </Select>
  );
}
