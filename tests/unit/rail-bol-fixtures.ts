/**
 * The facts, snapshots and PDF reading the rail bill of lading's unit tests share
 * (tests/unit/rail-bol-pdf.test.ts, rail-bol-v3.test.ts): snapshots built from facts through the
 * real `bolSnapshot`, the cars' values through `loadedCarValues` from §4.4's worked examples,
 * rendered with pdfmake and read back with poppler (`pdftotext -layout`, `pdfinfo`). With
 * BOL_SAMPLES=<dir> the documents are also written there, to be looked at.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BolSnapshot, bolSnapshot } from '../../server/actions/rail/bol-snapshot';
import type { BolFacts, LoadedCar } from '../../server/actions/rail/bol-facts';
import { renderPdf } from '../../server/print/pdf';
import { railBolV3 } from '../../server/print/rail-bol';
import { loadedCarValues } from '../../src/lib/rail-car-values';

// ---------------------------------------------------------------------------------------------
// Facts

export const company = {
  id: 1, name: 'Prairie Bulk Terminals Ltd.', code: 'PBT', address: '55 Range Road 222', city: 'Fort Saskatchewan', province: 'AB',
  postal_code: 'T8L 2P4', country: 'CA', phone: '+1 780 555 0100', email: 'rail@prairiebulk.example',
};
export const shipper = { ...company, id: 11 };
export const consignee = { id: 12, name: 'Gulf Coast Refining LLC', address: '1200 Refinery Rd', city: 'Port Arthur', province: 'TX', postal_code: '77640', country: 'US', phone: '+1 409 555 0199' };
export const freightPayer = { id: 13, name: 'Northern Crude Marketing Inc.', address: '400 3 Ave SW, Suite 1900', city: 'Calgary', province: 'AB', postal_code: 'T2P 4H2', country: 'CA', phone: '+1 403 555 0123' };
export const notify = { id: 14, name: 'Jones & Sons Brokers Inc.', address: '77 Harbour St', city: 'Houston', province: 'TX', postal_code: '77002', country: 'US', phone: '+1 713 555 0170' };
export const brokerUs = { id: 15, name: 'Border Customs Services LLC', address: '9 Port Way', city: 'Pembina', province: 'ND', postal_code: '58271', country: 'US' };
export const second = { id: 16, name: 'Lakehead Asphalt Co.', address: '5 Dock Rd', city: 'Thunder Bay', province: 'ON', postal_code: 'P7B 6B9', country: 'CA' };

export const crude = {
  id: 5, name: 'Crude oil', code: 'CRUDE', stcc: '4910165', harmonizedCode: '2709.00', unCode: 'UN1267', class: '3', packingGroup: 'I',
  shipping_name: 'Petroleum crude oil', technical_name: null, emergency_phone: '1-800-424-9300 (CHEMTREC)', erap_number: '2-1008-005',
};
export const canola = { id: 6, name: 'Canola oil', code: 'CANOLA', stcc: '2092130', harmonizedCode: '1514.11', unCode: null, class: null, packingGroup: null, shipping_name: null };

/** §4.4's worked examples: shell, outage, correction factor, density. */
export const EXAMPLES = [
  { shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700' },
  { shell_capacity: '25500.00', volume_outage: '412.50', temperature_correction_factor: '0.987654', density: '0.5080' },
  { shell_capacity: '13600.00', volume_outage: '136.00', temperature_correction_factor: '0.996000', density: '1.8300' },
];

export function car(mark: string, number: number, example: number, extra: Record<string, unknown> = {}): LoadedCar {
  const measures = { car_type: 'T', gal_to_liter_conversion_factor: '3.78541', weight: '0', ...EXAMPLES[example] };
  return {
    id: number, car_mark: mark, car_number: number, seal_number_1: `S${number}01`, seal_number_2: `S${number}02`, seal_number_3: null, seal_number_4: null,
    load_temperature: '60.00', embargo_number: null, embargo_permit_number: null, customs_barcode_number: null, ...measures, ...extra,
    values: loadedCarValues(measures),
  };
}

export const fourCars = () => [
  car('TILX', 1234, 0),
  car('TILX', 205338, 1, { seal_number_3: 'S20533803', seal_number_4: 'S20533804', embargo_number: 'EMB-55012', embargo_permit_number: 'P-778120', customs_barcode_number: '40012345678901' }),
  car('GATX', 88110, 2),
  car('UTLX', 640017, 0),
];

export function facts(over: Partial<BolFacts> = {}, shipment: Record<string, unknown> = {}): BolFacts {
  return {
    shipment: {
      id: 123, shipment_number: 'RS-000123', bol_number: 'PBT26000042', bol_revision: 0, status: 'shipped', ship_date: '2026-11-23',
      shipped_at: '2026-11-23T21:05:00.000Z', routing: 'CN EMRSN BNSF', accounting_rule_11: false, freight_charges: 'third_party', billing_type: 'Multiple',
      reference_number: 'PO-7781', export_permit: 'EP-2026-118', export_declaration: 'CAED 20261123-0042', is_master_billing: false,
      hazardous_certificate_person: 'Dana Whitford', void_reason: null, correction_reason: null, ...shipment,
    },
    company,
    parties: { shipper, consignee, freight_payer: freightPayer, notify_party: notify, custom_broker_us: brokerUs },
    origin: { id: 1, name: 'Fort Saskatchewan Terminal', code: 'FSK', city: 'Fort Saskatchewan', province: 'AB', country: 'CA', splc: '402570', timezone: 'America/Edmonton' },
    destination: { id: 2, name: 'Port Arthur Refinery', code: 'PAR', city: 'Port Arthur', province: 'TX', country: 'US', splc: '663790', timezone: 'America/Chicago' },
    railroad: { id: 20, name: 'Canadian National Railway', code: 'CN', scac: 'CN' },
    product: crude,
    contract: { id: 9, contract_number: 'S-2026-0012', contract_type: 'sale' },
    cars: fourCars(),
    subBillings: [],
    ...over,
  };
}

export const ISSUED = { kind: 'issued' as const, issuedAt: new Date('2026-11-23T21:05:00Z'), zone: 'America/Edmonton', issuedBy: 'Sam Siteadmin' };
export const snapshot = (f: BolFacts = facts()): BolSnapshot => bolSnapshot(f, ISSUED);
export const PRINTED = new Date('2026-11-24T16:30:00Z');

// ---------------------------------------------------------------------------------------------
// Reading the PDF

/**
 * A rendered document: its text laid out as on the page (`text`, `pages`, `flat` on one line), and
 * `stream`, the text in the order it was drawn (`pdftotext -raw`) on one line, a line broken after a
 * hyphen joined again: a wrapped cell reads whole there, not interleaved with its neighbours.
 */
export interface Read { pdf: Buffer; pages: string[]; text: string; flat: string; stream: string; pageCount: number }

export async function render(s: BolSnapshot, mark: 'draft' | 'correction_draft' | null = null, sample?: string, layout = railBolV3): Promise<Read> {
  const pdf = await renderPdf(layout(s, { mark, printedAt: PRINTED }));
  const dir = mkdtempSync(join(tmpdir(), 'rail-bol-'));
  const file = join(dir, 'bol.pdf');
  writeFileSync(file, pdf);
  if (sample && process.env.BOL_SAMPLES) writeFileSync(join(process.env.BOL_SAMPLES, `${sample}.pdf`), pdf);
  execFileSync('pdftotext', ['-layout', file, join(dir, 'bol.txt')]);
  const text = readFileSync(join(dir, 'bol.txt'), 'utf8');
  const stream = execFileSync('pdftotext', ['-raw', file, '-']).toString().replace(/-\n/g, '-').replace(/\s+/g, ' ');
  const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  const pages = text.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim());
  return { pdf, pages, text, flat: text.replace(/\s+/g, ' '), stream, pageCount };
}

export const pageOf = (r: Read, needle: string | RegExp) => r.pages.findIndex((p) => (typeof needle === 'string' ? p.includes(needle) : needle.test(p)));
