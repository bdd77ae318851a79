/**
 * The numbering settings (docs/rail.md §4.6, §6.5): the company's BOL numbering and its code
 * generators, their `get_or_create/` and `get_columns/`, and the rules a declaration cannot say (a
 * pattern's placeholders are its type's; a yearly reset needs the year; a generator's pattern and
 * reset default by type and it keeps its type).
 */
import { and, eq } from 'drizzle-orm';
import { type CodeType, DEFAULT_SETTINGS, PLACEHOLDERS, type Reset, patternErrors } from '../../../src/lib/code-pattern';
import { localDateIn } from '../../../src/lib/time-zone';
import { company } from '../../../src/resources/accounts/company';
import type { Resource } from '../../../src/resources/define';
import { bolNumber } from '../../../src/resources/rail/bolnumber';
import { type GeneratorType, codeGenerator } from '../../../src/resources/rail/code-generator';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import type { Ctx } from '../../engine/context';
import { badRequest, fieldError } from '../../engine/errors';
import type { WriteEvent } from '../../engine/hooks';
import { selectionOf, serializeRows } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { type NumberSettings, peekNumber } from './numbering';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

function actingCompany(ctx: Ctx): number {
  if (ctx.user.companyId === null) throw badRequest({ non_field_errors: ['Act for a company to see its numbering.'] });
  return ctx.user.companyId;
}

/** 400 on `pattern` when the record as it will be breaks its type's rules. */
function checkPattern(e: WriteEvent, type: CodeType) {
  const after = { ...e.current, ...e.input.values };
  if (e.mode === 'update' && !('pattern' in e.input.values) && !('reset' in e.input.values)) return;
  const errors = patternErrors(String(after.pattern ?? ''), { rule: type === 'bol' ? 'bol' : 'code', type, reset: after.reset as Reset });
  if (errors.length) throw badRequest({ pattern: errors });
}

/**
 * The settings row of the company, made with the defaults when there is none (two first calls
 * racing make one: the unique key keeps the other's insert out), then read.
 */
async function settingsRow(db: Db, r: Resource, companyId: number, where: ReturnType<typeof and>, defaults: Record<string, unknown>) {
  const t = tableOf(r);
  await db.insert(t).values({ company: companyId, start_number: 1, ...defaults }).onConflictDoNothing();
  const rows = await db.select(selectionOf(r)).from(t).where(where).limit(1);
  return (await serializeRows(db, r, rows))[0];
}

/** A preview's series: the stored settings, example values for the record's placeholders, and no record to collide with yet. */
const previewOf = (companyId: number, series: CodeType, row: Record<string, unknown>) => ({
  companyId, series, settings: row as unknown as NumberSettings, rule: series === 'bol' ? 'bol' as const : 'code' as const,
  fields: Object.fromEntries(PLACEHOLDERS[series].filter((p) => p.token !== '{company.code}').map((p) => [p.token.slice(1, -1), p.example])),
  taken: async () => false, maxLength: Number.MAX_SAFE_INTEGER,
});

/** `GET bolnumber/get_or_create/`: the company's BOL numbering (made with the defaults on first call) and what the next number will be. */
const bolGetOrCreate: ActionHandler = async ({ db, ctx }) => {
  const companyId = actingCompany(ctx);
  const row = await settingsRow(db, bolNumber, companyId, eq(tableOf(bolNumber).company, companyId), DEFAULT_SETTINGS.bol);
  return { ...row, ...(await peekNumber(db, previewOf(companyId, 'bol', row))) };
};

/** `GET code-generators/get_or_create/?code_type=`: the company's generator of that type, made with its defaults on first call. */
const generatorGetOrCreate: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = actingCompany(ctx);
  const type = input.code_type as GeneratorType;
  const t = tableOf(codeGenerator);
  const row = await settingsRow(db, codeGenerator, companyId, and(eq(t.company, companyId), eq(t.code_type, type)), { code_type: type, ...DEFAULT_SETTINGS[type] });
  return { ...row, ...(await peekNumber(db, previewOf(companyId, type, row))) };
};

/** `get_columns/`: the placeholders a pattern of the type may use, each with an example (the company's own code and today's date where known). */
async function columns(db: Db, ctx: Ctx, type: CodeType) {
  const companyId = actingCompany(ctx);
  const [own] = await db.select({ code: tableOf(company).code }).from(tableOf(company)).where(eq(tableOf(company).id, companyId)).limit(1);
  const date = localDateIn(new Date(), await companyTimeZone(db, companyId))!;
  const known: Record<string, string | null | undefined> = { '{yyyy}': date.slice(0, 4), '{yy}': date.slice(2, 4), '{mm}': date.slice(5, 7), '{company.code}': own?.code as string | undefined };
  return PLACEHOLDERS[type].map((p) => ({ ...p, example: known[p.token] || p.example }));
}

export const bolNumberBehaviour = defineBehaviour(bolNumber, {
  hooks: { beforeWrite: (e) => checkPattern(e, 'bol') },
  actions: { get_or_create: bolGetOrCreate, get_columns: ({ db, ctx }) => columns(db, ctx, 'bol') },
});

export const codeGeneratorBehaviour = defineBehaviour(codeGenerator, {
  hooks: {
    beforeWrite(e) {
      const v = e.input.values;
      if (e.mode === 'update' && 'code_type' in v && v.code_type !== e.current?.code_type) {
        throw fieldError('code_type', 'A generator keeps its type; add one for the other type.');
      }
      // Left out or cleared, the pattern and the reset are the type's defaults (docs/rail.md §4.6).
      const type = (v.code_type ?? e.current?.code_type) as GeneratorType;
      for (const key of ['pattern', 'reset'] as const) {
        if (blank(v[key]) && (e.mode === 'create' || key in v)) v[key] = DEFAULT_SETTINGS[type][key];
      }
      checkPattern(e, type);
    },
  },
  actions: {
    get_or_create: generatorGetOrCreate,
    get_columns: ({ db, ctx, input }) => columns(db, ctx, input.code_type as GeneratorType),
  },
});
