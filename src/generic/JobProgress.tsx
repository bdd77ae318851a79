/** How far a long print or mail job is: "Printing 12 of 72 tickets" over a bar (`noun`: tickets, bills of lading). */
import { Box, LinearProgress, Typography } from '@mui/material';

export interface Progress { label: string; done: number; total: number }

export function JobProgress({ progress, noun = ['ticket', 'tickets'] }: { progress: Progress | null; noun?: readonly [string, string] }) {
  if (!progress) return null;
  const { label, done, total } = progress;
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="job-progress" role="status" aria-live="polite">
      <Typography variant="body2">{label} {done} of {total} {total === 1 ? noun[0] : noun[1]}…</Typography>
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 0} aria-label={`${label} ${done} of ${total}`} />
    </Box>
  );
}
