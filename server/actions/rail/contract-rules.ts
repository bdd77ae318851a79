/**
 * What a contract's declaration cannot say (docs/rail.md §4.1), run in its write transaction:
 * - its facility role defaults by type (a sale loads at its facility, a purchase unloads there);
 * - it ends on or after its start and runs at most 366 days, both ends counted;
 * - its railroad is a railroad or carrier party (docs/rail.md §2, Railroads are parties);
 * - a connected contract keeps its type;
 * - saved without a number, it gets the next one of its type's code generator (§9), given last,
 *   once every rule has passed, inside this transaction.
 * The lifecycle (§3.1) is the engine's, from the declaration.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MAX_CONTRACT_DAYS, contractDays } from '../../../src/lib/contract-periods';
import { facility } from '../../../src/resources/logistics/facility';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { contract } from '../../../src/resources/rail/contract';
import { contractDefaults } from '../../../src/resources/rail/contract-defaults';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ErrorBag } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { ParsedInput } from '../../engine/input';
import { generatorSettings, giveNumber } from './numbering';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());
const RAILROAD_TYPES = ['railroad', 'carrier'];

/** `S-2026-0012`, or the id of a contract without a number yet. */
export const contractLabel = (row: Record<string, unknown>) => contract.choiceLabel(row);

/** The role of a contract's facility when none is given: a sale ships from it, a purchase is received at it. */
export const roleOfType = (type: unknown) => (type === 'purchase' ? 'destination' : 'origin');

/** Why a party cannot be named as a railroad, or null when it can (docs/rail.md §2). */
export async function railroadError(db: Db, partyId: unknown): Promise<string | null> {
  if (partyId === null || partyId === undefined) return null;
  const t = tableOf(party);
  const [row] = await db.select({ name: t.name, type: t.party_type }).from(t).where(eq(t.id, partyId as number)).limit(1);
  if (!row || RAILROAD_TYPES.includes(String(row.type))) return null;
  const label = party.fields.party_type.kind === 'choice' ? party.fields.party_type.choices.find(([v]) => v === row.type)?.[1] ?? String(row.type) : String(row.type);
  return `Choose a railroad or carrier party; ${String(row.name)} is a ${label.toLowerCase()}.`;
}

/** A code of a referenced record, for the number's placeholders. */
async function codeOf(db: Db, r: typeof party | typeof product | typeof facility, id: unknown): Promise<string | null> {
  if (id === null || id === undefined) return null;
  const t = tableOf(r);
  const [row] = await db.select({ code: t.code }).from(t).where(eq(t.id, id as number)).limit(1);
  return (row?.code as string | null | undefined) ?? null;
}

/** The next number of the contract's type, skipping numbers the company's contracts already have. */
async function nextContractNumber(db: Db, companyId: number, after: Record<string, unknown>): Promise<string> {
  const type = after.contract_type === 'purchase' ? 'contract_purchase' : 'contract_sale';
  const t = tableOf(contract);
  return giveNumber(db, {
    companyId, series: type, settings: await generatorSettings(db, companyId, type), rule: 'code',
    fields: { 'party.code': await codeOf(db, party, after.party), 'product.code': await codeOf(db, product, after.product), 'facility.code': await codeOf(db, facility, after.facility) },
    taken: async (code) => (await db.select({ id: t.id }).from(t).where(and(eq(t.company, companyId), eq(t.contract_number, code))).limit(1)).length > 0,
    maxLength: (contract.fields.contract_number as { max: number }).max,
  });
}

/** Whether sales name this contract as their supply (it is a connected purchase). */
async function supplies(db: Db, id: unknown): Promise<boolean> {
  const t = tableOf(contract);
  return (await db.select({ id: t.id }).from(t).where(eq(t.supply_contract, id as number)).limit(1)).length > 0;
}

/**
 * A new contract takes the company's defaults (docs/rail.md, Contract defaults) for what it was
 * made without: currency and price unit left to their declared default, and volume per car,
 * railroad and terms not given. A value sent, even an empty one, stays.
 */
async function applyCompanyDefaults(db: Db, input: ParsedInput) {
  const v = input.values;
  const d = tableOf(contractDefaults);
  const [defaults] = await db.select().from(d).where(eq(d.company, Number(v.company)));
  if (!defaults) return;
  for (const name of ['currency', 'price_unit'] as const) if (input.defaulted?.has(name) && defaults[name]) v[name] = defaults[name];
  if (v.volume_per_car === undefined && defaults.volume_per_car !== null) v.volume_per_car = defaults.volume_per_car;
  if (v.carrier === undefined && defaults.carrier !== null) v.carrier = defaults.carrier;
  if (v.terms === undefined) {
    const text = [defaults.payment_terms && `Payment: ${defaults.payment_terms}`, defaults.terms].filter(Boolean).join('\n\n');
    if (text) v.terms = text;
  }
}

export const contractHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    if (mode === 'create') await applyCompanyDefaults(db, input);
    const v = input.values;
    const after = { ...current, ...v };
    if ((mode === 'create' || 'facility_role' in v) && blank(v.facility_role)) v.facility_role = roleOfType(after.contract_type);
    const errors = new ErrorBag();
    if (mode === 'create' || 'start_date' in v || 'end_date' in v) {
      const days = contractDays(String(after.start_date), String(after.end_date));
      if (days < 1) errors.add('end_date', 'The contract cannot end before it starts.');
      else if (days > MAX_CONTRACT_DAYS) errors.add('end_date', `A contract runs at most ${MAX_CONTRACT_DAYS} days; roll it over for the next period.`);
    }
    if ('carrier' in v) {
      const wrong = await railroadError(db, v.carrier);
      if (wrong) errors.add('carrier', wrong);
    }
    if (mode === 'update' && 'contract_type' in v && v.contract_type !== current?.contract_type && (current?.supply_contract || await supplies(db, current?.id))) {
      errors.add('contract_type', `${contractLabel(current!)} is connected; disconnect it before changing its type.`);
    }
    errors.throwIfAny();
    if (mode === 'create' ? blank(v.contract_number) : 'contract_number' in v && blank(v.contract_number)) {
      v.contract_number = await nextContractNumber(db, Number(after.company), after);
    }
  },
};

// Qualified by the table name: in a query over another table (a reference's label) a bare name could bind elsewhere.
const own = (column: string) => sql.raw(`"${contract.table}"."${column}"`);

/** Cars shipped are those of the contract's shipped and correcting shipments, which arrive with slice 4; until then none. */
export const contractComputed = {
  cars_shipped: () => sql`0`,
  cars_remaining: () => sql`${own('number_of_cars')}`,
};

/** The default railroad is a railroad, as a contract's must be. */
export const contractDefaultsHooks: ResourceHooks = {
  async beforeWrite({ db, input }) {
    if (!('carrier' in input.values)) return;
    const wrong = await railroadError(db, input.values.carrier);
    if (wrong) { const errors = new ErrorBag(); errors.add('carrier', wrong); errors.throwIfAny(); }
  },
};
