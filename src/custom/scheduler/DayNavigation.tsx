/**
 * The week the booking page shows: previous and next week, or a first day picked in a date field.
 * Days before the location's today, or past its booking horizon, have no bookable slot, so the
 * buttons stop there.
 */
import { Button, Stack, TextField } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays } from './booking-times';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function DayNavigation({ from, today, lastDay, onFrom }: { from: string; today: string; lastDay: string; onFrom(day: string): void }) {
  const back = addDays(from, -7);
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
      <Button startIcon={<ChevronLeftIcon />} disabled={from <= today} onClick={() => onFrom(back < today ? today : back)}>Previous week</Button>
      <TextField type="date" size="small" label="Show days from" value={from}
        // A half-typed date is empty: keep the week shown until the date is whole.
        onChange={(e) => { if (DAY.test(e.target.value)) onFrom(e.target.value); }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: lastDay } }}
        sx={{ order: { xs: -1, sm: 0 }, width: { xs: '100%', sm: 190 } }} />
      <Button endIcon={<ChevronRightIcon />} disabled={addDays(from, 7) > lastDay} onClick={() => onFrom(addDays(from, 7))}>Next week</Button>
    </Stack>
  );
}
