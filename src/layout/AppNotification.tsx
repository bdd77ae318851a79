import { Notification } from 'react-admin';

/** Notifications appear top-right for 2000 ms (docs/shell.md, Notifications). */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={2000} />;
}
