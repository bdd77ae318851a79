/**
 * The bar above a days-across grid (a facility's schedule, the nominations board): Earlier, the
 * range in words, Later, and Today when the grid has moved off it. On a phone the arrows go without
 * their words.
 */
import { Button, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { rangeTitle } from '../lib/schedule-calendar';

const spanWords = (span: number) => (span === 14 ? 'two weeks' : span === 7 ? 'week' : `${span} days`);

export function DayRangeNav({ days, span, onShift, onToday }: { days: readonly string[]; span: number; onShift(n: number): void; onToday?: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
      <Button size="small" startIcon={<ChevronLeftIcon />} onClick={() => onShift(-span)} aria-label={`Previous ${spanWords(span)}`}>{phone ? '' : 'Earlier'}</Button>
      <Typography variant="subtitle1" sx={{ flex: 1, textAlign: 'center', minWidth: 0 }} data-testid="schedule-range">{rangeTitle(days)}</Typography>
      <Button size="small" endIcon={<ChevronRightIcon />} onClick={() => onShift(span)} aria-label={`Next ${spanWords(span)}`}>{phone ? '' : 'Later'}</Button>
      {onToday && <Button size="small" variant="outlined" onClick={onToday}>Today</Button>}
    </Stack>
  );
}
