/**
 * Additional fields (docs/audit.md, Additional fields): a company's definitions are checked as they
 * are saved, and one record's values are read and written through `get_model_fields` and
 * `update_additional_fields/`, with the rights over the record itself: reading needs the record in
 * the caller's view, writing needs its change permission. A write is audited on the record; a
 * failed one is logged and rethrown (its answer unchanged).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../engine/hooks';
import type { ActionHandler } from '../../engine/action-handler';
import { ErrorBag, HttpError, fieldError } from '../../engine/errors';
import { authorize, get } from '../../engine/operations';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';
import { tableOf } from '../../db/tables';
import { additionalValue } from '../../db/internal-tables';
import { registry } from '../../../src/resources/index';
import type { Resource } from '../../../src/resources/define';
import { additionalField } from '../../../src/resources/accounts/additional-field';
import { type AdditionalDef, checkAdditionalValue, takesAdditionalFields } from '../../../src/resources/additional-values';
import { recordChanges } from '../../audit/direct-entry';

const defs = tableOf(additionalField);
type Values = Record<string, string | boolean>;

export const additionalFieldHooks: ResourceHooks = {
  beforeWrite({ input, current }) {
    const v = { ...current, ...input.values } as Record<string, unknown>;
    const errors = new ErrorBag();
    const target = registry.get(String(v.model));
    if (!target || !takesAdditionalFields(target)) errors.add('model', `"${String(v.model)}" is not a resource a company may add fields to.`);
    if (current && input.values.name !== undefined && input.values.name !== current.name) errors.add('name', 'The key is fixed once the field is made: records keep their values under it.');
    if (current && input.values.model !== undefined && input.values.model !== current.model) errors.add('model', 'The resource is fixed once the field is made.');
    const choices = (v.choices as string[] | null) ?? [];
    if (v.kind === 'choice' && !choices.length) errors.add('choices', 'A choice field needs the values it offers.');
    if (new Set(choices).size !== choices.length) errors.add('choices', 'Each choice is named once.');
    errors.throwIfAny();
  },
};

/** The resource a request names, if the caller's company may have fields on it. */
function targetOf(model: string): Resource {
  const r = registry.get(model);
  if (!r || !takesAdditionalFields(r)) throw fieldError('model', `"${model}" is not a resource with additional fields.`);
  return r;
}

/** The company's enabled definitions for a resource, in their order, as the value checks read them. */
async function definitionsOf(db: Db, companyId: number, model: string): Promise<(AdditionalDef & { id: number; help: string })[]> {
  const rows = await db.select().from(defs)
    .where(and(eq(defs.company, companyId), eq(defs.model, model), eq(defs.enabled, true)))
    .orderBy(asc(defs.position), asc(defs.label), asc(defs.id));
  return rows.map((d) => ({
    id: d.id as number, name: String(d.name), label: String(d.label), kind: d.kind as AdditionalDef['kind'],
    required: Boolean(d.required), choices: (d.choices as string[] | null) ?? [], help: (d.help as string | null) ?? '',
  }));
}

async function valuesOf(db: Db, companyId: number, model: string, objectId: string, lock = false): Promise<Values> {
  const q = db.select({ values: additionalValue.values }).from(additionalValue)
    .where(and(eq(additionalValue.company_id, companyId), eq(additionalValue.model, model), eq(additionalValue.object_id, objectId)));
  const [row] = await (lock ? q.for('update') : q);
  return (row?.values as Values | undefined) ?? {};
}

const answer = (list: Awaited<ReturnType<typeof definitionsOf>>, values: Values) => list.map((d) => ({ ...d, value: values[d.name] ?? null }));

/** The record as the caller may read it (404 otherwise); its id as stored, in text. */
async function recordOf(db: Db, ctx: Ctx, r: Resource, objectId: string) {
  const row = await get(db, ctx, r, objectId);
  return { id: String(row.id), company: (row.company as number | null) ?? null };
}

export const getModelFields: ActionHandler = async ({ db, ctx, input }) => {
  const model = String(input.model);
  const r = targetOf(model);
  authorize(ctx, r, 'view');
  if (ctx.user.companyId === null) return [];
  const objectId = input.object_id ? (await recordOf(db, ctx, r, String(input.object_id))).id : null;
  const list = await definitionsOf(db, ctx.user.companyId, model);
  return answer(list, objectId ? await valuesOf(db, ctx.user.companyId, model, objectId) : {});
};

/** Checks every given value against its definition: one message per key, nothing written on any. */
function checkValues(list: AdditionalDef[], given: Record<string, unknown>): Record<string, string | boolean | null> {
  const errors = new ErrorBag();
  const out: Record<string, string | boolean | null> = {};
  for (const [key, raw] of Object.entries(given)) {
    const def = list.find((d) => d.name === key);
    if (!def) { errors.add(`fields.${key}`, 'No such additional field on this resource.'); continue; }
    const checked = checkAdditionalValue(def, raw);
    if ('error' in checked) errors.add(`fields.${key}`, checked.error);
    else out[key] = checked.value;
  }
  errors.throwIfAny();
  return out;
}

export const updateAdditionalFields: ActionHandler = async ({ db, ctx, input, log }) => {
  const model = String(input.model);
  try {
    const r = targetOf(model);
    authorize(ctx, r, 'change');
    if (ctx.user.companyId === null) throw fieldError('model', 'Only a company\'s users keep additional fields.');
    const companyId = ctx.user.companyId;
    const record = await recordOf(db, ctx, r, String(input.object_id));
    const list = await definitionsOf(db, companyId, model);
    const given = checkValues(list, input.fields as Record<string, unknown>);
    return await db.transaction(async (tx) => {
      const before = await valuesOf(tx, companyId, model, record.id, true);
      const after: Values = { ...before };
      for (const [k, v] of Object.entries(given)) { if (v === null) delete after[k]; else after[k] = v; }
      const changes = Object.fromEntries(Object.keys(given).filter((k) => before[k] !== after[k]).map((k) => [`additional_fields.${k}`, [before[k] ?? null, after[k] ?? null] as [unknown, unknown]]));
      if (Object.keys(changes).length) {
        await tx.insert(additionalValue).values({ company_id: companyId, model, object_id: record.id, values: after })
          .onConflictDoUpdate({ target: [additionalValue.company_id, additionalValue.model, additionalValue.object_id], set: { values: after, updated_at: new Date() } });
        await recordChanges(tx, [{ company: record.company ?? companyId, model, objectId: record.id, changes }], 'additional_fields/update_additional_fields');
      }
      return answer(list, after);
    });
  } catch (e) {
    // docs/audit.md, Additional fields: a failed update is logged, then answered as it would be.
    log.warn({ err: e instanceof HttpError ? undefined : e, status: e instanceof HttpError ? e.status : 500, model, object_id: input.object_id }, 'additional fields update failed');
    throw e;
  }
};
