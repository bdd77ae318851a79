/**
 * A location's notifications (docs/scheduler.md, Notifications, Carrier self-booking): what the
 * booking contacts are mailed about (set in the location's settings), and the booking links sent
 * to carriers: send one (its address is shown once), revoke one.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { scheduleLocation } from '../../resources/schedule/location';
import { bookingLink } from '../../resources/schedule/link';
import { NOTE_TYPES } from '../../resources/schedule/common';
import { ResourceTable } from '../../table/ResourceTable';
import { TableButton } from '../../table/TableButton';
import { ActionDialog } from '../../generic/ActionDialog';
import { mayCallAction } from '../../authProvider/permissions';
import { useProfile } from '../../hooks/useProfile';
import { useNotifyError } from '../../hooks/useNotifyError';

interface Made { url: string; expires_at: string; mailed: boolean }

export function LocationNotifications({ location }: { location: RaRecord }) {
  const id = Number(location.id);
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const { permissions: profile } = useProfile();
  const maySend = mayCallAction(profile, scheduleLocation, scheduleLocation.actions.generate_token);
  const [sending, setSending] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const notifyKinds = (location.notify as string[] | null) ?? [];
  const revoke = async () => {
    try {
      for (const linkId of selected) await dp.callAction(bookingLink.name, { id: linkId, action: 'revoke', method: 'POST', body: {} });
      notify(`${selected.length} link(s) revoked`, { type: 'info' });
    } catch (e) {
      notifyError(e);
    }
    setSelected([]);
    void client.invalidateQueries();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>Mails to booking contacts</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {NOTE_TYPES.map(([kind, label]) => (
            <Chip key={kind} label={`${label}: ${notifyKinds.includes(kind) ? 'sent' : 'not sent'}`} color={notifyKinds.includes(kind) ? 'success' : 'default'} variant={notifyKinds.includes(kind) ? 'filled' : 'outlined'} />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Sent to the booking&apos;s contact email through the outbox{location.reply_email ? `, naming ${String(location.reply_email)} for questions` : ''}. Change them in the location&apos;s settings on the Overview tab.
        </Typography>
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>Booking links</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A link lets a carrier book, change and cancel its own bookings here without an account. Only its holder can use it; revoke it when it should stop.
        </Typography>
        <ResourceTable
          resource={bookingLink.name}
          table="location-links"
          columns={['carrier_name', 'email', 'expires_at', 'revoked_at', 'last_used_at', 'uses', 'made_by']}
          permanentFilter={{ location: id }}
          onSelectionChange={maySend ? (ids) => setSelected(ids.map(Number)) : undefined}
          toolbar={maySend ? (
            <>
              <TableButton label="Send a booking link" icon={<LinkIcon />} tooltip="Make a link for a carrier, mailed when you give an address" variant="contained" onClick={() => setSending(true)} />
              <TableButton label="Revoke" tooltip="Stop the selected links working" disabled={!selected.length} onClick={() => void revoke()} />
            </>
          ) : undefined}
        />
      </Box>
      {sending && (
        <ActionDialog
          resource={scheduleLocation} action="generate_token" title="Send a booking link" submitLabel="Make the link"
          only={['carrier', 'carrier_name', 'email', 'days']} defaults={{ location_id: id }}
          onClose={() => setSending(false)}
          onDone={(r) => { setSending(false); setMade(r as Made); void client.invalidateQueries(); }}
        />
      )}
      {made && (
        <Dialog open onClose={() => setMade(null)} maxWidth="sm" fullWidth>
          <DialogTitle>The booking link</DialogTitle>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 2 }}>{made.mailed ? 'Mailed. ' : ''}This address is shown once: copy it now to send it yourself. It works until {new Date(made.expires_at).toLocaleString('en-CA')}.</Alert>
            <TextField value={made.url} fullWidth label="Link" slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'booking-link-url' } }} onFocus={(e) => e.target.select()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void navigator.clipboard?.writeText(made.url).then(() => notify('Copied', { type: 'info' }))}>Copy</Button>
            <Button variant="contained" onClick={() => setMade(null)}>Done</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

