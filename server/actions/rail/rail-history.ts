/**
 * The rail area's audit trail (docs/rail.md §10.6): every create, update, delete and action of a
 * contract, schedule day, shipment or loaded car lands in `rail_history`, in the change's own
 * transaction (a change that rolls back leaves no row; no change goes unrecorded). A day's and a
 * car's rows carry their contract and shipment, so a contract's or a shipment's history shows
 * them. The diff is the ticket history's (server/engine/row-diff.ts), over the API's values.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Resource } from '../../../src/resources/define';
import { registry } from '../../../src/resources/index';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { contract } from '../../../src/resources/rail/contract';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { railHistory } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { type Ctx, userLabel } from '../../engine/context';
import type { ResourceHooks } from '../../engine/hooks';
import { attachChangeLabels } from '../../engine/labels';
import { type Changes, diffRows, storedRow } from '../../engine/row-diff';
import type { Row } from '../../engine/serialize';

/** The contract and shipment a row's history belongs to, besides the row itself. */
export type HistoryLinks = (db: Db, row: Row) => Promise<{ contract: number | null; shipment: number | null }>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const LINKS = {
  contract: async (_db: Db, row: Row) => ({ contract: num(row.id), shipment: null }),
  rail_shipment: async (_db: Db, row: Row) => ({ contract: num(row.contract), shipment: num(row.id) }),
  loaded_rail_car: async (_db: Db, row: Row) => ({ contract: num(row.contract), shipment: num(row.rail_shipment) }),
  rail_schedule_entry: async (db: Db, row: Row) => {
    const s = tableOf(railSchedule);
    const [x] = await db.select({ contract: s.contract }).from(s).where(eq(s.id, row.schedule as number));
    return { contract: num(x?.contract), shipment: null };
  },
} satisfies Record<string, HistoryLinks>;

/**
 * The action a row records: the action's name when the call is an action on this resource
 * (`POST rail_shipment/{id}/ship/` → `ship`), else what the write was.
 */
export function historyAction(r: Resource, via: string | undefined, fallback: string): string {
  const m = via ? /^[A-Z]+ ([a-z_0-9-]+)\/(?:\{id\}\/)?([a-z_0-9-]+)\/$/.exec(via) : null;
  return m && m[1] === r.name ? m[2] : fallback;
}

/** Writes one history row of `row`; a side effect an action writes directly (a day's actual counted by a ship) records itself with this. */
export async function recordHistory(db: Db, ctx: Ctx, r: Resource, row: Row, action: string, changes: Changes, links: HistoryLinks = LINKS[r.name as keyof typeof LINKS]) {
  const to = await links(db, row);
  await db.insert(railHistory).values({
    company_id: Number(row.company),
    resource: r.name,
    record_id: Number(row.id),
    contract_id: to.contract,
    shipment_id: to.shipment,
    user_id: ctx.user.id,
    user_label: userLabel(ctx),
    action: historyAction(r, ctx.via, action),
    via: (ctx.via ?? '').slice(0, 200),
    changes,
  });
}

/**
 * `hooks` with the history added: the row before an update is kept per write transaction and
 * record (an action may write several rows of one resource in one transaction), diffed after it.
 */
export function withHistory(r: Resource, hooks: ResourceHooks, links: HistoryLinks): ResourceHooks {
  const before = new WeakMap<Db, Map<string, Row>>();
  const via = (ctx: Ctx, mode: string) => ctx.via ?? (mode === 'create' ? `POST ${r.name}/` : mode === 'delete' ? `DELETE ${r.name}/{id}/` : `PATCH ${r.name}/{id}/`);
  return {
    ...hooks,
    async beforeWrite(w) {
      await hooks.beforeWrite?.(w);
      if (w.mode === 'update' && w.current) {
        const m = before.get(w.db) ?? new Map<string, Row>();
        m.set(String(w.id), w.current);
        before.set(w.db, m);
      }
    },
    async afterWrite(w) {
      await hooks.afterWrite?.(w);
      const after = await storedRow(w.db, r, w.id);
      if (!after) return;
      const prior = w.mode === 'update' ? before.get(w.db)?.get(String(w.id)) ?? null : null;
      before.get(w.db)?.delete(String(w.id));
      const changes = diffRows(r, prior, after);
      if (w.mode === 'update' && !Object.keys(changes).length) return;
      await recordHistory(w.db, { ...w.ctx, via: via(w.ctx, w.mode) }, r, after, w.mode, changes, links);
    },
    async beforeDelete(d) {
      await hooks.beforeDelete?.(d);
      await recordHistory(d.db, { ...d.ctx, via: via(d.ctx, 'delete') }, r, d.current, 'delete', diffRows(r, null, d.current), links);
    },
  };
}

