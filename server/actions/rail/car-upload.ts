/**
 * `POST loaded_rail_car/bulk_create/` (docs/loading.md, Bulk car upload): a CSV of one shipment's
 * cars (src/lib/car-csv.ts), up to 10,000, checked whole before anything is written: each row's
 * fields by the loaded car's declaration (the create's own parsing), its measurements by the
 * derived values' rule, a car twice in the file, a car on this shipment already or on another
 * open shipment. Any fault answers 400 `{rows: {"<line>": {field: [messages]}}}` and writes
 * nothing. Then all the cars are written in one transaction, in batches: every car locked in one
 * statement, the shipment's facts filled as a single car's create fills them (contract, location,
 * product, load date, fleet car, a tank car's weight, the computed correction), and one history
 * row each. Row by row through the operations, 10,000 cars would take minutes; this takes seconds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseCarCsv } from '../../../src/lib/car-csv';
import { carFactors } from '../../../src/lib/car-correction';
import type { CommodityGroup } from '../../../src/lib/mpms-11-1';
import { isTankCar, loadedCarErrors, loadedCarValues, typedMeasures } from '../../../src/lib/rail-car-values';
import { car } from '../../../src/resources/fleet/car';
import { product } from '../../../src/resources/logistics/product';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES } from '../../../src/resources/rail/rail-shipment-status';
import type { Db } from '../../db/connection';
import { railHistory } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { userLabel } from '../../engine/context';
import { badRequest, fieldError, HttpError } from '../../engine/errors';
import { parseInput } from '../../engine/input';
import type { Upload } from '../../files/multipart';
import { closedShipment, computesOnCreate, fillFromShipment, originToday, shareShipment, type ShipmentFacts } from './loaded-car-rules';

export const MAX_UPLOAD_CARS = 10_000;
const BATCH = 1000;
/** The fields a file may not set: the shipment is the upload's, the rest the server's. */
const NOT_FROM_FILE = new Set(['rail_shipment', 'contract', 'car', 'company', 'current_location', 'product']);

type RowErrors = Record<string, string[]>;

