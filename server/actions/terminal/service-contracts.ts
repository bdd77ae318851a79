/**
 * Service contracts (docs/terminal.md, Service contracts): a contract's dates are in order; a
 * contract does not charge the same thing twice for one ticket; a copy takes its price lines;
 * `bulk_update_prices/` changes many prices at once, all or none.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { MAX_PRICE_UPDATES, serviceContract, serviceContractTicket } from '../../../src/resources/terminal/service-contract';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { defineBehaviour } from '../../engine/behaviour';
import { updateAll } from '../../engine/bulk-rows';
import { ErrorBag, badRequest } from '../../engine/errors';
import { copiedFields, create } from '../../engine/operations';
import type { ActionHandler } from '../../engine/action-handler';
import type { Row } from '../../engine/serialize';

const units = tableOf(measurementUnit);
const lines = tableOf(serviceContractTicket);

/** A second enabled line charging the same thing (description, ticket type and product) for the same tickets: a ticket would pay it twice. */
async function duplicateLine(db: Db, v: Row, id: unknown): Promise<Row | undefined> {
  const same = (col: 'ticket_type' | 'product', value: unknown) => (value === null || value === undefined ? isNull(lines[col]) : eq(lines[col], value));
  const [hit] = await db.select({ id: lines.id }).from(lines).where(and(
    eq(lines.service_contract, v.service_contract as string), eq(lines.enabled, true),
    sql`lower(${lines.description}) = lower(${String(v.description)})`,
    same('ticket_type', v.ticket_type), same('product', v.product),
    ...(id ? [ne(lines.id, id as string)] : []),
  )).limit(1);
  return hit;
}

const contractBehaviour = defineBehaviour(serviceContract, {
  hooks: {
    beforeWrite({ input, current }) {
      const v = { ...current, ...input.values } as Row;
      if (v.expiration_date && v.effective_date && String(v.expiration_date) < String(v.effective_date)) {
        throw badRequest({ expiration_date: ['The contract cannot end before it takes effect.'] });
      }
    },
    // A copy is a contract with the same charges: its price lines come with it.
    async afterClone({ db, ctx, source, copy }) {
      const own = await db.select().from(lines).where(eq(lines.service_contract, source.id as string)).orderBy(lines.description);
      const fields = copiedFields(serviceContractTicket).filter((f) => f !== 'service_contract');
      for (const line of own) {
        await create(db, ctx, serviceContractTicket, { ...Object.fromEntries(fields.map((f) => [f, (line as Row)[f]])), service_contract: copy.id });
      }
    },
  },
  actions: {
    bulk_update_prices: (async ({ db, ctx, record, input }) => {
      const list = input.update_list as unknown[];
      const errors = new ErrorBag();
      if (list.length > MAX_PRICE_UPDATES) errors.add('update_list', `At most ${MAX_PRICE_UPDATES} prices at once.`);
      if (!list.length) errors.add('update_list', 'Give at least one price to change.');
      const wanted = new Map<string, Row>();
      list.forEach((item, i) => {
        const it = item as Row;
        if (!it || typeof it !== 'object' || Array.isArray(it)) return errors.add(`update_list.${i}`, 'Each change is an object {id, unit_price, minimum_charge?}.');
        const extra = Object.keys(it).filter((k) => !['id', 'unit_price', 'minimum_charge'].includes(k));
        if (extra.length) errors.add(`update_list.${i}`, `Only unit_price and minimum_charge change here, not ${extra.join(', ')}.`);
        if (typeof it.id !== 'string' || !it.id) errors.add(`update_list.${i}.id`, 'Name the price line by its id.');
        else if (wanted.has(it.id)) errors.add(`update_list.${i}.id`, 'This price line is named twice.');
        else wanted.set(it.id, it);
        if (!('unit_price' in it) && !('minimum_charge' in it)) errors.add(`update_list.${i}`, 'Give unit_price, minimum_charge or both.');
      });
      errors.throwIfAny();
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(lines).where(eq(lines.service_contract, record!.id as string)).for('update');
        const byId = new Map(rows.map((r) => [String(r.id), r as Row]));
        const unknown = [...wanted.keys()].filter((id) => !byId.has(id));
        if (unknown.length) throw badRequest({ update_list: unknown.map((id) => `"${id}" is no price line of this contract.`) });
        const changed = await updateAll(tx, ctx, serviceContractTicket, [...wanted.keys()].map((id) => byId.get(id)!), (row) => {
          const it = wanted.get(String(row.id))!;
          return { ...('unit_price' in it ? { unit_price: it.unit_price } : {}), ...('minimum_charge' in it ? { minimum_charge: it.minimum_charge } : {}) };
        }, (row) => String(row.description));
        return { updated: changed.length, lines: changed.map((l) => ({ id: l.id, description: l.description, unit_price: l.unit_price, version: l.version })) };
      });
    }) satisfies ActionHandler,
  },
});

const priceLineBehaviour = defineBehaviour(serviceContractTicket, {
  hooks: {
    async beforeWrite({ db, input, current, id }) {
      const v = { ...current, ...input.values } as Row;
      if (v.enabled === false) return;
      if (await duplicateLine(db, v, id)) {
        throw badRequest({ description: ['The contract already charges this for the same tickets: change that line, or name this charge differently.'] });
      }
      if (!v.unit) return;
      if (v.basis === 'load') throw badRequest({ unit: ['A charge per load has no unit.'] });
      const [unit] = await db.select({ kind: units.unit_type }).from(units).where(eq(units.id, v.unit as string));
      const kind = v.basis === 'net_weight' ? 'mass' : 'volume';
      if (unit && unit.kind !== kind) throw badRequest({ unit: [`A charge by ${v.basis === 'net_weight' ? 'weight' : 'volume'} is priced per a ${kind} unit.`] });
    },
    beforeWriteFields: ['service_contract', 'description', 'ticket_type', 'product', 'basis', 'unit', 'enabled'],
  },
});

export const serviceContractBehaviours = [contractBehaviour, priceLineBehaviour];
