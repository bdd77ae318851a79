/**
 * Additional fields (docs/audit.md, Additional fields): a company's definitions are checked as they
 * are saved, and one record's values are read and written through `get_model_fields` and
 * `update_additional_fields/`, with the rights over the record itself: reading needs the record in
 * the caller's view, writing needs its change permission. A write is audited on the record; a
 * failed one is logged and rethrown (its answer unchanged).
 */
import type { ResourceHooks } from '../../engine/hooks';
import type { ActionHandler } from '../../engine/action-handler';
import { ErrorBag, HttpError, badRequest, fieldError } from '../../engine/errors';
import { authorize, get } from '../../engine/operations';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';
import { registry } from '../../../src/resources/index';
import type { Resource } from '../../../src/resources/define';
import { takesAdditionalFields } from '../../../src/resources/additional-values';
import { type AdditionalValues, type Definition, checkValues, definitionsOf, forgetDefinitions, storeValues, valuesOf } from '../../engine/additional';

export const additionalFieldHooks: ResourceHooks = {
  beforeWrite({ input, current }) {
    const v = { ...current, ...input.values } as Record<string, unknown>;
    const errors = new ErrorBag();
    const target = registry.get(String(v.model));
    if (!target || !takesAdditionalFields(target)) errors.add('model', `"${String(v.model)}" is not a resource a company may add fields to.`);
    if (current && input.values.name !== undefined && input.values.name !== current.name) errors.add('name', 'The key is fixed once the field is made: records keep their values under it.');
    if (current && input.values.model !== undefined && input.values.model !== current.model) errors.add('model', 'The resource is fixed once the field is made.');
    // Stored values were checked as the kind took them (a number's text, a day): a new kind is a new field.
    if (current && input.values.kind !== undefined && input.values.kind !== current.kind) errors.add('kind', 'The kind is fixed once the field is made: make a new field for another kind.');
    const choices = (v.choices as string[] | null) ?? [];
    if (v.kind === 'choice' && !choices.length) errors.add('choices', 'A choice field needs the values it offers.');
    if (new Set(choices).size !== choices.length) errors.add('choices', 'Each choice is named once.');
    errors.throwIfAny();
  },
  // This process stops using the definitions at once; the others hear it at commit (server/engine/additional.ts).
  afterWrite() { forgetDefinitions(); },
  beforeDelete() { forgetDefinitions(); },
};

/** The resource a request names, if the caller's company may have fields on it. */
function targetOf(model: string): Resource {
  const r = registry.get(model);
  if (!r || !takesAdditionalFields(r)) throw fieldError('model', `"${model}" is not a resource with additional fields.`);
  return r;
}

const answer = (list: Definition[], values: AdditionalValues) => list.map((d) => ({ ...d, value: values[d.name] ?? null }));

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
  return answer(list, objectId ? (await valuesOf(db, ctx.user.companyId, model, [objectId])).get(objectId) ?? {} : {});
};

export const updateAdditionalFields: ActionHandler = async ({ db, ctx, input, log }) => {
  const model = String(input.model);
  try {
    const r = targetOf(model);
    authorize(ctx, r, 'change');
    if (ctx.user.companyId === null) throw fieldError('model', 'Only a company\'s users keep additional fields.');
    const companyId = ctx.user.companyId;
    const record = await recordOf(db, ctx, r, String(input.object_id));
    const list = await definitionsOf(db, companyId, model);
    return await db.transaction(async (tx) => {
      const before = (await valuesOf(tx, companyId, model, [record.id], true)).get(record.id) ?? {};
      const { values, errors } = checkValues(list, input.fields as Record<string, unknown>, { prefix: 'fields', required: false });
      if (Object.keys(errors).length) throw badRequest(errors);
      return answer(list, await storeValues(tx, companyId, model, record.id, record.company ?? companyId, before, values, 'additional_fields/update_additional_fields'));
    });
  } catch (e) {
    // docs/audit.md, Additional fields: a failed update is logged, then answered as it would be.
    log.warn({ err: e instanceof HttpError ? undefined : e, status: e instanceof HttpError ? e.status : 500, model, object_id: input.object_id }, 'additional fields update failed');
    throw e;
  }
};
