/**
 * Shipping and what undoes it (docs/rail.md §8.1-8.4): `ship/`, `void_shipment/` and
 * `open_for_correction/`. Each runs in one transaction on the locked shipment and moves it through
 * the operations (so the lifecycle, its codenames, the version check and the history apply):
 * - ship checks every fault at once, gives the BOL number on the first ship (the next revision on
 *   a re-ship), archives the document's snapshot and counts the cars into the schedule's day;
 * - void archives the void copy and takes the counted cars back off the day;
 * - correction reopens the shipment (the number stays) and takes the cars off the day until it
 *   ships again.
 * A master billing does each with its sub-billings; a sub-billing never alone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { localDateIn } from '../../../src/lib/time-zone';
import { railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { railBolArchive } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { type Ctx, userLabel } from '../../engine/context';
import { ErrorBag, fieldError } from '../../engine/errors';
import { update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { type BolFacts, loadBolFacts, originZone } from './bol-facts';
import { latestArchive } from './bol-print';
import { shipFaults } from './ship-checks';
import { type BolKind, BOL_TEMPLATE, bolSnapshot } from './bol-snapshot';
import { bolSettings, giveNumber } from './numbering';
import { recordHistory } from './rail-history';
import { lockSchedule } from './schedule';

const S = tableOf(railShipment);
const E = tableOf(railScheduleEntry);

async function lockShipment(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(S).where(eq(S.id, id)).for('update');
  return row;
}

/** A sub-billing moves with its master (§8.5): refused on its own, naming the master. */
async function refuseSubAlone(db: Db, row: Row, verb: string, participle: string) {
  if (row.master_billing === null || row.master_billing === undefined) return;
  const [m] = await db.select({ n: S.shipment_number }).from(S).where(eq(S.id, row.master_billing as number));
  throw fieldError('status', `${verb} master billing ${String(m?.n ?? row.master_billing)}; its sub-billings ${participle} with it.`);
}

/** Adds `n` cars to (or, negative, takes them off) the actual of the schedule's day, never below 0 (§8.4). */
async function countCars(db: Db, ctx: Ctx, companyId: number, scheduleId: number, day: string, n: number) {
  await lockSchedule(db, null, scheduleId);
  const [found] = await db.select().from(E).where(and(eq(E.schedule, scheduleId), eq(E.date, day))).for('update');
  if (!found && n <= 0) return;
  const before = found ? (found.actual as number | null) : null;
  const after = Math.max(0, (before ?? 0) + n);
  const [row] = found
    ? await db.update(E).set({ actual: after, version: sql`${E.version} + 1`, updated_at: new Date() }).where(eq(E.id, found.id)).returning()
    : await db.insert(E).values({ schedule: scheduleId, company: companyId, date: day, quantity: 0, actual: after }).returning();
  await recordHistory(db, ctx, railScheduleEntry, row, found ? 'update' : 'create', found ? { actual: [before, after] } : { date: [null, day], quantity: [null, 0], actual: [null, after] });
}

/** Takes a shipment's counted cars back off their day and says the fields that clear (§8.4). */
async function uncount(db: Db, ctx: Ctx, row: Row): Promise<Record<string, unknown>> {
  if (!row.counted_cars || !row.schedule || !row.counted_date) return {};
  await countCars(db, ctx, Number(row.company), row.schedule as number, String(row.counted_date), -Number(row.counted_cars));
  return { counted_cars: null, counted_date: null };
}

interface ArchiveEntry { company: number; shipment: number; bol: string; revision: number; kind: BolKind; snapshot: unknown; at: Date }

/** Adds the next document of a shipment to its archive (§10.2); the shipment is locked, so `seq` is free. */
async function archive(db: Db, ctx: Ctx, a: ArchiveEntry) {
  const A = railBolArchive;
  const [{ seq }] = await db.select({ seq: sql<number>`coalesce(max(${A.seq}), 0)::int + 1` }).from(A).where(eq(A.shipment_id, a.shipment));
  await db.insert(A).values({
    company_id: a.company, shipment_id: a.shipment, seq, kind: a.kind, bol_number: a.bol, revision: a.revision,
    template_code: BOL_TEMPLATE.code, template_version: BOL_TEMPLATE.version, snapshot: a.snapshot,
    issued_at: a.at, issued_by: ctx.user.id, issued_by_label: userLabel(ctx),
  });
}

