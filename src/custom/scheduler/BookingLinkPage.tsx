/**
 * `book/#token` (docs/scheduler.md, Carrier self-booking): the page a terminal's booking link opens,
 * without an account. It shows the location, its free slots of a week grouped by local day, and the
 * bookings made with the link; the carrier books, changes and cancels them here. A link that does
 * not work shows the server's reason and nothing else.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Grid, Snackbar, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { httpStatus } from '../../generic/submit-errors';
import { plainMessage } from '../../notify/error-toasts';
import { type LinkBooking, readLinkPage } from './booking-link-api';
import { addDays, whenAt } from './booking-times';
import { BookingDialog, type BookingTarget } from './BookingDialog';
import { CancelBookingDialog } from './CancelBookingDialog';
import { DayNavigation } from './DayNavigation';
import { FreeSlots } from './FreeSlots';
import { LinkAbout } from './LinkAbout';
import { LinkBookings } from './LinkBookings';
import { LinkPageFrame } from './LinkPageFrame';
import { useLinkToken } from './useLinkToken';

const TITLE = 'Book a loading time';
/** Answers that mean the link itself does not work (unknown, revoked, expired; or too many such tries). */
const broken = (e: unknown) => [404, 429].includes(httpStatus(e) ?? 0);

export default function BookingLinkPage() {
  const token = useLinkToken();
  if (!token) {
    return (
      <LinkPageFrame title={TITLE}>
        <Alert severity="error" data-testid="link-broken">This page opens from the booking link a terminal sent you: open the whole link from its mail.</Alert>
      </LinkPageFrame>
    );
  }
  // Another link pasted into the tab starts afresh: its week, its dialogs.
  return <LinkView key={token} token={token} />;
}

function LinkView({ token }: { token: string }) {
  const [from, setFrom] = useState<string | undefined>();
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [cancelling, setCancelling] = useState<LinkBooking | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['booking-link', token, from ?? 'this week'],
    queryFn: () => readLinkPage(token, from, from && addDays(from, 6)),
    // The week shown stays while the next one loads.
    placeholderData: (previous) => previous,
    retry: false,
  });
  const page = q.data;
  useEffect(() => {
    document.title = page ? `${TITLE} at ${page.location.name}` : TITLE;
  }, [page]);

  if (q.error && broken(q.error)) {
    return <LinkPageFrame title={TITLE}><Alert severity="error" data-testid="link-broken">{plainMessage(q.error, 'This booking link does not work.')}</Alert></LinkPageFrame>;
  }
  if (!page) {
    return (
      <LinkPageFrame title={TITLE}>
        {q.error ? (
          // Tried again from this week: a week the server refused would fail the same way.
          <Alert severity="error" action={<Button color="inherit" onClick={() => (from ? setFrom(undefined) : void q.refetch())}>Try again</Button>}>
            {plainMessage(q.error, 'The page could not be read.')}
          </Alert>
        ) : <CircularProgress size={28} aria-label="Loading" />}
      </LinkPageFrame>
    );
  }

  const zone = page.location.time_zone;
  const lastDay = addDays(page.today, page.location.horizon_days);
  const canNext = addDays(page.from, 7) <= lastDay;
  const reload = () => void q.refetch();
  const finish = (message: string) => {
    setTarget(null);
    setCancelling(null);
    setSaid(message);
    reload();
  };
  const hasOpen = page.bookings.some((b) => b.changeable || b.slot_blocked);

  return (
    <LinkPageFrame title={`${TITLE} at ${page.location.name}`}>
      <LinkAbout page={page} />
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 7 }} component="section" aria-labelledby="free-slots">
          <Typography variant="h5" component="h2" id="free-slots" sx={{ mb: 1.5 }}>Free slots</Typography>
          {page.location.enabled ? (
            <>
              <DayNavigation from={page.from} today={page.today} lastDay={lastDay} onFrom={setFrom} />
              {q.error && <Alert severity="error" sx={{ mb: 2 }}>{plainMessage(q.error, 'The slots could not be read.')}</Alert>}
              <FreeSlots slots={page.slots} zone={zone} from={page.from} to={page.to} canNext={canNext} onPick={(slot) => setTarget({ slot })} onNext={() => setFrom(addDays(page.from, 7))} />
            </>
          ) : <Typography color="text.secondary">None while bookings by link are paused.</Typography>}
        </Grid>
        {/* On a phone, bookings the carrier may still act on come before the slots. */}
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: hasOpen ? -1 : 0, md: 0 } }} component="section" aria-labelledby="your-bookings">
          <Typography variant="h5" component="h2" id="your-bookings" sx={{ mb: 1.5 }}>Your bookings</Typography>
          <LinkBookings page={page} onChange={(booking) => setTarget({ booking })} onCancel={setCancelling} />
        </Grid>
      </Grid>
      {target && (
        <BookingDialog token={token} page={page} target={target} onClose={() => setTarget(null)} onStale={reload}
          onDone={(b) => finish(target.booking ? `Booking changed: now ${whenAt(b.starts_at, zone)}.` : `Booked for ${whenAt(b.starts_at, zone)}${b.contact_email ? `: the confirmation goes to ${b.contact_email}` : ''}.`)} />
      )}
      {cancelling && (
        <CancelBookingDialog token={token} booking={cancelling} zone={zone} onClose={() => setCancelling(null)} onStale={reload}
          onDone={(b) => finish(`Booking of ${whenAt(b.starts_at, zone)} cancelled.`)} />
      )}
      <Snackbar open={!!said} autoHideDuration={8000} onClose={(_, why) => { if (why !== 'clickaway') setSaid(null); }} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setSaid(null)} data-testid="link-done" sx={{ width: '100%' }}>{said}</Alert>
      </Snackbar>
    </LinkPageFrame>
  );
}
