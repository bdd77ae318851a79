/** A small terminal made through the API for the ticket tests: a site, parties, equipment and a full ticket. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './harness';

export const TB = '/api/terminalboss/v3';

export interface Terminal {
  site: any; unit: any; product: any; water: any; shipper: any; consignee: any; carrier: any; producer: any;
  driver: any; truck: any; trailer: any; tank: any; bay: any;
}

async function post(s: TestServer, token: string, path: string, body: unknown) {
  const res = await s.call('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  return res.body;
}

export async function makeTerminal(s: TestServer, token: string, tag = 'A'): Promise<Terminal> {
  const site = await post(s, token, `${TB}/site/`, {
    name: `Fort Saskatchewan Terminal ${tag}`, username: `fsk-${tag.toLowerCase()}`, timezone: 'America/Edmonton',
    additional_data: { address: '11020 Petroleum Way, Fort Saskatchewan AB T8L 3T1' },
  });
  const unit = await post(s, token, '/api/terminalboss/measurementunit/', { name: 'Cubic metre', code: 'm³', unit_type: 'volume' });
  const product = await post(s, token, `${TB}/product/`, {
    product_name: 'Petroleum Crude Oil', product_code: `CRUDE${tag}`, unCode: 'UN1267', hazard_class: '3', packingGroup: 'I',
    shipping_name: 'Petroleum crude oil', stcc: '4910165', harmonized_system_tariff_number: '2709.00', chemical_abstracts_service_number: '8002-05-9',
  });
  const water = await post(s, token, `${TB}/product/`, { product_name: 'Produced Water', product_code: `PW${tag}`, productType: 'produced_water' });
  const company = (name: string, code: string, city: string) => post(s, token, `${TB}/company/`, {
    name, company_code: `${code}${tag}`, address: '400 3 Ave SW', city, province: 'AB', postal_code: 'T2P 4H2', country: 'CA',
  });
  const shipper = await company('Peace River Oil Corp.', 'PRO', 'Calgary');
  const consignee = await company('Gulf Coast Refining LLC', 'GCR', 'Edmonton');
  const carrier = await company('Northern Tank Lines Ltd.', 'NTL', 'Nisku');
  const producer = await company('Swan Hills Producers Inc.', 'SHP', 'Swan Hills');
  const driver = await post(s, token, `${TB}/driver/`, { first_name: 'Morgan', last_name: 'Reid', carrier: carrier.id, license_number: 'AB1234567', license_jurisdiction: 'AB', license_class: '1', phone: '+1 780 555 0199' });
  const truck = await post(s, token, `${TB}/vehicle/`, { unit_number: `T-114${tag}`, vehicle_type: 'tractor', license_plate: 'BXK4021', plate_jurisdiction: 'AB', carrier: carrier.id });
  const trailer = await post(s, token, `${TB}/vehicle/`, { unit_number: `TR-88${tag}`, vehicle_type: 'trailer', license_plate: 'TRL8812', plate_jurisdiction: 'AB', carrier: carrier.id });
  const tank = await post(s, token, `${TB}/location/`, { name: 'Tank 12', code: `TK12${tag}`, location_type: 'tank', site: site.id });
  const bay = await post(s, token, `${TB}/location/`, { name: 'Truck bay 3', code: `BAY3${tag}`, location_type: 'truck_bay', site: site.id });
  return { site, unit, product, water, shipper, consignee, carrier, producer, driver, truck, trailer, tank, bay };
}

/** A minimal ticket body; `extra` adds or overrides fields. */
export const ticketBody = (t: Terminal, extra: Record<string, unknown> = {}) => ({
  created_by_server: t.site.id, ticket_date: '2026-11-20', product: t.product.id, ...extra,
});

