/**
 * Short lists of contracts to choose from (docs/rail.md §6.1, §6.7): `contract/get_short_contract_list/`
 * (pickers, the connect page) and `company/{id}/contracts/` (the register's tab counts), one row
 * shape, at most 500 rows, by number.
 */
import { type SQL, and, asc, eq, ilike, inArray, ne } from 'drizzle-orm';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { contract } from '../../../src/resources/rail/contract';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import type { Ctx } from '../../engine/context';
import { labelsFor } from '../../engine/labels';
import { scopeOf, selectionOf, serializeRows } from '../../engine/operations';

export const SHORT_LIST_LIMIT = 500;

/** `%`, `_` and `\` typed in a search are meant literally. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The contracts matching `where` in the caller's scope, as the short list writes them. */
export async function shortContracts(db: Db, ctx: Ctx, where: (SQL | undefined)[]) {
  const t = tableOf(contract);
  const rows = await db.select(selectionOf(contract)).from(t).where(and(scopeOf(ctx, contract), ...where))
    .orderBy(asc(t.contract_number), asc(t.id)).limit(SHORT_LIST_LIMIT);
  const records = await serializeRows(db, contract, rows);
  const parties = await labelsFor(db, ctx, party, records.map((c) => c.party));
  const products = await labelsFor(db, ctx, product, records.map((c) => c.product));
  const ref = (id: unknown, labels: Map<string, string>) => ({ id, label: labels.get(String(id)) ?? null });
  return records.map((c) => ({
    id: c.id, contract_number: c.contract_number, contract_type: c.contract_type, status: c.status,
    party: ref(c.party, parties), product: ref(c.product, products),
    start_date: c.start_date, end_date: c.end_date, number_of_cars: c.number_of_cars, supply_contract: c.supply_contract,
  }));
}

/** `GET contract/get_short_contract_list/`: by type, statuses (draft and active unless named), product and part of the number. */
export const getShortContractList: ActionHandler = async ({ db, ctx, input }) => {
  const t = tableOf(contract);
  const statuses = (input.status as string[] | undefined)?.length ? input.status as string[] : ['draft', 'active'];
  return shortContracts(db, ctx, [
    inArray(t.status, statuses),
    input.contract_type ? eq(t.contract_type, input.contract_type as string) : undefined,
    input.product ? eq(t.product, input.product as number) : undefined,
    input.search ? ilike(t.contract_number, `%${literal(String(input.search))}%`) : undefined,
  ]);
};

/** `GET company/{id}/contracts/`: the company's sales and purchases, every status but cancelled. */
export const companyContracts: ActionHandler = async ({ db, ctx, record }) => {
  const t = tableOf(contract);
  const rows = await shortContracts(db, ctx, [eq(t.company, record!.id as number), ne(t.status, 'cancelled')]);
  return { sales: rows.filter((c) => c.contract_type === 'sale'), purchases: rows.filter((c) => c.contract_type === 'purchase') };
};
