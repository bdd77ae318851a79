/**
 * Periodic limits, their periods and properties (docs/terminal.md, Limits): the rules the engine
 * does not know, the calls of the specification (`period_types/`, `status_choices/`,
 * `{id}/roll_forward/`, `{id}/upload_attachment/`; `{id}/clone/` is the engine's, with the
 * properties copied along) and what the tickets used, as computed fields of the periods.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { LIMIT_STATUSES, PERIOD_TYPES, limitPeriod, limitProperties, periodicLimit } from '../../../src/resources/terminal/periodic-limit';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { FIXED_DAYS, type LimitPeriodType, nextPeriod, periodContaining } from '../../../src/lib/limit-periods';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { defineBehaviour } from '../../engine/behaviour';
import { created } from '../../engine/action-reply';
import { badRequest } from '../../engine/errors';
import { create } from '../../engine/operations';
import type { ActionHandler } from '../../engine/action-handler';
import { storeIntoField } from '../../files/store-into-field';
import type { Row } from '../../engine/serialize';
import { asValueLabels } from './location-actions';
import { limitPeriodComputed } from './limit-usage';
import { todayAtSite } from './site-day';

const limits = tableOf(periodicLimit);
const periods = tableOf(limitPeriod);
const properties = tableOf(limitProperties);
const units = tableOf(measurementUnit);

/** The unit kind each basis is measured in. */
const KIND_OF_BASIS: Record<string, string> = { net_volume: 'volume', gross_volume: 'volume', net_weight: 'mass' };

async function checkUnit(db: Db, v: Row) {
  const kind = KIND_OF_BASIS[String(v.basis)];
  if (!kind) return;
  if (!v.unit) throw badRequest({ unit: [`Give the unit the limit is in: it counts ${String(v.basis).replace('_', ' ')}.`] });
  const [u] = await db.select({ unit_type: units.unit_type, code: units.code }).from(units).where(eq(units.id, String(v.unit)));
  if (u && u.unit_type !== kind) throw badRequest({ unit: [`${u.code} is a ${u.unit_type} unit; a limit on ${String(v.basis).replace('_', ' ')} is in a ${kind} unit.`] });
}

const limitBehaviour = defineBehaviour(periodicLimit, {
  hooks: {
    async beforeWrite({ db, input, current }) {
      const v = { ...current, ...input.values } as Row;
      if (!current || 'basis' in input.values || 'unit' in input.values) await checkUnit(db, v);
    },
    // A copy covers the same loads with the same properties; it starts as a draft without periods
    // (they and what was used of them are the original's history) and without the attachment.
    async afterClone({ db, ctx, source, copy }) {
      const own = await db.select().from(properties).where(eq(properties.periodic_limit, String(source.id))).orderBy(properties.name);
      for (const p of own) await create(db, ctx, limitProperties, { periodic_limit: copy.id, name: p.name, value: p.value });
    },
  },
  actions: {
    period_types: async () => PERIOD_TYPES.map(([value, label]) => ({ value, label, days: FIXED_DAYS[value] })),
    status_choices: async () => asValueLabels(LIMIT_STATUSES).map((c) => ({ ...c, checks_loads: c.value === 'active', final: c.value === 'closed' })),
    // The next period after the last one, with its limit and warning level; the first period is the one holding today.
    roll_forward: (async ({ db, ctx, record }) => created(await db.transaction(async (tx) => {
      const [limit] = await tx.select().from(limits).where(eq(limits.id, String(record!.id))).for('update');
      if (limit.status === 'closed') throw badRequest({ non_field_errors: ['A closed limit is not rolled forward: clone it to go on.'] });
      const [last] = await tx.select().from(periods).where(eq(periods.periodic_limit, limit.id)).orderBy(desc(periods.period_end)).limit(1);
      const type = limit.period_type as LimitPeriodType;
      const next = last ? nextPeriod(type, String(last.period_end)) : periodContaining(type, await todayAtSite(tx, limit.site, limit.company));
      return create(tx, ctx, limitPeriod, {
        periodic_limit: limit.id, period_start: next.start, period_end: next.end,
        limit: last?.limit ?? limit.default_limit, warning_level: last?.warning_level ?? null,
      });
    }))) satisfies ActionHandler,
    upload_attachment: storeIntoField('attachment'),
  },
});

/** The limit a period belongs to, refused when it is closed: its periods are what was loaded against it. */
async function openLimitOf(db: Db, id: unknown): Promise<Row> {
  const [limit] = await db.select().from(limits).where(eq(limits.id, String(id)));
  if (limit?.status === 'closed') throw badRequest({ periodic_limit: [`Limit "${limit.name}" is closed: its periods stay as they were.`] });
  return limit as Row;
}

const periodBehaviour = defineBehaviour(limitPeriod, {
  computed: limitPeriodComputed,
  hooks: {
    async beforeWrite({ db, input, current }) {
      const v = { ...current, ...input.values } as Row;
      await openLimitOf(db, v.periodic_limit);
      if (current && 'periodic_limit' in input.values && input.values.periodic_limit !== current.periodic_limit) {
        await openLimitOf(db, current.periodic_limit);
      }
      if (String(v.period_end) < String(v.period_start)) throw badRequest({ period_end: ['A period cannot end before it starts.'] });
      if (v.warning_level !== null && v.warning_level !== undefined && Number(v.warning_level) > Number(v.limit)) {
        throw badRequest({ warning_level: ['The warning level is at most the limit.'] });
      }
      const [clash] = await db.select({ start: periods.period_start, end: periods.period_end }).from(periods).where(and(
        eq(periods.periodic_limit, String(v.periodic_limit)),
        sql`${periods.period_start} <= ${String(v.period_end)} and ${periods.period_end} >= ${String(v.period_start)}`,
        ...(current ? [ne(periods.id, String(current.id))] : []),
      )).limit(1);
      if (clash) throw badRequest({ period_start: [`It overlaps the period ${clash.start} to ${clash.end} of the same limit: a load counts in one period.`] });
    },
    async beforeDelete({ db, current }) {
      await openLimitOf(db, current.periodic_limit);
    },
  },
});

export const limitBehaviours = [limitBehaviour, periodBehaviour];
