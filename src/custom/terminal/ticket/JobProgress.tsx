/** How far a long ticket job is: "Printing 12 of 72 tickets" over a bar. */
import { Box, LinearProgress, Typography } from '@mui/material';

export interface Progress { label: string; done: number; total: number }

export function JobProgress({ progress }: { progress: Progress | null }) {
  if (!progress) return null;
  const { label, done, total } = progress;
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="job-progress" role="status" aria-live="polite">
      <Typography variant="body2">{label} {done} of {total} ticket{total === 1 ? '' : 's'}…</Typography>
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 0} aria-label={`${label} ${done} of ${total}`} />
    </Box>
  );
}
