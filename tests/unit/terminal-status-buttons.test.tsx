// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StatusButtons } from '../../src/custom/terminal/ticket/StatusButtons';
import { BULK_TARGETS, ticketMoves } from '../../src/custom/terminal/ticket/ticket-moves';
import { TICKET_MOVES } from '../../src/resources/terminal/ticket-status';
import type { AccessProfile } from '../../src/authProvider/permissions';

afterEach(cleanup);

const names = () => screen.queryAllByRole('button').map((b) => b.textContent);
const profile = (codenames: string[]): AccessProfile => ({
  is_superuser: false, groups: [], roles: [], user_access: [{ app: 'terminalboss', models: [{ model: 'ticket', codenames }] }],
  company: { id: 1, name: 'Demo', features: [{ name: 'terminalboss', subscribed: true }] },
});
const mover = profile(['view_ticket', 'change_ticket', 'can_change_ticket_status']);
const allowedMoves = (status: string, canMove: boolean) => ticketMoves(canMove ? mover : profile(['view_ticket', 'change_ticket']), { status });
const Buttons = ({ status, canMove = true, onMove = () => {} }: { status: string; canMove?: boolean; onMove?(m: unknown): void }) =>
  <StatusButtons moves={allowedMoves(status, canMove)} onMove={onMove} />;

describe('ticket status buttons', () => {
  it('offer exactly the moves the lifecycle allows from the current status', () => {
    for (const [from, moves] of Object.entries(TICKET_MOVES)) expect(allowedMoves(from, true).map((m) => m.to)).toEqual(moves);
    render(<Buttons status="draft" />);
    expect(names()).toEqual(['Start', 'Complete', 'Void']);
    cleanup();
    render(<Buttons status="completed" />);
    expect(names()).toEqual(['Reopen', 'Void']);
  });

  it('a void ticket has none', () => {
    render(<Buttons status="void" />);
    expect(names()).toEqual([]);
  });

  it('without can_change_ticket_status there are none', () => {
    render(<Buttons status="draft" canMove={false} />);
    expect(names()).toEqual([]);
    expect(allowedMoves('in_progress', false)).toEqual([]);
    expect(ticketMoves(profile(['view_ticket', 'can_change_ticket_status']), { status: 'draft' })).toEqual([]);
  });

  it('a click reports the move; only a void needs a reason', () => {
    const onMove = vi.fn();
    render(<Buttons status="in_progress" onMove={onMove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    expect(onMove).toHaveBeenCalledWith({ to: 'void', label: 'Void', needsReason: true });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onMove).toHaveBeenLastCalledWith({ to: 'completed', label: 'Complete', needsReason: false });
  });

  it('the bulk dialog offers every status some ticket can move to', () => {
    expect(BULK_TARGETS).toEqual(['draft', 'in_progress', 'completed', 'void']);
  });
});
