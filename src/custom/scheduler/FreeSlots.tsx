/**
 * The slots of the days shown, grouped by the location's local day: each a button with its local
 * hours and the loads still free; a full one stays in its place, disabled, so the carrier sees the
 * day's shape. A list rather than a calendar grid: it reads the same on a phone and at a desk.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { plural } from '../../lib/format';
import type { LinkSlot } from './booking-link-api';
import { dayHeading, dayShort, slotHours } from './booking-times';

interface Props { slots: LinkSlot[]; zone: string; from: string; to: string; canNext: boolean; onPick(slot: LinkSlot): void; onNext(): void }

function byDay(slots: LinkSlot[]): [string, LinkSlot[]][] {
  const days = new Map<string, LinkSlot[]>();
  for (const s of slots) days.set(s.day, [...(days.get(s.day) ?? []), s]);
  return [...days.entries()];
}

export function FreeSlots({ slots, zone, from, to, canNext, onPick, onNext }: Props) {
  const anyFree = slots.some((s) => s.free > 0);
  return (
    <Stack spacing={2}>
      {!anyFree && (
        <Box data-testid="no-free-slots">
          <Typography>No free slots from {dayShort(from)} to {dayShort(to)}: {canNext ? 'try the next week.' : 'ask the terminal for another time.'}</Typography>
          {canNext && <Button onClick={onNext} sx={{ mt: 1 }} variant="outlined">Show the next week</Button>}
        </Box>
      )}
      {byDay(slots).map(([day, daySlots]) => (
        <Box key={day} role="group" aria-labelledby={`day-${day}`} data-testid={`day-${day}`}>
          <Typography variant="subtitle1" component="h3" id={`day-${day}`} sx={{ fontWeight: 600, mb: 1 }}>{dayHeading(day)}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1 }}>
            {daySlots.map((s) => (
              <Button key={s.id} variant="outlined" disabled={s.free <= 0} onClick={() => onPick(s)} data-testid={`slot-${s.id}`}
                sx={{ flexDirection: 'column', alignItems: 'flex-start', textTransform: 'none', py: 1 }}>
                <Typography component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{slotHours(s, zone)}</Typography>
                <Typography component="span" variant="body2" color={s.free > 0 ? 'text.secondary' : 'inherit'}>{s.free > 0 ? `${s.free} ${plural(s.free, 'load')} free` : 'Full'}</Typography>
              </Button>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
