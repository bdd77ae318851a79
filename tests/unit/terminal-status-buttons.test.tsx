// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StatusButtons } from '../../src/custom/terminal/ticket/StatusButtons';
import { BULK_TARGETS, allowedMoves } from '../../src/custom/terminal/ticket/ticket-moves';
import { TICKET_MOVES } from '../../src/resources/terminal/ticket-status';

afterEach(cleanup);

const names = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('ticket status buttons', () => {
  it('offer exactly the moves the lifecycle allows from the current status', () => {
    for (const [from, moves] of Object.entries(TICKET_MOVES)) expect(allowedMoves(from, true).map((m) => m.to)).toEqual(moves);
    render(<StatusButtons status="draft" canChangeStatus onMove={() => {}} />);
    expect(names()).toEqual(['Start', 'Complete', 'Void']);
    cleanup();
    render(<StatusButtons status="completed" canChangeStatus onMove={() => {}} />);
    expect(names()).toEqual(['Reopen', 'Void']);
  });

  it('a void ticket has none', () => {
    render(<StatusButtons status="void" canChangeStatus onMove={() => {}} />);
    expect(names()).toEqual([]);
  });

  it('without can_change_ticket_status there are none', () => {
    render(<StatusButtons status="draft" canChangeStatus={false} onMove={() => {}} />);
    expect(names()).toEqual([]);
    expect(allowedMoves('in_progress', false)).toEqual([]);
  });

  it('a click reports the move; only a void needs a reason', () => {
    const onMove = vi.fn();
    render(<StatusButtons status="in_progress" canChangeStatus onMove={onMove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    expect(onMove).toHaveBeenCalledWith({ to: 'void', label: 'Void', needsReason: true });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onMove).toHaveBeenLastCalledWith({ to: 'completed', label: 'Complete', needsReason: false });
  });

  it('the bulk dialog offers every status some ticket can move to', () => {
    expect(BULK_TARGETS).toEqual(['draft', 'in_progress', 'completed', 'void']);
  });
});
