/**
 * `partner/invitations/` (docs/partners.md, Invitations): the company's invitations in the shared
 * table, Invite a partner (the action's own form; the invitation is sent at once), and on the
 * selected rows Send (again: a new link, the old one stops working) and Revoke (with a reason the
 * partner is told when it had accepted). A link leads to the invitations the company received.
 */
import { useState } from 'react';
import { Button, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import BlockIcon from '@mui/icons-material/Block';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { ActionDialog } from '../../generic/ActionDialog';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useProfile } from '../../hooks/useProfile';
import { mayCallAction } from '../../authProvider/permissions';
import { countLabel } from '../../lib/format';
import { invitation } from '../../resources/partner/invitation';
import { ResourceTable } from '../../table/ResourceTable';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

const FILTER_BAR = ['status', 'relation'] as const;

export default function InvitationsPage() {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions: profile } = useProfile();
  const { busy, run } = useBusyAction();
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [asking, setAsking] = useState<'invite' | 'revoke' | null>(null);
  const mayManage = mayCallAction(profile, invitation, invitation.actions.send_invitation);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [invitation.name] });
  const each = async (action: string, body: Record<string, unknown> = {}) => {
    for (const id of selected) await dp.callAction(invitation.name, { id, action, method: 'POST', body });
  };
  const send = () => run(async () => {
    await each('send-invitation');
    notify(`${countLabel(selected.length, 'invitation')} sent`, { type: 'success' });
    await refresh();
  });
  const revoke = (reason: string) => run(async () => {
    setAsking(null);
    await each('revoke-invitation', reason ? { reason } : {});
    notify(`${countLabel(selected.length, 'invitation')} revoked`, { type: 'success' });
    await refresh();
  });
  const invited = (made: unknown) => run(async () => {
    setAsking(null);
    const inv = made as { id: number; email: string };
    await dp.callAction(invitation.name, { id: inv.id, action: 'send-invitation', method: 'POST', body: {} });
    notify(`Invitation sent to ${inv.email}`, { type: 'success' });
    await refresh();
  });

  const toolbar = mayManage ? (
    <>
      {selected.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{selected.length} selected</Typography>
          <Button size="small" startIcon={<SendIcon />} disabled={busy} onClick={() => void send()}>Send</Button>
          <Button size="small" startIcon={<BlockIcon />} disabled={busy} onClick={() => setAsking('revoke')}>Revoke</Button>
        </>
      )}
      <Button size="small" variant="contained" startIcon={<AddIcon />} disabled={busy} onClick={() => setAsking('invite')}>Invite a partner</Button>
    </>
  ) : null;

  return (
    <>
      <Title title="Invitations" />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1, pt: 1 }}>
        <Link component={RouterLink} to={buildPath(ROUTES.invitationsIncoming.path)} variant="body2">Invitations you received</Link>
      </Stack>
      <ResourceTable resource={invitation.name} table="partner-invitations" title="Invitations" filterBar={FILTER_BAR} onSelectionChange={mayManage ? setSelected : undefined} toolbar={toolbar} />
      {asking === 'invite' && (
        <ActionDialog resource={invitation} action="create_invitation" title="Invite a partner company" submitLabel="Send invitation"
          onClose={() => setAsking(null)} onDone={(made) => void invited(made)} />
      )}
      {asking === 'revoke' && (
        <ReasonDialog title={`Revoke ${countLabel(selected.length, 'invitation')}?`} label="Reason (optional)" optional confirm="Revoke" keep="Keep them" busy={busy}
          onClose={() => setAsking(null)} onConfirm={(reason) => void revoke(reason)} />
      )}
    </>
  );
}
