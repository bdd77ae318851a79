import { describe, expect, it } from 'vitest';
import { allowedMoves, finalState, missingForMove, moveError } from '../../src/lib/lifecycle';
import { defineResource } from '../../src/resources/define';
import { choice, text } from '../../src/resources/fields';
import type { AccessProfile } from '../../src/authProvider/permissions';
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

describe('declared lifecycle rules', () => {
  const p = (codenames: string[]): AccessProfile => ({
    is_superuser: false, groups: [], roles: [], user_access: [{ app: 'terminalboss', models: [{ model: 'ticket', codenames }] }],
    company: { id: 1, name: 'Demo', features: [{ name: 'terminalboss', subscribed: true }] },
  });

  it('a void ticket is final, and voiding needs its reason with the declared message', () => {
    expect(finalState(ticket, { status: 'void' })).toMatchObject({ name: 'status', state: 'void' });
    expect(finalState(ticket, { status: 'completed' })).toBeNull();
    expect(missingForMove(status, 'void', { void_reason: '  ' })).toEqual({ void_reason: 'Give the reason for voiding the ticket.' });
    expect(missingForMove(status, 'void', { void_reason: 'Keyed twice' })).toEqual({});
    expect(missingForMove(status, 'completed', {})).toEqual({});
  });

  it('a user is offered a move only with change_ticket and can_change_ticket_status, and none from a final state', () => {
    const both = p(['change_ticket', 'can_change_ticket_status']);
    expect(allowedMoves(both, ticket, { status: 'in_progress' }).status.map((m) => m.value)).toEqual(['completed', 'draft', 'void']);
    expect(allowedMoves(both, ticket, { status: 'in_progress' }).status.find((m) => m.value === 'void')?.requires).toEqual(['void_reason']);
    expect(allowedMoves(p(['change_ticket']), ticket, { status: 'draft' }).status).toEqual([]);
    expect(allowedMoves(p(['can_change_ticket_status']), ticket, { status: 'draft' }).status).toEqual([]);
    expect(allowedMoves(both, ticket, { status: 'void' }).status).toEqual([]);
  });

  it('a declaration that contradicts itself is refused when it loads', () => {
    const declare = (transitions: object, extra: object = {}) => () => defineResource({
      name: 'lifecycle_probe', label: 'Probe', perms: { app: 'x', model: 'probe' },
      fields: { status: choice([['a', 'A'], ['b', 'B']], { transitions: { initial: ['a'], moves: { a: ['b'], b: [] }, ...transitions } as never }), note: text() },
      ...extra,
    });
    expect(declare({ final: ['b'] })).not.toThrow();
    expect(declare({ final: ['a'] })).toThrow(/moves out of the final state "a"/);
    expect(declare({ requires: { b: { missing: 'Say why.' } } })).toThrow(/unknown field "missing"/);
    expect(declare({ permission: 'can_probe' })).toThrow(/undeclared codename "can_probe"/);
    expect(declare({ permission: 'can_probe' }, { extraCodenames: { can_probe: 'Can probe' } })).not.toThrow();
  });
});