export const bulkCreate: ActionHandler = async ({ db, ctx, input }) => {
  const upload = input.file as Upload;
  const csv = parseCarCsv(upload.buf.toString('utf8'));
  const fileErrors = [...csv.problems, ...csv.unknown.map((c) => `Column "${c}" is not a field of a loaded car.`)];
  if (csv.rows.length > MAX_UPLOAD_CARS) fileErrors.push(`A file holds at most ${MAX_UPLOAD_CARS.toLocaleString('en-US')} cars; this one has ${csv.rows.length.toLocaleString('en-US')}.`);
  if (fileErrors.length) throw badRequest({ file: fileErrors });

  return db.transaction(async (tx) => {
    // Held until the cars are written: a ship that begins meanwhile waits, then sees them.
    const shipment = await shareShipment(tx, input.rail_shipment);
    if (!shipment) throw fieldError('rail_shipment', 'The shipment was not found.');
    const closed = closedShipment(shipment);
    if (closed) throw fieldError('rail_shipment', closed);
    if (shipment.master) throw fieldError('rail_shipment', `${shipment.label} is a master billing: add the cars to one of its sub-billings.`);

    const errors: Record<string, RowErrors> = {};
    const add = (line: number, field: string, message: string) => ((errors[line] ??= {})[field] ??= []).push(message);
    const parsed: { line: number; values: Record<string, unknown>; sent: Set<string> }[] = [];
    const seen = new Map<string, number>();
    for (const row of csv.rows) {
      for (const f of Object.keys(row.values)) if (NOT_FROM_FILE.has(f)) add(row.line, f, 'Given by the upload, not by the file.');
      let values: Record<string, unknown>;
      try {
        values = parseInput(loadedRailCar, { ...row.values, rail_shipment: shipment.id }, 'create').values;
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        for (const [f, messages] of Object.entries(e.body)) for (const m of messages as string[]) add(row.line, f, m);
        continue;
      }
      for (const [f, messages] of Object.entries(loadedCarErrors(typedMeasures(values)))) for (const m of messages) add(row.line, f, m);
      const id = `${String(values.car_mark)} ${String(values.car_number)}`;
      const before = seen.get(id);
      if (before !== undefined) add(row.line, 'car_number', `${id} is on line ${before} already.`);
      else seen.set(id, row.line);
      parsed.push({ line: row.line, values, sent: new Set(Object.keys(row.values)) });
    }

    // Every car locked (in one statement, in key order), then checked against the open shipments.
    const marks = parsed.map((p) => String(p.values.car_mark));
    const numbers = parsed.map((p) => Number(p.values.car_number));
    const keys = parsed.map((p) => `loaded_rail_car:${shipment.company}:${String(p.values.car_mark)}:${String(p.values.car_number)}`).sort();
    // The keys go as one JSON parameter: a list of 10,000 would be 10,000 parameters.
    if (keys.length) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k order by k`);
    for (const busy of await busyCars(tx, shipment.company, shipment.id, marks, numbers)) {
      // By the first line of each car (`seen`), not a search of the rows per busy car: a re-sent file of 10,000 is 10,000 busy cars.
      const line = seen.get(`${busy.mark} ${busy.number}`);
      if (line !== undefined) add(line, 'car_number', busy.id === shipment.id ? `${busy.mark} ${busy.number} is on this shipment already.` : `${busy.mark} ${busy.number} is already on open shipment ${busy.label}.`);
    }
    if (Object.keys(errors).length) throw new HttpError(400, { rows: errors });

    const made = await writeCars(tx, shipment, parsed.map((p) => ({ values: p.values, sent: p.sent })));
    const h = railHistory;
    for (let i = 0; i < made.length; i += BATCH) {
      await tx.insert(h).values(made.slice(i, i + BATCH).map((m) => ({
        company_id: shipment.company, resource: loadedRailCar.name, record_id: m.id, contract_id: shipment.contract, shipment_id: shipment.id,
        user_id: ctx.user.id, user_label: userLabel(ctx), action: 'bulk_create', via: 'POST loaded_rail_car/bulk_create/', changes: m.changes,
      })));
    }
    return created({ shipment: { id: shipment.id, label: shipment.label }, created: made.length });
  });
};

/** (mark, number) pairs as a subquery of one JSON parameter, whatever their number. */
const pairs = (marks: string[], numbers: number[]) =>
  sql`select m, n from jsonb_to_recordset(${JSON.stringify(marks.map((m, i) => ({ m, n: numbers[i] })))}::jsonb) as x(m text, n int)`;

/** The cars of the file already on an open shipment of the company (this one included). */
async function busyCars(db: Db, company: number, shipmentId: number, marks: string[], numbers: number[]) {
  if (!marks.length) return [];
  const l = tableOf(loadedRailCar);
  const s = tableOf(railShipment);
  const rows = await db.select({ mark: l.car_mark, number: l.car_number, id: s.id, number_s: s.shipment_number, bol: s.bol_number })
    .from(l).innerJoin(s, eq(s.id, l.rail_shipment))
    .where(and(eq(l.company, company), inArray(s.status, [...OPEN_SHIPMENT_STATUSES]),
      sql`(${l.car_mark}, ${l.car_number}) in (${pairs(marks, numbers)})`));
  return rows.map((r) => ({ mark: String(r.mark), number: Number(r.number), id: r.id as number, label: railShipment.choiceLabel({ shipment_number: r.number_s, bol_number: r.bol }) }));
}

/** Fills each car as a single create would, writes them in batches, and answers each id with its history changes. */
async function writeCars(db: Db, shipment: ShipmentFacts, cars: { values: Record<string, unknown>; sent: Set<string> }[]) {
  const today = await originToday(db, shipment);
  const p = tableOf(product);
  const [goods] = shipment.product ? await db.select({ group: p.commodity_group }).from(p).where(eq(p.id, shipment.product)) : [];
  const c = tableOf(car);
  const fleet = new Map((cars.length ? await db.select({ id: c.id, mark: c.mark, number: c.number }).from(c)
    .where(and(eq(c.company, shipment.company), sql`(${c.mark}, ${c.number}) in (${pairs(cars.map((x) => String(x.values.car_mark)), cars.map((x) => Number(x.values.car_number)))})`)) : [])
    .map((x) => [`${String(x.mark)} ${String(x.number)}`, x.id as number]));
  const rows = cars.map(({ values, sent }) => {
    const v: Record<string, unknown> = { ...values, company: shipment.company };
    fillFromShipment(v, shipment, today);
    v.car = fleet.get(`${String(v.car_mark)} ${String(v.car_number)}`) ?? null;
    if (goods?.group && computesOnCreate((f) => sent.has(f), v)) {
      Object.assign(v, carFactors(String(v.load_temperature), String(v.density), goods.group as CommodityGroup), { correction: 'computed' });
    }
    if (isTankCar(String(v.car_type))) {
      v.weight = loadedCarValues(typedMeasures(v)).weight;
    }
    return v;
  });
  const l = tableOf(loadedRailCar);
  const out: { id: number; changes: Record<string, [unknown, unknown]> }[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const ids = await db.insert(l).values(chunk as never).returning({ id: l.id });
    ids.forEach((x, k) => out.push({ id: x.id as number, changes: Object.fromEntries(Object.entries(chunk[k]).filter(([key, val]) => key !== 'company' && val !== null && val !== undefined).map(([key, val]) => [key, [null, val]])) }));
  }
  return out;
}

export const carUploadActions = { bulk_create: bulkCreate };