/** Ships one shipment whose checks have passed: number, move, count, archive. */
async function issue(db: Db, ctx: Ctx, f: BolFacts, signer: string | null, zone: string): Promise<Row> {
  const s = f.shipment;
  const reship = Boolean(s.bol_number);
  const bol = reship ? String(s.bol_number) : await giveNumber(db, {
    companyId: Number(s.company), series: 'bol', settings: await bolSettings(db, Number(s.company)), rule: 'bol',
    fields: { 'origin.code': (f.origin?.code as string | null) ?? null, 'railroad.scac': (f.railroad?.scac as string | null) ?? null },
    taken: async (code) => (await db.select({ id: S.id }).from(S).where(and(eq(S.company, s.company as number), eq(S.bol_number, code))).limit(1)).length > 0,
    maxLength: (railShipment.fields.bol_number as { max: number }).max,
  });
  const counted = s.schedule && f.cars.length ? { counted_cars: f.cars.length, counted_date: String(s.ship_date) } : {};
  const [{ version }] = await db.select({ version: S.version }).from(S).where(eq(S.id, s.id as number));
  const shipped = await update(db, ctx, railShipment, String(s.id), {
    status: 'shipped', shipped_at: new Date().toISOString(), bol_number: bol, bol_revision: reship ? Number(s.bol_revision) + 1 : 0,
    ...(signer ? { hazardous_certificate_person: signer } : {}), ...counted, version,
  });
  if (counted.counted_cars) await countCars(db, ctx, Number(s.company), s.schedule as number, counted.counted_date!, counted.counted_cars);
  const kind = reship ? 'corrected' : 'issued';
  const at = new Date();
  const snapshot = bolSnapshot(await loadBolFacts(db, Number(s.id)), { kind, issuedAt: at, zone, issuedBy: userLabel(ctx) });
  await archive(db, ctx, { company: Number(s.company), shipment: Number(s.id), bol, revision: Number(shipped.bol_revision), kind, snapshot, at });
  return shipped;
}

const ship: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const row = await lockShipment(tx, record!.id as number);
  if (!['open', 'in_correction'].includes(String(row.status))) {
    // The engine says the illegal move in its words (`Cannot change from Void to Shipped...`).
    return update(tx, ctx, railShipment, String(row.id), { status: 'shipped', version: row.version });
  }
  await refuseSubAlone(tx, row, 'Ship', 'ship');
  // A master's sub-billings are locked before their facts are read, so what is checked is what ships.
  await withSubs(tx, row, []);
  const facts = await loadBolFacts(tx, row.id as number);
  const zone = await originZone(tx, facts);
  const today = localDateIn(new Date(), zone)!;
  const signer = (input.hazardous_certificate_person as string | undefined) || (row.hazardous_certificate_person as string | null) || null;
  const errors = new ErrorBag();
  shipFaults(facts, { today, signer, errors, isMaster: Boolean(row.is_master_billing) });
  for (const sub of facts.subBillings) {
    shipFaults(sub, { today, signer: (sub.shipment.hazardous_certificate_person as string | null) || signer, errors, prefix: String(sub.shipment.shipment_number) });
  }
  errors.throwIfAny();
  for (const sub of facts.subBillings) await issue(tx, ctx, sub, (sub.shipment.hazardous_certificate_person as string | null) || signer, zone);
  // The sub-billings' numbers change nothing the master's own issue reads; its snapshot is read afresh in `issue`.
  return issue(tx, ctx, facts, signer, zone);
});

/** The rows a master's move carries along: its sub-billings in the move's from-states, then itself. */
async function withSubs(db: Db, row: Row, from: readonly string[]): Promise<Row[]> {
  if (!row.is_master_billing) return [row];
  const subs = await db.select().from(S).where(eq(S.master_billing, row.id as number)).orderBy(S.shipment_number).for('update');
  return [...subs.filter((x) => from.includes(String(x.status))), row];
}

async function voidOne(db: Db, ctx: Ctx, row: Row, reason: string) {
  const cleared = row.status === 'shipped' ? await uncount(db, ctx, row) : {};
  const moved = await update(db, ctx, railShipment, String(row.id), { status: 'void', void_reason: reason, ...cleared, version: row.version });
  const last = await latestArchive(db, row.id as number, ['issued', 'corrected']);
  if (last) {
    // The void copy is the last issued document with the VOID mark and the reason (§10.2).
    const at = new Date();
    const snapshot = { ...(last.snapshot as Record<string, unknown>), kind: 'void', void_reason: reason, voided_at: at.toISOString(), voided_by: userLabel(ctx) };
    await archive(db, ctx, { company: Number(row.company), shipment: Number(row.id), bol: last.bol_number, revision: last.revision, kind: 'void', snapshot, at });
  }
  return moved;
}

const voidShipment: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const row = await lockShipment(tx, record!.id as number);
  if (row.status === 'shipped' || row.status === 'in_correction') await refuseSubAlone(tx, row, 'Void', 'are voided');
  let answer: Row = row;
  for (const x of await withSubs(tx, row, ['shipped', 'in_correction'])) answer = await voidOne(tx, ctx, x, String(input.reason));
  return answer;
});

const openForCorrection: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const row = await lockShipment(tx, record!.id as number);
  if (row.status === 'shipped') await refuseSubAlone(tx, row, 'Open', 'are opened');
  let answer: Row = row;
  for (const x of await withSubs(tx, row, ['shipped'])) {
    const cleared = x.status === 'shipped' ? await uncount(tx, ctx, x) : {};
    answer = await update(tx, ctx, railShipment, String(x.id), {
      status: 'in_correction', ...(input.reason ? { correction_reason: input.reason } : {}), ...cleared, version: x.version,
    });
  }
  return answer;
});

export const shippingActions = { ship, void_shipment: voidShipment, open_for_correction: openForCorrection };
