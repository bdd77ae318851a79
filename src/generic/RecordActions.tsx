/**
 * A record page's buttons (docs/shell.md, Small screens): side by side on a wide window, the first
 * forward move filled; folded into one Actions menu on a phone. Each is offered only where the
 * page already decided the user may.
 */
import { useState } from 'react';
import { Button, Menu, MenuItem, Stack, type Theme, useMediaQuery } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';

export interface RecordAct { key: string; label: string; run(): void; danger?: boolean; primary?: boolean }

export function RecordActions({ acts, disabled, testId }: { acts: readonly RecordAct[]; disabled?: boolean; testId: string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  if (!acts.length) return null;
  if (phone) {
    return (
      <>
        <Button variant="outlined" startIcon={<MoreVertIcon />} onClick={(e) => setMenu(e.currentTarget)} disabled={disabled}>Actions</Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {acts.map((a) => <MenuItem key={a.key} onClick={() => { setMenu(null); a.run(); }} sx={a.danger ? { color: 'error.main' } : undefined}>{a.label}</MenuItem>)}
        </Menu>
      </>
    );
  }
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid={testId}>
      {acts.map((a) => (
        <Button key={a.key} size="small" disabled={disabled} onClick={a.run} color={a.danger ? 'error' : 'primary'} variant={a.primary ? 'contained' : 'outlined'}>{a.label}</Button>
      ))}
    </Stack>
  );
}
