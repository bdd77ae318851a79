/**
 * `POST contract/clone_multiple/` (docs/rail.md §6.1): copies of several contracts at once, all or
 * nothing, each a draft with a new number; with `roll_over` their dates move by the period (1, 3 or
 * 12 months, src/lib/contract-periods.ts) and each names the contract it was rolled over from. A
 * copy is the generic clone of the engine, so its rules and number are a new contract's.
 */
import { contract } from '../../../src/resources/rail/contract';
import { type RollOverPeriod, rollOver } from '../../../src/lib/contract-periods';
import type { ActionHandler } from '../../engine/action-handler';
import { HttpError, badRequest, fieldError } from '../../engine/errors';
import { clone, copiedFields, get } from '../../engine/operations';
import { contractLabel } from './contract-rules';

/** A copy's 400 named by its source, on `contract_ids`: "S-2026-0012: End: A contract runs at most 366 days; ...". */
function bySource(source: Record<string, unknown>, e: unknown): never {
  if (!(e instanceof HttpError) || e.status !== 400) throw e;
  const messages = Object.entries(e.body).flatMap(([field, list]) => (Array.isArray(list) ? list : [list]).map((m) => `${contractLabel(source)}: ${field}: ${String(m)}`));
  throw badRequest({ contract_ids: messages });
}

export const cloneMultiple: ActionHandler = async ({ db, ctx, input }) => {
  const ids = [...new Set((input.contract_ids as unknown[]).map(String))];
  const rolling = input.roll_over === true;
  const period = (input.period ?? null) as RollOverPeriod | null;
  if (!ids.length) throw fieldError('contract_ids', 'Choose at least one contract.');
  if (rolling && !period) throw fieldError('period', 'Say how far to roll over: month, quarter or year.');
  if (!rolling && period) throw fieldError('period', 'A period is only used with roll_over.');
  const made = await db.transaction(async (tx) => {
    const out: Record<string, unknown>[] = [];
    for (const id of ids) {
      const source = await get(tx, ctx, contract, id);
      const moved = rolling ? { ...rollOver({ start_date: String(source.start_date), end_date: String(source.end_date) }, period!), rolled_over_from: source.id } : {};
      const copy = await clone(tx, ctx, contract, id, moved).catch((e: unknown) => bySource(source, e));
      out.push({ id: copy.id, contract_number: copy.contract_number, source_id: source.id, start_date: copy.start_date, end_date: copy.end_date });
    }
    return out;
  });
  return { created: made, copied_fields: copiedFields(contract) };
};
