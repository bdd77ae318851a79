/** One button per move the lifecycle allows from the ticket's status (none without can_change_ticket_status). */
import { Button, Stack } from '@mui/material';
import { allowedMoves, type StatusMove } from './ticket-moves';

export function StatusButtons({ status, canChangeStatus, disabled, onMove }: { status: unknown; canChangeStatus: boolean; disabled?: boolean; onMove(move: StatusMove): void }) {
  const moves = allowedMoves(status, canChangeStatus);
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
