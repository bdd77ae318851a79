/**
 * Tying a bill of lading document to the trips of the cars it covers (docs/documents.md,
 * Matching). Of the cars the document names, those of the company's fleet count; for each, the
 * loaded trips that fit:
 * - a trip whose car load went out on a shipment with this BOL number (the company's own bill), or
 * - a loaded trip of the car released from two days before the BOL date to five days after it.
 * A car with exactly one trip that fits gets the document on that trip (a trip that already has
 * another document keeps it). The document is matched when every car it names is on its trip;
 * otherwise it waits for a person, who is told why.
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { billOfLading } from '../../../src/resources/documents/bill-of-lading';
import { billOfLadingAttachment } from '../../../src/resources/documents/bill-of-lading-attachment';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { trip } from '../../../src/resources/trace/trip';
import { parseMarkNumber } from '../../../src/lib/reporting-mark';
import { addDays } from '../../../src/lib/contract-periods';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';

/** Days around the BOL date a release may fall on: a bill is made out a little before the car is pulled, or a few days after. */
export const RELEASE_WINDOW = { before: 2, after: 5 } as const;

export interface Candidate { car: string; car_id: number | null; trips: { id: number; released_at: string; origin: string | null; destination: string | null; reason: string; other_document: number | null }[] }

interface DocumentFacts { id: number; company: number; bol_number: string | null; bol_date: string | null; cars: string[]; reading: string | null }

export async function matchDocument(db: Db, doc: DocumentFacts): Promise<{ status: string; review_reason: string | null; candidates: Candidate[] }> {
  const c = tableOf(car);
  const t = tableOf(trip);
  const s = tableOf(railShipment);
  const written = doc.cars.map((w) => parseMarkNumber(w)).filter((x): x is NonNullable<typeof x> => x !== null);
  if (!written.length) {
    const why = doc.reading === 'no_text' ? 'No text could be read from its file (a scan): enter its BOL number, date and cars.'
      : doc.reading === 'failed' ? 'Its file could not be read: see the file, or enter its BOL number, date and cars.'
        : 'No cars were found in it: enter its cars.';
    return { status: doc.reading === 'failed' ? 'failed' : 'review', review_reason: why, candidates: [] };
  }
  const fleet = await db.select({ id: c.id, mark: c.mark, number: c.number }).from(c)
    .where(and(eq(c.company, doc.company), or(...written.map((w) => and(eq(c.mark, w.mark), eq(c.number, w.number))))));
  const idOf = new Map(fleet.map((f) => [`${f.mark} ${f.number}`, f.id]));
  const ids = fleet.map((f) => f.id);
  // The company's shipment with this BOL number, if any: the trips whose loads went out on it.
  const byBill = doc.bol_number && ids.length ? await db.select({ id: t.id }).from(t).innerJoin(s, eq(s.id, t.rail_shipment))
    .where(and(eq(s.company, doc.company), eq(s.bol_number, doc.bol_number), inArray(t.car, ids))) : [];
  const billTrips = new Set(byBill.map((x) => x.id));
  const near = doc.bol_date ? and(
    gte(t.released_at, new Date(`${addDays(doc.bol_date, -RELEASE_WINDOW.before)}T00:00:00Z`)),
    lte(t.released_at, new Date(`${addDays(doc.bol_date, RELEASE_WINDOW.after + 1)}T00:00:00Z`)),
  ) : sql`false`;
  const fits = ids.length ? await db.select({
    id: t.id, car: t.car, released_at: t.released_at, origin: t.origin_station, destination: t.destination_station, document: t.bill_of_lading,
  }).from(t).where(and(eq(t.company, doc.company), eq(t.kind, 'loaded'), inArray(t.car, ids), or(near, billTrips.size ? inArray(t.id, [...billTrips]) : sql`false`)))
    .orderBy(asc(t.released_at)) : [];
  const candidates: Candidate[] = written.map((w) => {
    const key = `${w.mark} ${w.number}`;
    const carId = idOf.get(key) ?? null;
    const mine = fits.filter((f) => f.car === carId);
    // A trip of the bill's own shipment is the answer; the dates only when there is none.
    const best = mine.some((f) => billTrips.has(f.id)) ? mine.filter((f) => billTrips.has(f.id)) : mine;
    return {
      car: key, car_id: carId,
      trips: best.map((f) => ({
        id: f.id, released_at: f.released_at.toISOString(), origin: f.origin, destination: f.destination,
        reason: billTrips.has(f.id) ? `its load went out on BOL ${doc.bol_number}` : `released ${f.released_at.toISOString().slice(0, 10)}`,
        other_document: f.document !== null && f.document !== doc.id ? f.document : null,
      })),
    };
  });
  const attach = candidates.filter((k) => k.trips.length === 1 && k.trips[0].other_document === null).map((k) => k.trips[0].id);
  if (attach.length) {
    await db.update(t).set({ bill_of_lading: doc.id, updated_at: new Date() })
      .where(and(inArray(t.id, attach), or(isNull(t.bill_of_lading), eq(t.bill_of_lading, doc.id))));
  }
  const onTrip = new Set((await db.select({ car: t.car }).from(t).where(and(eq(t.bill_of_lading, doc.id), inArray(t.car, ids.length ? ids : [-1])))).map((x) => x.car));
  const reasons = candidates.flatMap((k) => {
    if (k.car_id === null) return [`${k.car} is not in the fleet.`];
    if (onTrip.has(k.car_id)) return [];
    if (!k.trips.length) return [doc.bol_date ? `No loaded trip of ${k.car} was released near ${doc.bol_date}.` : `${k.car}: give the BOL date to find its trip.`];
    if (k.trips.length > 1) return [`${k.trips.length} trips of ${k.car} fit: attach the right one.`];
    return [`${k.car}'s trip has another bill of lading.`];
  });
  return { status: reasons.length ? 'review' : 'matched', review_reason: reasons.length ? reasons.join(' ').slice(0, 500) : null, candidates };
}

/** Matches a stored document again and writes what it found. */
export async function rematch(db: Db, id: number): Promise<void> {
  const d = tableOf(billOfLading);
  const [doc] = await db.select({ id: d.id, company: d.company, bol_number: d.bol_number, bol_date: d.bol_date, cars: d.cars }).from(d).where(eq(d.id, id));
  if (!doc) return;
  const reading = await primaryReading(db, id);
  const m = await matchDocument(db, { ...(doc as DocumentFacts), cars: (doc.cars ?? []) as string[], bol_date: doc.bol_date ? String(doc.bol_date).slice(0, 10) : null, reading });
  await db.update(d).set({ status: m.status, review_reason: m.review_reason, candidates: m.candidates, updated_at: new Date() }).where(eq(d.id, id));
}

/** How the document's primary file read: `read`, `no_text`, `failed`, or null when it has none. */
async function primaryReading(db: Db, id: number): Promise<string | null> {
  const a = tableOf(billOfLadingAttachment);
  const [row] = await db.select({ reading: a.reading }).from(a).where(and(eq(a.bill_of_lading, id), eq(a.primary, true)));
  return (row?.reading as string | undefined) ?? null;
}
