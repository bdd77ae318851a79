import { describe, expect, it } from 'vitest';
import { moveError } from '../../server/engine/transitions';
import { ticket } from '../../src/resources/terminal/ticket';
import type { ChoiceField } from '../../src/resources/fields';
import { TICKET_MOVES, TICKET_STATUSES } from '../../src/resources/terminal/ticket-status';

const status = ticket.fields.status as ChoiceField;

describe('ticket lifecycle', () => {
  it('allows exactly the declared moves', () => {
    for (const [from] of TICKET_STATUSES) {
      for (const [to] of TICKET_STATUSES) {
        const allowed = from === to || TICKET_MOVES[from].includes(to);
        expect(moveError(status, from, to) === null, `${from} -> ${to}`).toBe(allowed);
      }
    }
  });
  it('names the allowed moves, or says the state is final', () => {
    expect(moveError(status, 'draft', 'draft')).toBeNull();
    expect(moveError(status, 'completed', 'draft')).toBe('Cannot change from Completed to Draft. Allowed: In progress, Void.');
    expect(moveError(status, 'void', 'completed')).toBe('Cannot change from Void to Completed. Void is final.');
  });
  it('checks the initial state of a new record', () => {
    expect(moveError(status, null, 'draft')).toBeNull();
    expect(moveError(status, undefined, 'void')).toBe('A new record cannot start as Void.');
  });
});
