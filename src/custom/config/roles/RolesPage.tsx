/**
 * `config/roles/` (docs/security.md, Roles matrix): the roles the company's people may hold, the
 * platform's and the company's own, and for the one chosen (`?role=`) the matrix of what it gives.
 * New makes an empty role of the company's; Copy makes the company's own from any role it may read;
 * Delete takes a role of its own away from everyone holding it.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermissions, isPlatformStaff } from '../../../authProvider/permissions';
import { useProfile } from '../../../hooks/useProfile';
import { useNotifyError } from '../../../hooks/useNotifyError';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { resources } from '../../../resources/index';
import { group as groupResource } from '../../../resources/accounts/group';
import { permission as permissionResource } from '../../../resources/accounts/permission';
import { type PermissionRow, allCells, permissionMatrix } from './permission-matrix';
import { type Role, RoleEditor } from './RoleEditor';

const ALL = { pagination: { page: 1, perPage: 0 } } as const;

type NameDialog = { mode: 'new' } | { mode: 'copy'; from: Role };

export default function RolesPage() {
  const { permissions: profile } = useProfile();
  const [search, setSearch] = useSearchParams();
  const roles = useGetList<Role>(groupResource.name, { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const perms = useGetList<PermissionRow>(permissionResource.name, { ...ALL, sort: { field: 'content_type', order: 'ASC' } });
  const matrix = useMemo(() => permissionMatrix(resources, perms.data ?? []), [perms.data]);
  const cells = useMemo(() => new Map(allCells(matrix).map((c) => [c.id, c])), [matrix]);
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const list = roles.data ?? [];
  const chosenId = Number(search.get('role')) || list[0]?.id;
  const role = list.find((r) => r.id === chosenId);
  const choose = (id: number) => setSearch({ role: String(id) }, { replace: false });
  const mayAdd = hasPermissions(profile, { 'auth.group': ['add_group'] });
  const mayDelete = (r: Role) => hasPermissions(profile, { 'auth.group': ['delete_group'] }) && (r.company !== null || isPlatformStaff(profile));

  if (roles.error || perms.error) return <Alert severity="error">{(roles.error ?? perms.error)!.message}</Alert>;
  if (roles.isPending || perms.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  const platform = list.filter((r) => r.company === null);
  const own = list.filter((r) => r.company !== null);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Roles" />
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        {mayAdd && <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'new' })}>New role</Button>}
        {mayAdd && role && <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => setDialog({ mode: 'copy', from: role })}>Copy {role.name}</Button>}
        {role && mayDelete(role) && <Button size="small" startIcon={<DeleteIcon />} onClick={() => setDeleting(role)}>Delete</Button>}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {/* A phone picks the role from a list box; a wide screen keeps the roles beside the matrix. */}
        <TextField select label="Role" size="small" value={role?.id ?? ''} onChange={(e) => choose(Number(e.target.value))} fullWidth sx={{ display: { md: 'none' } }}>
          {list.map((r) => <MenuItem key={r.id} value={r.id}>{r.name}{r.company === null ? ' (platform)' : ''}</MenuItem>)}
        </TextField>
        <Box component="nav" aria-label="Roles" sx={{ display: { xs: 'none', md: 'block' }, width: 260, flexShrink: 0, position: 'sticky', top: 72 }}>
          <RoleList title="Your company's roles" roles={own} chosen={role?.id} onChoose={choose} empty="None yet: make one with New role, or copy a platform role." />
          <RoleList title="Platform roles" roles={platform} chosen={role?.id} onChoose={choose} empty="None." />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {role ? <RoleEditor key={role.id} role={role} matrix={matrix} profile={profile} cells={cells} /> : <Typography color="text.secondary">No role to show.</Typography>}
        </Box>
      </Stack>
      {dialog && <NameRoleDialog dialog={dialog} onClose={() => setDialog(null)} onMade={(id) => { setDialog(null); choose(id); }} />}
      {deleting && <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} onDeleted={() => { setDeleting(null); setSearch({}); }} />}
    </Box>
  );
}

function RoleList({ title, roles, chosen, onChoose, empty }: { title: string; roles: Role[]; chosen?: number; onChoose(id: number): void; empty: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" component="h2" color="text.secondary">{title}</Typography>
      {roles.length ? (
        <List dense disablePadding>
          {roles.map((r) => (
            <ListItem key={r.id} disablePadding>
              <ListItemButton selected={r.id === chosen} onClick={() => onChoose(r.id)} aria-current={r.id === chosen ? 'page' : undefined}>
                <ListItemText primary={r.name} secondary={`${r.permissions.length} permissions`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : <Typography variant="body2" color="text.secondary">{empty}</Typography>}
    </Box>
  );
}

function NameRoleDialog({ dialog, onClose, onMade }: { dialog: NameDialog; onClose(): void; onMade(id: number): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [name, setName] = useState(dialog.mode === 'copy' ? `${dialog.from.name} (copy)` : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = { name: name.trim() };
      const made = dialog.mode === 'copy'
        ? await dp.clone(groupResource.name, { id: dialog.from.id, data })
        : await dp.create(groupResource.name, { data: { ...data, permissions: [] } });
      await queryClient.invalidateQueries({ queryKey: [groupResource.name] });
      onMade(Number(made.data.id));
    } catch (e) {
      const field = (e as { body?: { name?: string[] } }).body?.name?.[0];
      if (field) setError(field);
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{dialog.mode === 'copy' ? `Copy ${dialog.from.name}` : 'New role'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {dialog.mode === 'copy' ? 'The copy gives the same permissions and is your company\'s own to change.' : 'A role of your company\'s own, giving nothing yet: tick what it gives in the matrix.'}
        </Typography>
        <TextField autoFocus fullWidth label="Role name" value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 150 } }} onKeyDown={(e) => { if (e.key === 'Enter' && name.trim()) void make(); }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!name.trim() || busy} onClick={() => void make()}>{dialog.mode === 'copy' ? 'Copy' : 'Make role'}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteRoleDialog({ role, onClose, onDeleted }: { role: Role; onClose(): void; onDeleted(): void }) {
  const dp = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await dp.delete(groupResource.name, { id: role.id, previousData: role });
      await queryClient.invalidateQueries({ queryKey: [groupResource.name] });
      notify(`${role.name} deleted.`, { type: 'info' });
      onDeleted();
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>Delete {role.name}?</DialogTitle>
      <DialogContent><Typography variant="body2">Everyone holding this role loses what it gives, at once. This cannot be undone.</Typography></DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void remove()}>Delete role</Button>
      </DialogActions>
    </Dialog>
  );
}
