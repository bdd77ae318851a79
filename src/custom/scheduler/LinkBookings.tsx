/**
 * "Your bookings": what was booked with this link, at the location's local times, with Change and
 * Cancel while the carrier may still do so (booked, and not inside the lead time). A booking whose
 * slot the terminal blocked says so, since its carrier must move or cancel it.
 */
import { Button, Card, CardActions, CardContent, Chip, type ChipProps, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { choiceWord } from '../../resources/fields';
import { BOOKING_STATUSES } from '../../resources/schedule/common';
import type { LinkBooking, LinkPage } from './booking-link-api';
import { clockAt, leadText, whenAt } from './booking-times';

const STATUS_COLOR: Record<string, ChipProps['color']> = { booked: 'primary', checked_in: 'info', loading: 'info', loaded: 'success' };

interface Props { page: LinkPage; onChange(b: LinkBooking): void; onCancel(b: LinkBooking): void }

export function LinkBookings({ page, onChange, onCancel }: Props) {
  const zone = page.location.time_zone;
  if (!page.bookings.length) return <Typography color="text.secondary" data-testid="no-bookings">No bookings with this link yet: choose a free slot to book one.</Typography>;
  const productName = (id: number | null) => page.location.products.find((p) => p.id === id)?.name;
  return (
    <Stack spacing={1.5}>
      {page.bookings.map((b) => {
        const slot = page.slots.find((s) => s.id === b.slot);
        const facts = [
          b.truck_plate && `Truck ${b.truck_plate}`, b.trailer_plate && `Trailer ${b.trailer_plate}`, b.reference && `Ref. ${b.reference}`,
          [productName(b.product), b.quantity && `${b.quantity} m³`].filter(Boolean).join(' '),
        ].filter(Boolean).join(' · ');
        const closed = b.status === 'cancelled' || b.status === 'no_show';
        return (
          <Card key={b.id} variant="outlined" data-testid={`link-booking-${b.id}`} sx={closed ? { opacity: 0.75 } : undefined}>
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                  {whenAt(b.starts_at, zone)}{slot ? `–${clockAt(slot.ends_at, zone)}` : ''}
                </Typography>
                <Chip size="small" label={choiceWord(BOOKING_STATUSES, b.status)} color={STATUS_COLOR[b.status] ?? 'default'} data-testid="booking-status" />
                {b.slot_blocked && !closed && <Chip size="small" color="warning" icon={<WarningAmberIcon />} label="Slot blocked: move or cancel" />}
              </Stack>
              {facts && <Typography variant="body2" sx={{ mt: 0.5 }}>{facts}</Typography>}
              {b.status === 'cancelled' && b.cancel_reason && <Typography variant="body2" color="text.secondary">Cancelled: {b.cancel_reason}</Typography>}
              {b.status === 'booked' && !b.changeable && (
                <Typography variant="body2" color="text.secondary">Changes close {leadText(page.location.lead_minutes)} before the slot: ask the terminal.</Typography>
              )}
            </CardContent>
            {b.changeable && (
              <CardActions sx={{ px: 2, pb: 1.5, pt: 0 }}>
                <Button variant="outlined" size="small" onClick={() => onChange(b)}>Change</Button>
                <Button color="error" size="small" onClick={() => onCancel(b)}>Cancel</Button>
              </CardActions>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
