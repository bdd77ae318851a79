/**
 * The snapshot of a bill of lading (docs/rail.md §10.1): everything the document prints, taken
 * from the loaded facts when it is issued and kept in the archive, so an issued document never
 * changes when a party's address or a product is edited later. The PDF, the EDI 404 and the mails
 * read it, never the live records.
 */
import { loadedCarFilling } from '../../../src/lib/car-filling';
import { isHazardous } from '../../../src/lib/hazmat';
import { loadedCarTotals } from '../../../src/lib/rail-car-values';
import { PARTY_FIELDS } from '../../../src/resources/rail/rail-shipment';
import type { Row } from '../../engine/serialize';
import type { BolFacts, LoadedCar } from './bol-facts';

/** The template a document is issued with now; an archived copy keeps the version it was issued with (server/print/rail-templates.ts). */
export const BOL_TEMPLATE = { code: 'rail-bol-custom', version: 4 } as const;

export type BolKind = 'issued' | 'corrected' | 'void';

const pick = (row: Row | null, names: readonly string[]) =>
  row ? Object.fromEntries(names.map((n) => [n, row[n] ?? null])) : null;

const PARTY_PRINTED = ['id', 'name', 'code', 'scac', 'address', 'city', 'province', 'postal_code', 'country', 'phone', 'email'] as const;
const FACILITY_PRINTED = ['id', 'name', 'code', 'city', 'province', 'country', 'splc', 'timezone'] as const;
const PRODUCT_PRINTED = [
  'id', 'name', 'code', 'stcc', 'harmonizedCode', 'unCode', 'class', 'packingGroup', 'shipping_name', 'technical_name', 'emergency_phone', 'erap_number',
  // Since layout version 3 (docs/rail.md §10.7); a snapshot issued before has none of them, and its layout prints none.
  'subsidiary_classes', 'rq', 'hazardous_substance', 'marine_pollutant', 'inhalation_hazard_zone', 'elevated_temperature', 'emergency_registrant', 'erap_phone',
] as const;
const SHIPMENT_PRINTED = [
  'id', 'shipment_number', 'bol_number', 'bol_revision', 'status', 'ship_date', 'shipped_at', 'routing', 'accounting_rule_11', 'freight_charges',
  'billing_type', 'reference_number', 'export_permit', 'export_declaration', 'is_master_billing', 'hazardous_certificate_person', 'void_reason', 'correction_reason',
  'residue',
] as const;
const CAR_PRINTED = [
  'id', 'car_mark', 'car_number', 'car_type', 'seal_number_1', 'seal_number_2', 'seal_number_3', 'seal_number_4', 'shell_capacity', 'volume_outage',
  'temperature_correction_factor', 'load_temperature', 'density', 'embargo_number', 'embargo_permit_number', 'customs_barcode_number',
] as const;

/**
 * A car as printed; for a dangerous good, since layout version 4, its filling check as worked out
 * when the document is issued (docs/loading.md, Maximum permitted filling).
 */
function carOf(c: LoadedCar, product: Row | null) {
  const filling = product && isHazardous(product) ? loadedCarFilling(product, c) : null;
  return { ...pick(c, CAR_PRINTED), ...c.values, ...(filling ? { filling } : {}) };
}

/** A shipment's printed cars and totals; a sub-billing without a product of its own is checked with its master's. */
function cars(f: BolFacts, masterProduct: Row | null = null) {
  const product = f.product ?? masterProduct;
  const own = f.cars.map((c) => carOf(c, product));
  return { cars: own, totals: loadedCarTotals(f.cars.map((c) => c.values)) };
}

export interface SnapshotMeta {
  kind: BolKind;
  issuedAt: Date;
  /** The origin's zone, in which the document states its times. */
  zone: string;
  issuedBy: string;
}

/** The document as it is issued now. */
export function bolSnapshot(f: BolFacts, meta: SnapshotMeta) {
  const subBillings = f.subBillings.map((sub) => ({
    shipment_number: sub.shipment.shipment_number, bol_number: sub.shipment.bol_number,
    consignee: pick(sub.parties.consignee ?? null, PARTY_PRINTED), ...cars(sub, f.product),
  }));
  const mine = cars(f);
  const all = f.shipment.is_master_billing ? f.subBillings.flatMap((s) => s.cars) : f.cars;
  return {
    template: BOL_TEMPLATE,
    kind: meta.kind,
    issued_at: meta.issuedAt.toISOString(),
    zone: meta.zone,
    issued_by: meta.issuedBy,
    company: pick(f.company, ['id', 'name', 'code', 'address', 'city', 'province', 'postal_code', 'country', 'phone', 'email']),
    shipment: pick(f.shipment, SHIPMENT_PRINTED),
    contract: pick(f.contract, ['id', 'contract_number', 'contract_type']),
    parties: Object.fromEntries(PARTY_FIELDS.filter((n) => f.parties[n]).map((n) => [n, pick(f.parties[n], PARTY_PRINTED)])),
    origin: pick(f.origin, FACILITY_PRINTED),
    destination: pick(f.destination, FACILITY_PRINTED),
    railroad: pick(f.railroad, PARTY_PRINTED),
    product: f.product ? { ...pick(f.product, PRODUCT_PRINTED), hazardous: isHazardous(f.product) } : null,
    cars: mine.cars,
    sub_billings: subBillings,
    totals: f.shipment.is_master_billing ? loadedCarTotals(all.map((c) => c.values)) : mine.totals,
  };
}

export type BolSnapshot = ReturnType<typeof bolSnapshot>;
