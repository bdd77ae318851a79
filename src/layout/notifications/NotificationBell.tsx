/**
 * The app bar's bell (docs/notifications.md, Screens): the unread count on it; opened, the newest
 * notifications, mark all read and the way to all of them. Shown to every signed-in user, on
 * phones too (it is one icon wide).
 */
import { useState } from 'react';
import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useNavigate } from 'react-router-dom';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { NoticeItem } from './NoticeItem';
import { type Notice, useMarkRead, useNotices, useOpenNotice, useUnreadCount } from './notification-api';

const SHOWN = 8;

export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useUnreadCount();
  const { data, isPending } = useNotices(SHOWN, false, Boolean(anchor));
  const mark = useMarkRead();
  const zone = useCompanyTimeZone();
  const navigate = useNavigate();
  const close = () => setAnchor(null);
  const openNotice = useOpenNotice();
  const open = (n: Notice) => {
    close();
    return openNotice(n);
  };
  const label = count ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)} data-testid="notification-bell">
          <Badge badgeContent={count} color="error" max={99}><NotificationsIcon /></Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)} anchorEl={anchor} onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)' }, role: 'dialog', 'aria-label': 'Notifications' } }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>Notifications</Typography>
          <Button size="small" disabled={!count || mark.busy} onClick={() => void mark.all()}>Mark all read</Button>
        </Stack>
        <Divider />
        <Box sx={{ maxHeight: 'min(440px, 70vh)', overflowY: 'auto' }}>
          {isPending ? <Typography sx={{ p: 2 }} color="text.secondary">Loading…</Typography>
            : data?.rows.length ? (
              <List dense disablePadding data-testid="bell-list">
                {data.rows.map((n) => <NoticeItem key={n.id} n={n} zone={zone} onOpen={(x) => void open(x)} />)}
              </List>
            ) : <Typography sx={{ p: 2 }} color="text.secondary">Nothing yet. Bookings made by carriers, nominations, invitations and expiring certificates show here.</Typography>}
        </Box>
        <Divider />
        <Button fullWidth onClick={() => { close(); navigate(buildPath(ROUTES.userNotifications.path)); }}>All notifications</Button>
      </Popover>
    </>
  );
}
