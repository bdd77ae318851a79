/**
 * One notification as the bell and the notifications page list it: its level's icon, the title (bold
 * while unread), the message, and when, in the company's time zone ("12 min ago", the exact time
 * on hover). Choosing it marks it read and opens the page it is about.
 */
import { ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { formatInZone } from '../../lib/time-zone';
import type { Notice } from './notification-api';

const ICONS = {
  info: <InfoIcon color="info" fontSize="small" />,
  warning: <WarningIcon color="warning" fontSize="small" />,
  alert: <ErrorIcon color="error" fontSize="small" />,
};
const LEVEL_WORDS = { info: 'Information', warning: 'Warning', alert: 'Action needed' };

/** `just now`, `12 min ago`, `3 h ago`, `2 days ago`: how long since, to read at a glance. */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function NoticeItem({ n, zone, onOpen, lines = 2 }: { n: Notice; zone: string; onOpen: (n: Notice) => void; lines?: number }) {
  const unread = !n.read_at;
  return (
    // A list item around the button: a list holds list items only (WCAG: the list is read as one).
    <ListItem disablePadding data-testid="notice" data-unread={unread ? 'true' : 'false'}>
      <ListItemButton alignItems="flex-start" onClick={() => onOpen(n)} sx={{ gap: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }} role="img" aria-label={LEVEL_WORDS[n.level]}>{ICONS[n.level]}</ListItemIcon>
        <ListItemText
          primary={n.title}
          secondary={
            <>
              {n.body && (
                <Typography component="span" variant="body2" color="text.secondary"
                  sx={{ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-line' }}>
                  {n.body}
                </Typography>
              )}
              <Typography component="span" variant="caption" color="text.secondary" title={formatInZone(n.created_at, zone)} sx={{ display: 'block' }}>
                {ago(n.created_at)}{unread ? ' · unread' : ''}
              </Typography>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
