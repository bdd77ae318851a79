import { describe, expect, it } from 'vitest';
import { allowedMoves, deleteRefusal, finalState, isEditable, lockedState, mayMove, missingForMove, moveError } from '../../src/lib/lifecycle';
import { checkTransitions } from '../../server/engine/transitions';
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

describe('refusals read as sentences', () => {
  it('an article that fits the state, and what to do instead in the lifecycle\'s words', async () => {
    const { contract } = await import('../../src/resources/rail/contract');
    expect(deleteRefusal(contract, { status: 'active' })).toBe('An active contract cannot be deleted. Cancel it instead.');
    expect(deleteRefusal(contract, { status: 'draft' })).toBeNull();
    expect(deleteRefusal(ticket, { status: 'completed' })).toBe('A completed ticket cannot be deleted. Void it instead.');
  });
});

describe('a codename per move, and locked states', () => {
  const shipment = defineResource({
    name: 'lifecycle_locked_probe', label: 'Shipment', perms: { app: 'x', model: 'probe' },
    extraCodenames: { ship_probe: 'Can ship', void_probe: 'Can void' },
    fields: {
      status: choice([['open', 'Open'], ['shipped', 'Shipped'], ['in_correction', 'In correction'], ['void', 'Void']], {
        transitions: {
          initial: ['open'], final: ['void'],
          moves: { open: ['shipped'], shipped: ['in_correction', 'void'], in_correction: ['shipped', 'void'], void: [] },
          codenames: { shipped: 'ship_probe', void: 'void_probe' },
          locked: { shipped: 'Open it for correction first.' },
          requires: { void: { void_reason: 'Say why.' } },
        },
      }),
      void_reason: text(), note: text(), stamp: text({ readOnly: true }),
    },
  });
  const statusOf = shipment.fields.status as ChoiceField;
  const p = (codenames: string[]): AccessProfile => ({
    is_superuser: false, groups: [], roles: [], user_access: [{ app: 'x', models: [{ model: 'probe', codenames }] }],
    company: { id: 1, name: 'Demo', features: [] },
  });
  const ctx = (codenames: string[], writes?: string[]) => ({
    user: { profile: p(codenames) }, ...(writes ? { writes: { resource: shipment.name, fields: writes } } : {}),
  }) as unknown as Parameters<typeof checkTransitions>[0];
  const refusal = (f: () => void) => { try { f(); return null; } catch (e) { return (e as { status?: number; body?: unknown }); } };

  it('offers each move only with its own codename', () => {
    expect(allowedMoves(p(['change_probe']), shipment, { status: 'shipped' }).status).toEqual([{ value: 'in_correction', label: 'In correction', requires: [] }]);
    expect(allowedMoves(p(['change_probe', 'void_probe']), shipment, { status: 'shipped' }).status.map((m) => m.value)).toEqual(['in_correction', 'void']);
    expect(mayMove(p(['change_probe']), shipment, statusOf, 'shipped')).toBe(false);
    expect(mayMove(p(['change_probe', 'ship_probe']), shipment, statusOf, 'shipped')).toBe(true);
  });

  it('the server refuses a move without its codename (403) and makes it with one', () => {
    expect(refusal(() => checkTransitions(ctx(['change_probe']), shipment, { status: 'open' }, { status: 'shipped' }))).toMatchObject({ status: 403 });
    expect(refusal(() => checkTransitions(ctx(['change_probe', 'ship_probe']), shipment, { status: 'open' }, { status: 'shipped' }))).toBeNull();
  });

  it('a locked record is changed only by a move and what the move requires, or what the action declares it writes', () => {
    const all = ['change_probe', 'ship_probe', 'void_probe'];
    const shipped = { status: 'shipped', note: 'As issued', void_reason: null, stamp: null };
    const edit = refusal(() => checkTransitions(ctx(all), shipment, shipped, { note: 'Changed quietly' }));
    expect(edit).toMatchObject({ status: 400 });
    expect(JSON.stringify(edit)).toContain('A shipped shipment cannot be changed. Open it for correction first.');
    // Sending a value unchanged is no change.
    expect(refusal(() => checkTransitions(ctx(all), shipment, shipped, { note: 'As issued' }))).toBeNull();
    expect(refusal(() => checkTransitions(ctx(all), shipment, shipped, { status: 'void', void_reason: 'Wrong cars' }))).toBeNull();
    expect(refusal(() => checkTransitions(ctx(all), shipment, shipped, { status: 'void', void_reason: 'Wrong cars', note: 'x' }))).toMatchObject({ status: 400 });
    expect(refusal(() => checkTransitions(ctx(all, ['stamp']), shipment, shipped, { stamp: 'Printed' }))).toBeNull();
    // Reopened for correction, it is edited again.
    expect(refusal(() => checkTransitions(ctx(all), shipment, { ...shipped, status: 'in_correction' }, { note: 'Corrected' }))).toBeNull();
    expect(isEditable(shipment, shipped)).toBe(false);
    expect(lockedState(shipment, shipped)).toMatchObject({ state: 'shipped', hint: 'Open it for correction first.' });
    expect(isEditable(shipment, { status: 'in_correction' })).toBe(true);
  });

  it('a declaration naming an undeclared codename or a state outside the lifecycle is refused', () => {
    const declare = (transitions: object) => () => defineResource({
      name: 'lifecycle_probe2', label: 'Probe', perms: { app: 'x', model: 'probe2' }, extraCodenames: { can_probe: 'Can probe' },
      fields: { status: choice([['a', 'A'], ['b', 'B']], { transitions: { initial: ['a'], moves: { a: ['b'], b: [] }, final: ['b'], ...transitions } as never }) },
    });
    expect(declare({ codenames: { b: 'can_probe' } })).not.toThrow();
    expect(declare({ codenames: { b: 'can_other' } })).toThrow(/undeclared codename "can_other"/);
    expect(declare({ codenames: { z: 'can_probe' } })).toThrow(/names "z", which is no state of its lifecycle/);
    expect(declare({ locked: { b: 'Hint.' } })).toThrow(/locks "b", which is no state a record leaves by a move/);
    expect(declare({ locked: { z: 'Hint.' } })).toThrow(/locks "z"/);
  });
});
