/**
 * Bill of lading documents through the real server (docs/documents.md): the BOL this system
 * prints for a shipment, uploaded as a document, is read (its BOL number, date, parties and cars)
 * and attached to the trips of its cars; a scan is kept for a person to read; a file that is not
 * what it says is refused by its bytes; a person's correction matches again; a trip attached by
 * hand, files added, made primary, removed and read again; a trip's own file; and no other
 * company reads or touches any of it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, refused, rows } = suite;
type Doc = Record<string, unknown> & { id: number; version: number; cars: string[]; status: string };
type Trip = Record<string, unknown> & { id: number; bill_of_lading: number | null; kind: string };

const MINIMAL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const send = (path: string, bytes: Buffer | string, name: string, field = 'file', token = t.dispatcher) => {
  const f = new FormData();
  f.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return suite.s.call('POST', `/api/${path}`, { token, body: f });
};
async function pdfOf(shipment: number): Promise<Buffer> {
  const res = await fetch(`${suite.s.url}/api/rail_shipment/${shipment}/print/`, { headers: { Authorization: `Token ${t.siteadmin}` } });
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}
const tripsOf = async (car: number) => ok(await call('GET', `trip/?car=${car}&ordering=released_at&page_size=0`)) as unknown as Trip[];

let shipment: { id: number; bol: string; cars: { id: number; label: string }[]; pdf: Buffer };

beforeAll(async () => {
  await shippingIds(suite);
  // Two cars shipped on 2026-11-20 under one bill, released by the shipper the next morning.
  const x = await readyShipment(suite, { day: '2026-11-20', cars: 2, mark: 'DOCX' });
  const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
  const loads = ok(await call('GET', `loaded_rail_car/?rail_shipment=${x.id}&page_size=0`)) as unknown as { car_mark: string; car_number: number }[];
  const cars = [];
  for (const l of loads) {
    const c = ok(await call('POST', 'car/', { mark: l.car_mark, number: l.car_number, car_type: 'T' }), 201);
    ok(await call('POST', 'car_event/', { car: c.id, event_code: 'W', event_time: '2026-11-21T14:00:00Z', station: 'FORT SASKATCHEWAN', state_province: 'AB', railroad: 'CN', loaded: true }), 201);
    cars.push({ id: c.id as number, label: `${l.car_mark} ${l.car_number}` });
  }
  shipment = { id: x.id, bol: String(shipped.bol_number), cars, pdf: await pdfOf(x.id) };
});

describe('an uploaded bill of lading', () => {
  it('is read and attached to the trips of its cars', async () => {
    const res = await send('billoflading/upload_bills_of_lading/', shipment.pdf, 'bol.pdf');
    expect(res.status).toBe(201);
    const doc = res.body as Doc;
    expect(doc).toMatchObject({ bol_number: shipment.bol, bol_date: '2026-11-20', status: 'matched', review_reason: null, file_name: 'bol.pdf' });
    expect(doc.cars).toEqual(shipment.cars.map((c) => c.label));
    expect(String(doc.shipper)).toMatch(/\S/);
    for (const c of shipment.cars) expect((await tripsOf(c.id))[0].bill_of_lading).toBe(doc.id);
    const listed = ok(await call('GET', `billoflading/${doc.id}/trips/`)) as unknown as Trip[];
    expect(listed).toHaveLength(2);
    // Its file: read as text, one page, the primary; the trip opens it.
    const [file] = ok(await call('GET', `billoflading_attachment/?bill_of_lading=${doc.id}&page_size=0`)) as unknown as Record<string, unknown>[];
    expect(file).toMatchObject({ reading: 'read', pages: 1, primary: true, content_type: 'application/pdf' });
    const trip = (await tripsOf(shipment.cars[0].id))[0];
    const got = await fetch(`${suite.s.url}/api/trip/${trip.id}/get_file/`, { headers: { Authorization: `Token ${t.operator}` } });
    expect([got.status, got.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await got.arrayBuffer()).equals(shipment.pdf)).toBe(true);
    // The shippers the company's documents name.
    const shippers = ok(await call('GET', 'trip/get_shipper_unique_values/')) as unknown as { value: string; documents: number }[];
    expect(shippers.map((s) => s.value)).toContain(doc.shipper);
  });

  it('as a scan is kept for a person to read; what the person enters matches it', async () => {
    const res = await send('billoflading/upload_bills_of_lading/', MINIMAL_PNG, 'scan.png');
    expect(res.status).toBe(201);
    let doc = res.body as Doc;
    expect(doc).toMatchObject({ status: 'review', bol_number: null });
    expect(String(doc.review_reason)).toMatch(/No text could be read/);
    // A person types what the scan says: one car of the shipment and one not in the fleet.
    doc = ok(await call('PATCH', `billoflading/${doc.id}/`, { bol_number: 'SCAN-1', bol_date: '2026-11-20', cars: [shipment.cars[1].label, 'NOPX 999999'], version: doc.version }, t.dispatcher)) as Doc;
    // The PATCH answers the document as matched again, not as it was before.
    expect(doc.review_reason).not.toMatch(/No text could be read/);
    expect(ok(await call('GET', `billoflading/${doc.id}/`))).toEqual(doc);
    expect(doc.status).toBe('review');
    // The shipment's car keeps the first document (a trip with a bill keeps it); the stranger is named.
    expect(String(doc.review_reason)).toMatch(/NOPX 999999 is not in the fleet/);
    expect(String(doc.review_reason)).toMatch(/another bill of lading/);
  });

  it('takes a file by what its bytes are: a broken PDF is kept as unreadable, a text file is refused, a PNG named .pdf is a scan', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from billoflading`))[0].n;
    const broken = await send('billoflading/upload_bills_of_lading/', Buffer.from('%PDF-1.4 not really a PDF'), 'broken.pdf');
    expect(broken.status).toBe(201);
    expect(broken.body).toMatchObject({ status: 'failed', file_name: 'broken.pdf' });
    const [file] = ok(await call('GET', `billoflading_attachment/?bill_of_lading=${(broken.body as Doc).id}&page_size=0`)) as unknown as Record<string, unknown>[];
    expect(file).toMatchObject({ reading: 'failed' });
    expect(String(file.error)).toMatch(/could not be read/);
    const before = await count();
    const text = await send('billoflading/upload_bills_of_lading/', Buffer.from('hello'), 'notes.txt');
    expect([text.status, Object.keys(text.body as object), await count()]).toEqual([400, ['file'], before]);
    const png = await send('billoflading/upload_bills_of_lading/', MINIMAL_PNG, 'photo.pdf');
    expect(png.status).toBe(201);
    expect(ok(await call('GET', `billoflading_attachment/?bill_of_lading=${(png.body as Doc).id}&page_size=0`))).toMatchObject([{ content_type: 'image/png', reading: 'no_text' }]);
  });
});

describe("a document's files and trips by hand", () => {
  it('adds a file, makes it primary, reads it again, removes one; attaches a trip by hand', async () => {
    const doc = (await send('billoflading/upload_bills_of_lading/', MINIMAL_PNG, 'page1.png')).body as Doc;
    let withTwo = (await send(`billoflading/${doc.id}/save_attachment/`, shipment.pdf, 'page2.pdf')).body as Doc;
    // The PDF's text fills what was empty.
    expect(withTwo).toMatchObject({ bol_number: shipment.bol, file_name: 'page1.png' });
    const files = ok(await call('GET', `billoflading_attachment/?bill_of_lading=${doc.id}&ordering=created_at&page_size=0`)) as unknown as { id: number; primary: boolean }[];
    expect(files.map((f) => f.primary)).toEqual([true, false]);
    withTwo = ok(await call('POST', `billoflading/${doc.id}/set_as_primary_attachment/`, { attachment_id: files[1].id }, t.dispatcher)) as Doc;
    expect(withTwo.file_name).toBe('page2.pdf');
    ok(await call('POST', `billoflading/${doc.id}/retry_attachment/`, { attachment: files[1].id }, t.dispatcher));
    const removed = ok(await call('POST', `billoflading/${doc.id}/delete_attachment/`, { attachment_id: files[1].id }, t.dispatcher)) as Doc;
    expect(removed.file_name).toBe('page1.png');
    // A file renamed: the primary's new name is the document's.
    const renamed = ok(await call('PATCH', `billoflading_attachment/${files[0].id}/`, { file_name: 'signed copy.png' }, t.dispatcher));
    expect(renamed.file_name).toBe('signed copy.png');
    expect(ok(await call('GET', `billoflading/${doc.id}/`))).toMatchObject({ file_name: 'signed copy.png' });
    const last = await refused('POST', `billoflading/${doc.id}/delete_attachment/`, { attachment_id: files[0].id }, t.dispatcher);
    expect([last.status, last.changed]).toEqual([409, []]);

    // A trip attached by hand: a later loaded trip of the first car.
    const car = shipment.cars[0];
    ok(await call('POST', 'car_event/', { car: car.id, event_code: 'Z', event_time: '2026-11-25T10:00:00Z', station: 'HARDISTY', state_province: 'AB', railroad: 'CN', loaded: true }), 201);
    ok(await call('POST', 'car_event/', { car: car.id, event_code: 'W', event_time: '2026-11-27T10:00:00Z', station: 'FORT SASKATCHEWAN', state_province: 'AB', railroad: 'CN', loaded: true }), 201);
    const later = (await tripsOf(car.id)).filter((x) => x.kind === 'loaded')[1];
    const attached = ok(await call('POST', `billoflading/${doc.id}/attach_to_specific_trip/`, { trip_id: later.id, attachment_id: files[0].id }, t.dispatcher)) as Doc;
    expect(attached.cars).toContain(car.label);
    expect((await tripsOf(car.id)).find((x) => x.id === later.id)!.bill_of_lading).toBe(doc.id);
    const empty = (await tripsOf(car.id)).find((x) => x.kind === 'empty')!;
    const refusedEmpty = await refused('POST', `billoflading/${doc.id}/attach_to_specific_trip/`, { trip_id: empty.id }, t.dispatcher);
    expect([refusedEmpty.status, Object.keys(refusedEmpty.body as object), refusedEmpty.changed]).toEqual([400, ['trip_id'], []]);
    const notMine = await refused('POST', `billoflading/${doc.id}/set_as_primary_attachment/`, { attachment_id: 999_999 }, t.dispatcher);
    expect([notMine.status, Object.keys(notMine.body as object)]).toEqual([400, ['attachment_id']]);
  });

  it("a trip's own file: uploaded for it, corrected, removed with its document", async () => {
    const car = ok(await call('POST', 'car/', { mark: 'OWNX', number: 4242, car_type: 'T' }), 201);
    ok(await call('POST', 'car_event/', { car: car.id, event_code: 'W', event_time: '2026-11-10T10:00:00Z', station: 'SCOTFORD', state_province: 'AB', railroad: 'CN', loaded: true }), 201);
    const [trip] = await tripsOf(car.id as number);
    const up = await send(`trip/${trip.id}/upload_file/`, MINIMAL_PNG, 'own.png');
    expect(up.status).toBe(200);
    const docId = (up.body as Trip).bill_of_lading!;
    const fixed = ok(await call('POST', `trip/${trip.id}/save_extracted_data/`, { bol_number: 'own-1', bol_date: '2026-11-10', cars: ['OWNX 4242'], shipper: 'Own Shipper Ltd.' }, t.dispatcher)) as Trip;
    expect(fixed.bill_of_lading).toBe(docId);
    expect(ok(await call('GET', `billoflading/${docId}/`))).toMatchObject({ bol_number: 'OWN-1', shipper: 'Own Shipper Ltd.', status: 'matched' });
    const bad = await refused('POST', `trip/${trip.id}/save_extracted_data/`, { bol_date: 'soon' }, t.dispatcher);
    expect([bad.status, Object.keys(bad.body as object), bad.changed]).toEqual([400, ['bol_date'], []]);
    ok(await call('POST', `trip/${trip.id}/delete_file/`, {}, t.dispatcher));
    expect((await tripsOf(car.id as number))[0].bill_of_lading).toBeNull();
    expect((await call('GET', `billoflading/${docId}/`)).status).toBe(404);
    expect((await call('GET', `trip/${trip.id}/get_file/`)).status).toBe(404);
  });
});

describe('who may', () => {
  it('another company reads and touches none of it; the operator reads but does not upload; the driver has none', async () => {
    const [doc] = ok(await call('GET', 'billoflading/?page_size=0&ordering=created_at')) as unknown as Doc[];
    const [file] = ok(await call('GET', `billoflading_attachment/?bill_of_lading=${doc.id}&page_size=0`)) as unknown as { id: number; file: string }[];
    for (const [m, p, b] of [['GET', `billoflading/${doc.id}/`], ['GET', `billoflading/${doc.id}/trips/`], ['POST', `billoflading/${doc.id}/set_as_primary_attachment/`, { attachment_id: file.id }],
      ['PATCH', `billoflading/${doc.id}/`, { notes: 'x', version: doc.version }], ['DELETE', `billoflading/${doc.id}/`], ['GET', `billoflading_attachment/${file.id}/`]] as const) {
      const res = await refused(m, p, b, t.partner);
      expect([`${m} ${p}`, res.status, res.changed]).toEqual([`${m} ${p}`, 404, []]);
    }
    expect((await fetch(`${suite.s.url}/api/files/${file.file}/download/`, { headers: { Authorization: `Token ${t.partner}` } })).status).toBe(404);
    expect((ok(await call('GET', 'billoflading/?page_size=0', undefined, t.partner)) as unknown as unknown[]).length).toBe(0);
    // Refused before the body is read (an upload's bytes are not taken from one who may not upload).
    expect((await call('POST', 'billoflading/upload_bills_of_lading/', {}, t.operator)).status).toBe(403);
    expect(ok(await call('GET', `billoflading/${doc.id}/`, undefined, t.operator))).toMatchObject({ id: doc.id });
    expect((await call('GET', 'billoflading/', undefined, t.driver)).status).toBe(403);
    // Files are the document's: not made, changed or deleted through their own API.
    expect((await refused('DELETE', `billoflading_attachment/${file.id}/`, undefined, t.dispatcher)).status).toBe(400);
    expect((await refused('POST', 'billoflading/', { bol_number: 'X' }, t.dispatcher)).status).toBe(400);
  });
});
