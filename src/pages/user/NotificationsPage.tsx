/**
 * `user/notifications/` (docs/notifications.md, Screens): the user's notifications, newest first,
 * all or only the unread, more on demand; mark all read; each opens the page it is about.
 */
import { useState } from 'react';
import { Alert, Box, Button, List, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { NoticeItem } from '../../layout/notifications/NoticeItem';
import { useMarkRead, useNotices, useOpenNotice, useUnreadCount } from '../../layout/notifications/notification-api';

const PAGE = 25;

export default function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  const { data, isPending, error } = useNotices(size, unreadOnly);
  const count = useUnreadCount();
  const mark = useMarkRead();
  const zone = useCompanyTimeZone();
  const open = useOpenNotice();
  return (
    <Box sx={{ maxWidth: 760, p: { xs: 1, sm: 2 } }}>
      <Title title="Notifications" />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={unreadOnly ? 'unread' : 'all'} onChange={(_, v: string | null) => { if (v) { setUnreadOnly(v === 'unread'); setSize(PAGE); } }} aria-label="Which notifications">
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="unread">Unread ({count})</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button disabled={!count || mark.busy} onClick={() => void mark.all()}>Mark all read</Button>
      </Stack>
      {error ? <Alert severity="error">The notifications could not be read: {(error as Error).message}</Alert> : (
        <Paper variant="outlined">
          {isPending ? <Typography sx={{ p: 2 }} color="text.secondary">Loading…</Typography>
            : data?.rows.length ? (
              <List disablePadding data-testid="notification-list">
                {data.rows.map((n) => <NoticeItem key={n.id} n={n} zone={zone} lines={6} onOpen={(x) => void open(x)} />)}
              </List>
            ) : (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {unreadOnly ? 'Nothing unread.' : 'No notifications yet. Bookings made by carriers, nominations, invitations and expiring certificates show here.'}
              </Typography>
            )}
        </Paper>
      )}
      {data && data.total > data.rows.length && (
        <Button sx={{ mt: 1 }} onClick={() => setSize((s) => s + PAGE)}>Show older ({data.total - data.rows.length} more)</Button>
      )}
    </Box>
  );
}
