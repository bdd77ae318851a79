/**
 * One role in the roles matrix (docs/security.md, Roles matrix): its name and the permissions it
 * gives, by area, ticked and saved at once (the server applies a saved role to its holders' next
 * request, in every server process). Read-only where the editor may not change it: the platform's
 * groups (unless platform staff), or a role giving a permission the editor does not hold.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import SearchIcon from '@mui/icons-material/Search';
import { useCanAccess, useDataProvider, useGetList, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermissions, isPlatformStaff } from '../../../authProvider/permissions';
import type { SessionProfile } from '../../../lib/session-profile';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useRefreshProfile } from '../../../hooks/useProfile';
import { FoldingPanel } from '../../../generic/FoldingPanel';
import { group as groupResource } from '../../../resources/accounts/group';
import { user as userResource } from '../../../resources/accounts/user';
import { type Cell, type Matrix, cellsOf, filterMatrix } from './permission-matrix';
import { AllTick, AreaRows, type CellState, CodeList } from './MatrixSection';

export interface Role { id: number; name: string; company: number | null; permissions: number[]; version: number }

/** Why the editor may not change this role, or null when he may. */
export function lockOf(profile: SessionProfile | undefined, role: Role, matrixCells: Map<number, Cell>): string | null {
  if (!hasPermissions(profile, { 'auth.group': ['change_group'] })) return 'You may read roles but not change them.';
  if (role.company === null && !isPlatformStaff(profile)) return 'This is one of the platform\'s roles, which every company shares: only platform staff change it. Copy it to make a role of your company\'s own.';
  const lacking = role.permissions.map((id) => matrixCells.get(id)).filter((c): c is Cell => !!c && !hasPermissions(profile, { [c.contentType]: [c.codename] }));
  if (lacking.length) return `This role gives permissions you do not hold (${lacking.slice(0, 3).map((c) => c.codename).join(', ')}${lacking.length > 3 ? '…' : ''}), so you cannot change it.`;
  return null;
}

/** Who holds the role, among the accounts the editor may read (his company's). */
function Holders({ role }: { role: Role }) {
  const { canAccess } = useCanAccess({ resource: userResource.name, action: 'list' });
  const { data, total, isPending } = useGetList(userResource.name, { filter: { groups: role.id }, pagination: { page: 1, perPage: 8 }, sort: { field: 'name', order: 'ASC' } }, { enabled: !!canAccess });
  if (!canAccess || isPending) return null;
  const names = (data ?? []).map((u) => String(u.name || u.email));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="role-holders">
      {names.length ? `Held by ${names.join(', ')}${(total ?? 0) > names.length ? ` and ${(total ?? 0) - names.length} more` : ''} in your company.` : 'Nobody in your company holds this role yet.'}
    </Typography>
  );
}

interface Props { role: Role; matrix: Matrix; profile: SessionProfile | undefined; cells: Map<number, Cell> }

export function RoleEditor({ role, matrix, profile, cells }: Props) {
  const dp = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const refreshProfile = useRefreshProfile();
  const [name, setName] = useState(role.name);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(role.permissions));
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  // Another role opened, or this one saved (its version moved): start from what the server holds.
  useEffect(() => { setName(role.name); setSelected(new Set(role.permissions)); }, [role.id, role.version, role.name, role.permissions]);

  const lock = lockOf(profile, role, cells);
  const state: CellState = useMemo(() => ({
    selected,
    editable: (c) => !lock && hasPermissions(profile, { [c.contentType]: [c.codename] }),
    toggle: (ids, on) => setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) if (on) next.add(id); else next.delete(id);
      return next;
    }),
  }), [selected, lock, profile]);
  const before = new Set(role.permissions);
  const added = [...selected].filter((id) => !before.has(id)).length;
  const removed = role.permissions.filter((id) => !selected.has(id)).length;
  const dirty = added + removed > 0 || name.trim() !== role.name;
  const shown = filterMatrix(matrix, filter);
  // While a filter is typed every panel that matches stands open (a new key mounts it open).
  const finding = filter.trim() !== '' ? ':found' : '';

  const save = async () => {
    setSaving(true);
    try {
      await dp.update(groupResource.name, { id: role.id, data: { name: name.trim(), permissions: [...selected], version: role.version }, previousData: role });
      await queryClient.invalidateQueries({ queryKey: [groupResource.name] });
      // The editor may hold this role himself: his own menus follow.
      await refreshProfile();
      notify(`${name.trim()} saved: its holders have the new permissions from their next step.`, { type: 'success' });
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(false);
    }
  };

  const total = selected.size;
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField label="Role name" value={name} onChange={(e) => setName(e.target.value)} size="small" disabled={!!lock}
          sx={{ flex: 1, maxWidth: { sm: 420 } }} slotProps={{ htmlInput: { maxLength: 150 } }} />
        <Chip label={role.company === null ? 'Platform role' : 'Your company\'s role'} color={role.company === null ? 'default' : 'primary'} variant="outlined" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {total} permission{total === 1 ? '' : 's'}{dirty ? ` · ${added} added, ${removed} removed, not saved` : ''}
        </Typography>
      </Stack>
      <Holders role={role} />
      {lock && <Alert severity="info">{lock}</Alert>}
      <TextField placeholder="Find a record type, ability or code" value={filter} onChange={(e) => setFilter(e.target.value)} size="small"
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': 'Find a permission' } }} />
      {shown.areas.map((a) => {
        const areaCells = cellsOf(a.rows);
        const on = areaCells.filter((c) => selected.has(c.id)).length;
        return (
          <FoldingPanel key={a.label + finding} label={`${a.label} · ${on} of ${areaCells.length}`} defaultOpen={!!finding}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
              <AllTick cells={areaCells} state={state} label={a.label} />
              <Typography variant="body2" color="text.secondary">Every right in {a.label}</Typography>
            </Box>
            <AreaRows rows={a.rows} state={state} />
          </FoldingPanel>
        );
      })}
      {([['Menu entries', shown.menus], ['Configuration pages', shown.configuration], ['Other abilities', shown.other]] as const).map(([label, list]) => list.length > 0 && (
        <FoldingPanel key={label + finding} label={`${label} · ${list.filter((c) => selected.has(c.id)).length} of ${list.length}`} defaultOpen={!!finding}>
          <CodeList cells={[...list]} state={state} label={label} />
        </FoldingPanel>
      ))}
      {!shown.areas.length && !shown.menus.length && !shown.configuration.length && !shown.other.length && (
        <Typography color="text.secondary" sx={{ py: 2 }}>No permission matches “{filter.trim()}”.</Typography>
      )}
      {!lock && (
        <Stack direction="row" spacing={1} sx={{ position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default', zIndex: 1 }}>
          <Button variant="contained" startIcon={<SaveIcon />} disabled={!dirty || saving || !name.trim()} onClick={() => void save()}>Save role</Button>
          <Button startIcon={<UndoIcon />} disabled={!dirty || saving} onClick={() => { setName(role.name); setSelected(new Set(role.permissions)); }}>Undo changes</Button>
        </Stack>
      )}
    </Stack>
  );
}
