/**
 * What a shipment needs before its bill of lading is issued (docs/rail.md §8.1, step 2): every
 * fault at once, a message per field, so a dispatcher fixes them in one pass. Pure over the
 * loaded facts (bol-facts.ts) and the origin's local date.
 */
import { hazmatGaps, isHazardous } from '../../../src/lib/hazmat';
import { isTankCar } from '../../../src/lib/rail-car-values';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { ErrorBag } from '../../engine/errors';
import type { BolFacts } from './bol-facts';

/** The header fields a bill of lading cannot be without, in the form's order. */
const REQUIRED = ['shipper', 'consignee', 'railroad', 'origin', 'destination', 'product', 'ship_date'] as const;

/** The customs broker the destination country's customs need (§8.1). */
export const BROKER_BY_COUNTRY: Readonly<Record<string, string>> = { US: 'custom_broker_us', MX: 'custom_broker_mx', CA: 'custom_broker' };

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const labelOf = (field: string) => {
  const label = railShipment.fields[field]?.label ?? field;
  return label[0].toLowerCase() + label.slice(1);
};
const carName = (c: Record<string, unknown>) => `${String(c.car_mark)} ${String(c.car_number)}`;

/**
 * The faults of one shipment (a master's own header, or a sub-billing's), added to `errors`;
 * `prefix` names a sub-billing in its master's answer.
 */
export function shipFaults(f: BolFacts, o: { today: string; signer: string | null; errors: ErrorBag; prefix?: string; isMaster?: boolean }) {
  const s = f.shipment;
  const add = (field: string, msg: string) => o.errors.add(field, o.prefix ? `${o.prefix}: ${msg}` : msg);
  // A master billing's consignees are its sub-billings' (§8.5).
  for (const field of REQUIRED) if (blank(s[field]) && !(o.isMaster && field === 'consignee')) add(field, `Name the ${labelOf(field)} before shipping.`);
  if (s.freight_charges === 'third_party' && blank(s.freight_payer)) add('freight_payer', 'Name the freight payer: the freight is billed to a third party.');
  if (s.accounting_rule_11 && blank(s.routing)) add('routing', 'Write the route: under Rule 11 each railroad bills its own part of it.');
  if (f.railroad && blank(f.railroad.scac)) add('railroad', `${String(f.railroad.name)} has no SCAC; add it on the party.`);
  const cars = o.isMaster ? f.subBillings.flatMap((x) => x.cars) : f.cars;
  if (!cars.length) add('cars', 'Add at least one car.');
  for (const c of o.isMaster ? [] : f.cars) {
    if (Number(c.volume_outage) >= Number(c.shell_capacity)) add('cars', `${carName(c)}: the outage is not less than the shell capacity.`);
    if (isTankCar(String(c.car_type)) && Number(c.density) === 0) add('cars', `${carName(c)}: the density is 0.`);
    if (!isTankCar(String(c.car_type)) && Number(c.weight) === 0) add('cars', `${carName(c)}: give its weight.`);
  }
  if (f.product) {
    for (const gap of hazmatGaps(f.product)) add('product', gap);
    if (isHazardous(f.product) && blank(o.signer)) add('hazardous_certificate_person', 'Name the person who signs the dangerous goods certification.');
  }
  const from = String(f.origin?.country ?? '').toUpperCase();
  const to = String(f.destination?.country ?? '').toUpperCase();
  if (from && to && from !== to) {
    const broker = BROKER_BY_COUNTRY[to];
    if (broker && blank(s[broker])) add(broker, `Name the ${labelOf(broker)}: the cars cross into ${to}.`);
  }
  if (!blank(s.ship_date)) {
    const day = String(s.ship_date);
    if (day > o.today) add('ship_date', `${String(f.origin?.name ?? 'The origin')} is still on ${o.today}.`);
    if (f.contract && (day < String(f.contract.start_date) || day > String(f.contract.end_date))) {
      add('ship_date', `${day} is outside contract ${String(f.contract.contract_number)} (${String(f.contract.start_date)} to ${String(f.contract.end_date)}).`);
    }
  }
  if (f.contract?.status === 'cancelled') add('contract', `Contract ${String(f.contract.contract_number)} is cancelled.`);
}
