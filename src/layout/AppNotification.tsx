import { Notification } from 'react-admin';

/** Notifications appear top-right for 2000 ms (spec 01 §2, §9). */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={2000} />;
}
