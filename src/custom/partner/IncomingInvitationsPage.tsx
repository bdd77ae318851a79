/**
 * `partner/invitations/incoming/` (docs/partners.md, Invitations): the invitations sent to the
 * signed-in user's own email that are still open, with Accept and Decline (confirmed), and those
 * the company has answered. An expired one says so: the company that sent it sends it again.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { Confirm, Title, useDataProvider, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { plainMessage } from '../../notify/error-toasts';
import { choiceWord } from '../../resources/fields';
import { INVITATION_RELATIONS, INVITATION_STATUSES, invitation } from '../../resources/partner/invitation';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

interface Incoming {
  id: number; inviter: string; relation: string; message: string | null; status: string; sent_at: string | null; expires_at: string | null;
  responded_at: string | null; responded_by: string | null; expired: boolean;
}

export default function IncomingInvitationsPage() {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const zone = useCompanyTimeZone();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [declining, setDeclining] = useState<Incoming | null>(null);
  const key = [invitation.name, 'incoming'];
  const list = useQuery({ queryKey: key, queryFn: async () => (await dp.callAction(invitation.name, { action: 'get-incoming-invitations', method: 'GET' })) as Incoming[] });
  const answer = (inv: Incoming, action: 'accept-invitation' | 'decline-invitation') => run(async () => {
    setDeclining(null);
    await dp.callAction(invitation.name, { action, method: 'POST', body: { invitation: inv.id } });
    notify(action === 'accept-invitation' ? `You are now partners with ${inv.inviter}` : `Invitation from ${inv.inviter} declined`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: key });
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      <Title title="Incoming invitations" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2">Invitations you received</Typography>
        <Link component={RouterLink} to={buildPath(ROUTES.invitations.path)} variant="body2">Invitations your company sent</Link>
      </Stack>
      {list.isPending && <CircularProgress size={24} />}
      {list.error && <Alert severity="error">{plainMessage(list.error, 'The invitations could not be read.')}</Alert>}
      {list.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="incoming-empty">
          No invitations. When a company invites you to trade by rail, its invitation to your email shows here, and in the mail it sends you.
        </Typography>
      )}
      <Stack spacing={1.5}>
        {list.data?.map((inv) => {
          const open = inv.status === 'sent' && !inv.expired;
          return (
            <Card key={inv.id} variant="outlined" data-testid={`incoming-${inv.id}`}>
              <CardContent sx={{ pb: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="h6" component="h3">{inv.inviter}</Typography>
                  <Chip size="small" label={inv.expired ? 'Expired' : choiceWord(INVITATION_STATUSES, inv.status)} color={inv.status === 'accepted' ? 'success' : open ? 'warning' : 'default'} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Invites your company as its {choiceWord(INVITATION_RELATIONS, inv.relation).toLowerCase()}
                  {inv.sent_at ? `, sent ${formatInZone(inv.sent_at, zone)}` : ''}
                  {open && inv.expires_at ? `; answer by ${formatInZone(inv.expires_at, zone)}` : ''}
                  {inv.responded_at ? `; ${choiceWord(INVITATION_STATUSES, inv.status).toLowerCase()} ${formatInZone(inv.responded_at, zone)}${inv.responded_by ? ` by ${inv.responded_by}` : ''}` : ''}
                </Typography>
                {inv.message && <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>“{inv.message}”</Typography>}
                {inv.expired && <Typography variant="body2" sx={{ mt: 1 }}>The invitation has expired: ask {inv.inviter} to send it again.</Typography>}
                {inv.status === 'revoked' && <Typography variant="body2" sx={{ mt: 1 }}>{inv.inviter} ended the partnership.</Typography>}
              </CardContent>
              {open && (
                <CardActions sx={{ px: 2, pb: 1.5 }}>
                  <Button variant="contained" disabled={busy} onClick={() => void answer(inv, 'accept-invitation')}>Accept</Button>
                  <Button disabled={busy} onClick={() => setDeclining(inv)}>Decline</Button>
                </CardActions>
              )}
            </Card>
          );
        })}
      </Stack>
      <Confirm isOpen={!!declining} loading={busy} title={`Decline the invitation from ${declining?.inviter ?? ''}?`}
        content="They are told it was declined; to trade later, they invite you again." confirm="Decline"
        onClose={() => setDeclining(null)} onConfirm={() => declining && void answer(declining, 'decline-invitation')} />
    </Box>
  );
}
