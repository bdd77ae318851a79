/**
 * Allocations and transfer limits (docs/terminal.md, Allocations): their dates in order, a
 * transfer limit's period complete, and `schedule_limit/`: GET the windows with what they used,
 * POST whether a load of a quantity on a day would pass (allocation-limits.ts decides both).
 */
import { allocation, transferLimit } from '../../../src/resources/terminal/allocation';
import { addDays } from '../../../src/lib/limit-periods';
import { parse, round, text } from '../../../src/lib/pg-decimal';
import { defineBehaviour } from '../../engine/behaviour';
import { ErrorBag, badRequest } from '../../engine/errors';
import type { ActionHandler } from '../../engine/action-handler';
import type { Row } from '../../engine/serialize';
import { judgeAllocation, loadsUnderWay, windowsOf, windowsOnDay } from './allocation-limits';
import { todayAtSite } from './site-day';

const inOrder = (v: Row, from: string, to: string, message: string) => {
  if (v[from] && v[to] && String(v[to]) < String(v[from])) throw badRequest({ [to]: [message] });
};

const allocationBehaviour = defineBehaviour(allocation, {
  hooks: {
    beforeWrite({ input, current }) {
      inOrder({ ...current, ...input.values }, 'effective_date', 'expiration_date', 'An allocation cannot expire before it takes effect.');
    },
  },
  actions: {
    schedule_limit: (async ({ db, record, input }) => {
      const today = await todayAtSite(db, undefined, record!.company as number);
      const from = (input.from as string | undefined) ?? [String(record!.effective_date), addDays(today, -30)].sort()[1];
      const to = (input.to as string | undefined) ?? addDays(today, 60);
      if (to < from) throw badRequest({ to: ['The schedule cannot end before it starts.'] });
      return windowsOf(db, record!, from, to);
    }) satisfies ActionHandler,
    schedule_limit_check: (async ({ db, record, input }) => {
      const day = String(input.load_date);
      // Written as the answers write volumes: to 3 places.
      const quantity = input.quantity === undefined || input.quantity === null ? null : text(round(parse(String(input.quantity))!, 3));
      const windows = await windowsOnDay(db, record!, day);
      const inUse = await loadsUnderWay(db, record!);
      const inDates = day >= String(record!.effective_date) && (!record!.expiration_date || day <= String(record!.expiration_date));
      const v = inDates ? judgeAllocation(record!, windows, inUse, quantity ? parse(quantity) : null, true) : { deny: [`Allocation ${String(record!.allocation_code)} does not cover ${day}.`], warn: [] };
      return {
        decision: v.deny.length ? 'deny' : v.warn.length ? 'warn' : 'ok', messages: [...v.deny, ...v.warn], windows,
        max_allowed_uses: Number(record!.max_allowed_uses ?? 1), in_use: inUse, load_date: day, quantity,
      };
    }) satisfies ActionHandler,
  },
});

const transferLimitBehaviour = defineBehaviour(transferLimit, {
  hooks: {
    beforeWrite({ input, current }) {
      const v = { ...current, ...input.values } as Row;
      const errors = new ErrorBag();
      if (v.period_type === 'days' && !v.days_in_period) errors.add('days_in_period', 'Give the number of days in a period.');
      if (v.period_type !== 'days' && v.days_in_period) errors.add('days_in_period', 'Only for a period of "every n days".');
      errors.throwIfAny();
      inOrder(v, 'transfer_limit_start_date', 'transfer_limit_end_date', 'A transfer limit cannot end before it starts.');
    },
  },
});

export const allocationBehaviours = [allocationBehaviour, transferLimitBehaviour];