const changesOf = (row: typeof railHistory.$inferSelect) => row.changes as Record<string, [unknown, unknown] | undefined>;

/**
 * History rows as the API answers them, newest first: who, when, what, through which call; the
 * record they belong to (`kind`, `contract_id`, `shipment_id`, `record_label`: the contract's
 * number or the BOL's, else the shipment's) and what within it a row is about (`subject`: a car's
 * mark and number, a schedule day's date; a removed one's from what its delete recorded).
 */
export async function readHistory(db: Db, ctx: Ctx, where: SQL | undefined, page: { limit: number; offset?: number }) {
  const h = railHistory;
  const l = tableOf(loadedRailCar);
  const e = tableOf(railScheduleEntry);
  const k = tableOf(contract);
  const s = tableOf(railShipment);
  const rows = await db.select({
    row: h, mark: l.car_mark, number: l.car_number, date: e.date, contract_number: k.contract_number, shipment_number: s.shipment_number, bol_number: s.bol_number,
  }).from(h)
    .leftJoin(l, and(eq(h.resource, loadedRailCar.name), eq(l.id, h.record_id)))
    .leftJoin(e, and(eq(h.resource, railScheduleEntry.name), eq(e.id, h.record_id)))
    .leftJoin(k, eq(k.id, h.contract_id))
    .leftJoin(s, eq(s.id, h.shipment_id))
    .where(where).orderBy(desc(h.at), desc(h.id)).limit(page.limit).offset(page.offset ?? 0);
  return attachChangeLabels(db, ctx, rows.map((x) => {
    const c = changesOf(x.row);
    const was = (f: string) => c[f]?.[0] ?? c[f]?.[1];
    const subject = x.row.resource === loadedRailCar.name ? `${String(x.mark ?? was('car_mark') ?? '')} ${String(x.number ?? was('car_number') ?? x.row.record_id)}`.trim()
      : x.row.resource === railScheduleEntry.name ? String(x.date ?? was('date') ?? x.row.record_id) : null;
    const shipment = x.row.shipment_id !== null;
    return {
      id: x.row.id,
      at: x.row.at instanceof Date ? x.row.at.toISOString() : x.row.at,
      user: x.row.user_label,
      user_id: x.row.user_id,
      resource: x.row.resource,
      record_id: x.row.record_id,
      action: x.row.action,
      via: x.row.via,
      changes: x.row.changes,
      subject,
      kind: shipment ? 'shipment' : 'contract',
      contract_id: x.row.contract_id,
      shipment_id: x.row.shipment_id,
      record_label: shipment ? (x.bol_number ? `BOL ${String(x.bol_number)}` : String(x.shipment_number ?? x.row.shipment_id)) : String(x.contract_number ?? x.row.contract_id),
    };
  }), (row) => registry.get(row.resource));
}

/** `GET rail_shipment/{id}/history/`: the shipment's rows and its cars'. */
export const shipmentHistory: ActionHandler = async ({ db, ctx, record }) =>
  readHistory(db, ctx, and(eq(railHistory.company_id, Number(record!.company)), eq(railHistory.shipment_id, record!.id as number)), { limit: 1000 });

/** `GET contract/{id}/history/`: the contract's own rows and its schedule days'; its shipments have their own. */
export const contractHistory: ActionHandler = async ({ db, ctx, record }) =>
  readHistory(db, ctx, and(eq(railHistory.company_id, Number(record!.company)), eq(railHistory.contract_id, record!.id as number), sql`${railHistory.shipment_id} is null`), { limit: 1000 });
