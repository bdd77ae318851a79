/**
 * What a carrier must know before booking: the terminal's instructions, the zone every time is in,
 * how far ahead it books, whom it books as, until when the link works, and whom to ask.
 */
import { Alert, Link, Stack, Typography } from '@mui/material';
import type { LinkPage } from './booking-link-api';
import { leadText, whenAt } from './booking-times';

export function LinkAbout({ page }: { page: LinkPage }) {
  const { location: l, carrier_name: carrier } = page;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }} data-testid="link-about">
      {!l.enabled && <Alert severity="warning">{l.name} takes no bookings by link for now: ask the terminal.</Alert>}
      {l.instructions && <Alert severity="info" sx={{ whiteSpace: 'pre-wrap' }} data-testid="link-instructions">{l.instructions}</Alert>}
      <Typography variant="body2" component="div" color="text.secondary" sx={{ '& p': { m: 0 } }}>
        <p><strong>Times are {l.time_zone}</strong>, the location's own clock.</p>
        <p>Book at least {leadText(l.lead_minutes)} ahead, and up to {l.horizon_days} days ahead{carrier ? `, as ${carrier.replace(/\.$/, '')}` : ''}.</p>
        <p data-testid="link-expiry">This link works until {whenAt(page.expires_at, l.time_zone)}. Keep it to yourself: whoever has it can book in your name.</p>
        {l.reply_email && <p>Questions: <Link href={`mailto:${l.reply_email}`}>{l.reply_email}</Link></p>}
      </Typography>
    </Stack>
  );
}