/** A ticket with every printed part filled in: parties, measurement, entries and properties. */
export async function fullTicket(s: TestServer, token: string, t: Terminal, extra: Record<string, unknown> = {}) {
  const ticket = await post(s, token, `${TB}/ticket/`, ticketBody(t, {
    status: 'in_progress', ticket_type: 'receipt', start_time: '2026-11-20T15:05:00Z', end_time: '2026-11-20T15:48:00Z',
    source_location: t.bay.id, destination_location: t.tank.id,
    shipper: t.shipper.id, consignee: t.consignee.id, producer: t.producer.id, carrier: t.carrier.id,
    vehicle: t.truck.id, trailer: t.trailer.id, driver: t.driver.id, volume_unit: t.unit.id,
    gross_volume: '38.412', net_volume: '37.986', water_volume: '0.154', bsw_percent: '0.400', temperature: '12.40', pressure: '101.30',
    observed_density: '842.100', density_15c: '839.700', correction_factor: '0.99700', gross_weight: '45210.0', tare_weight: '13080.0', net_weight: '32130.0',
    bol_number: 'BOL-778812', po_number: 'PO-5531', seal_numbers: 'S-100234, S-100235', comments: 'Load received without remarks.',
    driver_signature: 'M. Reid', operator_signature: 'O. Operator', ...extra,
  }));
  await post(s, token, `${TB}/ticketentry/`, { ticket: ticket.id, sequence: 1, entry_type: 'meter', location: t.bay.id, recorded_at: '2026-11-20T15:06:00Z', start_reading: '1204331.200', end_reading: '1204369.612', gross_volume: '38.412', net_volume: '37.986', temperature: '12.40', density: '842.100', bsw_percent: '0.400' });
  await post(s, token, `${TB}/ticketentry/`, { ticket: ticket.id, sequence: 2, entry_type: 'sample', location: t.tank.id, recorded_at: '2026-11-20T15:30:00Z', comments: 'Composite sample' });
  await post(s, token, `${TB}/ticketproperty/`, { ticket: ticket.id, name: 'H2S', value: '12', unit: 'ppm' });
  await post(s, token, `${TB}/ticketproperty/`, { ticket: ticket.id, name: 'RVP', value: '68.5', unit: 'kPa' });
  return ticket;
}

/**
 * Text of a PDF through poppler's pdftotext, layout kept (or `raw`: in the order it was drawn, so a
 * wrapped table cell reads whole), and its page count through pdfinfo.
 */
export function pdfText(pdf: Buffer, mode: 'layout' | 'raw' = 'layout'): string {
  const dir = mkdtempSync(join(tmpdir(), 'tickets-pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftotext', [`-${mode}`, file, join(dir, 'doc.txt')]);
  return readFileSync(join(dir, 'doc.txt'), 'utf8');
}

export function pdfPages(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'tickets-pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file]).toString();
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** GET a binary answer. */
export async function getBinary(s: TestServer, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(s.url + path, { ...init, headers: { authorization: `Token ${token}`, ...(init.headers ?? {}) } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

export const expectPdf = (res: { status: number; headers: Headers; body: Buffer }) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
};

/** The entries of a zip (names and contents), read from its central directory; enough for archiver's output. */
export function unzipEntries(zip: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let i = zip.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = zip.indexOf('PK\x01\x02', i + 4, 'latin1')) {
    const method = zip.readUInt16LE(i + 10);
    const size = zip.readUInt32LE(i + 20);
    const nameLen = zip.readUInt16LE(i + 28);
    const local = zip.readUInt32LE(i + 42);
    const name = zip.subarray(i + 46, i + 46 + nameLen).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
  }
  return out;
}

/**
 * Makes the demo driver the driver of the first `n` tickets by code, so he may print and mail
 * them: he reads only his own loads (docs/terminal.md, Drivers). Returns their ids in that order.
 */
export async function driverLoads(s: TestServer, driverToken: string, n: number): Promise<string[]> {
  const [mine] = (await s.call('GET', `${TB}/driver/?page_size=0`, { token: driverToken })).body;
  await s.database.db.execute(sql`update terminalboss_v3_ticket set driver_id = ${mine.id}
    where id in (select id from terminalboss_v3_ticket order by code limit ${n})`);
  const ids = (await s.call('GET', `${TB}/ticket/?page_size=${n}&ordering=code`, { token: driverToken })).body.results.map((t: { id: string }) => t.id);
  expect(ids).toHaveLength(n);
  return ids;
}
