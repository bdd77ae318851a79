/**
 * `GET rail_shipment/{id}/edi_404/` (docs/rail.md §10.5): the latest archived bill of lading as
 * an EDI X12 404, the message a railroad takes instead of paper: the issued or corrected copy of
 * a shipped shipment, the void copy (a cancellation) of a void one. Rendered from the archived
 * snapshot by the pure `renderEdi404` (server/print/edi-404.ts); the interchange's control number
 * is given from the company's `edi` series the first time a copy is rendered and kept on its row,
 * and its date and time are the copy's issue, so the same copy always answers the same text.
 */
import { eq } from 'drizzle-orm';
import { formatInZone, localDateIn } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { railBolArchive } from '../../db/rail-tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { badRequest, fieldError } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';
import { Edi404Error, type Edi404Shipment, EDI_404_PARTY_ROLES, renderEdi404 } from '../../print/edi-404';
import { latestArchive } from './bol-print';
import type { BolSnapshot } from './bol-snapshot';
import { giveNumber } from './numbering';

type ArchiveRow = typeof railBolArchive.$inferSelect;

/** The `edi` series: nine digits, never reset, no record to skip (docs/rail.md §9.2). */
const EDI_SERIES = { pattern: '{seq:9}', reset: 'never' as const, start_number: 1 };

/** The copy's control number, given once under the row's lock. */
async function controlNumber(db: Db, a: ArchiveRow): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: railBolArchive.edi_control_number }).from(railBolArchive).where(eq(railBolArchive.id, a.id)).for('update');
    if (row.n) return Number(row.n);
    const n = await giveNumber(tx, { companyId: a.company_id, series: 'edi', settings: EDI_SERIES, rule: 'code', taken: async () => false, maxLength: 9 });
    await tx.update(railBolArchive).set({ edi_control_number: n }).where(eq(railBolArchive.id, a.id));
    return Number(n);
  });
}

const party = (p: Row | null | undefined) => (p ? {
  name: String(p.name ?? ''), code: p.code as string | null, scac: p.scac as string | null, address: p.address as string | null,
  city: p.city as string | null, province: p.province as string | null, postal_code: p.postal_code as string | null, country: p.country as string | null,
} : null);

const station = (f: Row | null) => ({
  name: f?.name as string | null, city: String(f?.city ?? ''), province: String(f?.province ?? ''), country: f?.country as string | null, splc: f?.splc as string | null,
});

/** When the cars were released: the ship time on the origin's clock (the snapshot's zone), as the bill of lading states it. */
function released(s: BolSnapshot): Edi404Shipment['released'] {
  const at = s.shipment?.shipped_at;
  const date = at ? localDateIn(at, s.zone) : null;
  return date ? { date, time: formatInZone(at, s.zone).slice(11, 16) } : null;
}

/** The archived snapshot as the 404's input (the records' own field names on both sides). */
export function edi404Input(s: BolSnapshot, a: Pick<ArchiveRow, 'kind' | 'bol_number'>, envelope: Edi404Shipment['envelope']): Edi404Shipment {
  const sh = s.shipment as Row;
  const cars = (s.shipment?.is_master_billing ? s.sub_billings.flatMap((b) => b.cars) : s.cars) as Row[];
  const p = (s.product ?? {}) as Row;
  return {
    envelope,
    kind: a.kind as Edi404Shipment['kind'],
    bol_number: a.bol_number,
    master_billing: Boolean(sh.is_master_billing),
    reference_number: sh.reference_number as string | null,
    contract_number: (s.contract as Row | null)?.contract_number as string | null,
    ship_date: String(sh.ship_date),
    released: released(s),
    // The certifier the printed copy names (server/print/rail-bol-closing.ts): the shipment's, else who issued it.
    certifier: String(sh.hazardous_certificate_person ?? '').trim() || String(s.issued_by ?? '').trim() || null,
    residue: Boolean(sh.residue),
    railroad: { name: (s.railroad as Row | null)?.name as string | null, scac: String((s.railroad as Row | null)?.scac ?? '') },
    freight_charges: sh.freight_charges as Edi404Shipment['freight_charges'],
    accounting_rule_11: Boolean(sh.accounting_rule_11),
    billing_type: sh.billing_type as Edi404Shipment['billing_type'],
    routing: sh.routing as string | null,
    origin: station(s.origin as Row | null),
    destination: station(s.destination as Row | null),
    parties: Object.fromEntries(EDI_404_PARTY_ROLES.map((role) => [role, party((s.parties as Record<string, Row>)[role])])),
    cars: cars.map((c) => ({
      car_mark: String(c.car_mark), car_number: c.car_number as number, car_type: String(c.car_type),
      seal_number_1: c.seal_number_1 as string | null, seal_number_2: c.seal_number_2 as string | null,
      seal_number_3: c.seal_number_3 as string | null, seal_number_4: c.seal_number_4 as string | null, weight: String(c.weight),
    })),
    product: {
      name: String(p.name ?? ''), stcc: String(p.stcc ?? ''), hazardous: Boolean(p.hazardous), unCode: p.unCode as string | null,
      class: p.class as string | null, packingGroup: p.packingGroup as 'I' | 'II' | 'III' | null, shipping_name: p.shipping_name as string | null,
      technical_name: p.technical_name as string | null, emergency_phone: p.emergency_phone as string | null, erap_number: p.erap_number as string | null,
      // Since snapshot version 3 (docs/rail.md §10.7); an earlier snapshot has none, and its 404 sends none.
      erap_phone: p.erap_phone as string | null, emergency_registrant: p.emergency_registrant as string | null,
      subsidiary_classes: p.subsidiary_classes as string | null, rq: p.rq as boolean | null, hazardous_substance: p.hazardous_substance as string | null,
      marine_pollutant: p.marine_pollutant as boolean | null, inhalation_hazard_zone: p.inhalation_hazard_zone as string | null,
      elevated_temperature: p.elevated_temperature as boolean | null,
    },
  };
}

export const edi404: ActionHandler = async ({ db, record }) => {
  const shipment = record!;
  if (shipment.status !== 'shipped' && shipment.status !== 'void') throw fieldError('status', 'Only an issued bill of lading has an EDI 404.');
  const a = await latestArchive(db, shipment.id as number, shipment.status === 'void' ? ['void'] : ['issued', 'corrected']);
  if (!a) throw badRequest({ status: ['This shipment has no archived bill of lading.'] });
  const s = a.snapshot as BolSnapshot;
  // The interchange's date and time are the copy's issue, on the issuing company's wall clock.
  const zone = await companyTimeZone(db, a.company_id);
  const envelope = {
    sender_id: String((s.company as Row | null)?.code ?? ''), receiver_id: String((s.railroad as Row | null)?.scac ?? ''),
    control_number: await controlNumber(db, a), date: localDateIn(a.issued_at, zone)!, time: formatInZone(a.issued_at, zone).slice(11, 16),
  };
  let text: string;
  try {
    text = renderEdi404(edi404Input(s, a, envelope));
  } catch (e) {
    if (e instanceof Edi404Error) throw badRequest({ non_field_errors: e.problems });
    throw e;
  }
  return download(`edi404-${a.bol_number}${a.revision ? `-r${a.revision}` : ''}${a.kind === 'void' ? '-void' : ''}.txt`, 'text/plain; charset=utf-8', Buffer.from(text, 'utf8'));
};
