/**
 * List filters on a company's additional fields (docs/audit.md, Additional fields):
 * `additional_fields.<key>=a,b` (include), `__not_in`, `__icontains` (text), `__gte`/`__lte`/`__gt`/`__lt`
 * (numbers and dates), `__isnull`, each on the caller's company's value of the record. A value is
 * checked as the field's kind takes it, so `additional_fields.grade__gte=abc` is a 400 like any filter.
 */
import { type SQL, not, sql } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { type AdditionalDef, additionalKeyOf, checkAdditionalValue, isAdditionalColumn } from '../../src/resources/additional-values';
import { splitCommaList } from '../../src/lib/comma-list';
import type { Db } from '../db/connection';
import type { AnyTable } from '../db/tables';
import { additionalValue } from '../db/internal-tables';
import type { Ctx } from './context';
import { definitionsOf, keepsAdditional } from './additional';
import type { ErrorBag } from './errors';
import { containing } from './like-pattern';

/** What a list query needs to filter on additional fields: the caller's company and its definitions by key. */
export interface AdditionalScope { companyId: number; defs: Map<string, AdditionalDef> }

/** The scope when the query names an additional field (one read of the definitions), else undefined. */
export async function additionalScopeFor(db: Db, ctx: Ctx, r: Resource, keys: Iterable<string>): Promise<AdditionalScope | undefined> {
  if (![...keys].some(isAdditionalColumn) || !keepsAdditional(ctx, r)) return undefined;
  const defs = await definitionsOf(db, ctx.user.companyId!, r.name);
  return { companyId: ctx.user.companyId!, defs: new Map(defs.map((d) => [d.name, d])) };
}

const OPS_BY_KIND: Record<AdditionalDef['kind'], readonly string[]> = {
  text: ['include', 'not_in', 'icontains', 'isnull'],
  choice: ['include', 'not_in', 'isnull'],
  boolean: ['include', 'isnull'],
  number: ['include', 'not_in', 'gte', 'lte', 'gt', 'lt', 'isnull'],
  date: ['include', 'not_in', 'gte', 'lte', 'gt', 'lt', 'isnull'],
};
const CMP = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;
const DECIMAL_TEXT = '^-?[0-9]+(\\.[0-9]+)?$';

/** One filter's condition, or undefined with its message added. `name` is `additional_fields.<key>`. */
export function additionalCondition(r: Resource, t: AnyTable, scope: AdditionalScope | undefined, name: string, op: string, raw: string, errors: ErrorBag, key: string): SQL | undefined {
  const def = scope?.defs.get(additionalKeyOf(name));
  if (!scope || !def) { errors.add(key, `Unknown filter field "${name}".`); return undefined; }
  if (!OPS_BY_KIND[def.kind].includes(op)) { errors.add(key, `This filter does not apply to a ${def.kind} field.`); return undefined; }
  const av = additionalValue;
  const has = (cond: SQL) => sql`exists (select 1 from ${av} where ${av.company_id} = ${scope.companyId} and ${av.model} = ${r.name} and ${av.object_id} = ${t.id}::text and ${cond})`;
  const json = sql`(${av.values} -> ${def.name})`;
  const text = sql`(${av.values} ->> ${def.name})`;
  if (op === 'isnull') {
    if (!['true', 'false', '1', '0'].includes(raw)) { errors.add(key, 'Use true or false.'); return undefined; }
    const present = has(sql`${json} is not null`);
    return raw === 'true' || raw === '1' ? not(present) : present;
  }
  if (op === 'icontains') return has(sql`${text} ilike ${containing(raw)}`);
  // Each value is read as the field takes it: a decimal without its leading zeros, a day, true or false, a listed choice.
  const parse = (v: string) => {
    const checked = checkAdditionalValue({ ...def, required: false }, def.kind === 'boolean' ? (['true', '1'].includes(v) ? true : ['false', '0'].includes(v) ? false : v) : v);
    if ('error' in checked) { errors.add(key, `"${v}": ${checked.error}`); return undefined; }
    return checked.value;
  };
  const number = sql`(case when ${text} ~ ${DECIMAL_TEXT} then ${text}::numeric end)`;
  if (op in CMP) {
    const v = parse(raw);
    if (v === undefined || v === null) return undefined;
    return has(def.kind === 'number' ? sql`${number} ${sql.raw(CMP[op as keyof typeof CMP])} ${v}::numeric` : sql`${text} ${sql.raw(CMP[op as keyof typeof CMP])} ${v}`);
  }
  const values = splitCommaList(raw).filter((v) => v !== '').map(parse);
  if (values.some((v) => v === undefined || v === null) || !values.length) { if (!values.length) errors.add(key, 'Name at least one value.'); return undefined; }
  const match = def.kind === 'boolean'
    ? has(sql`${json} in (${sql.join(values.map((v) => sql`${JSON.stringify(v)}::jsonb`), sql`, `)})`)
    : def.kind === 'number'
      ? has(sql`${number} in (${sql.join(values.map((v) => sql`${v}::numeric`), sql`, `)})`)
      : has(sql`${text} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`);
  // Excluding values keeps the records that have no value at all.
  return op === 'not_in' ? not(match) : match;
}
