/** One button per move the ticket's lifecycle allows this user (none from a final state, none without the move codename). */
import { Button, Stack } from '@mui/material';
import type { StatusMove } from './ticket-moves';

export function StatusButtons({ moves, disabled, onMove }: { moves: StatusMove[]; disabled?: boolean; onMove(move: StatusMove): void }) {
  if (!moves.length) return null;
  return (
    <Stack direction="row" spacing={1} data-testid="status-buttons">
      {moves.map((m) => (
        <Button key={m.to} size="small" variant={m.to === 'void' ? 'outlined' : 'contained'} color={m.to === 'void' ? 'error' : m.to === 'completed' ? 'success' : 'primary'}
          disabled={disabled} onClick={() => onMove(m)}>
          {m.label}
        </Button>
      ))}
    </Stack>
  );
}
