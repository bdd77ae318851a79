/** The registry: every declared resource, by name. Adding a resource = one file + one line here. */
import type { Resource } from './define';
import { company } from './accounts/company';
import { group } from './accounts/group';
import { permission } from './accounts/permission';
import { user } from './accounts/user';
import { applicationConfiguration } from './accounts/application-configuration';
import { userPopup } from './accounts/user-popup';
import { erpExport } from './accounts/erp-export';
import { additionalField } from './accounts/additional-field';
import { setAdditionalTargets } from './additional-targets';
import { takesAdditionalFields } from './additional-values';
import { party } from './logistics/party';
import { facility } from './logistics/facility';
import { product } from './logistics/product';
import { riser, riserScheduleConfig } from './logistics/riser';
import { form } from './forms/form';
import { terminalResources } from './terminal/index';
import { car } from './fleet/car';
import { carEvent } from './fleet/car-event';
import { railResources } from './rail/index';
import { invitation } from './partner/invitation';
import { partnerRailContract } from './partner/rail-contract';
import { partnerRailOrder } from './partner/rail-order';
import { partnerRailNomination } from './partner/rail-nomination';
import { partnerRailShipment } from './partner/rail-shipment';
import { partnerTicket } from './partner/ticket';
import { trip } from './trace/trip';
import { railStation } from './trace/rail-station';
import { railRate } from './trace/rail-rate';
import { stcc } from './trace/stcc';
import { billOfLading } from './documents/bill-of-lading';
import { billOfLadingAttachment } from './documents/bill-of-lading-attachment';
import { scheduleResources } from './schedule/index';
import { auditResources } from './audit/index';
import { notification } from './notifications/notification';
import { report } from './reports/report';
import { invoiceResources } from './invoice/index';
import { yardResources } from './yard/index';

export const resources: Resource[] = [
  company, group, permission, user, applicationConfiguration, userPopup, erpExport, additionalField,
  party, facility, product, riser, riserScheduleConfig, form,
  ...terminalResources,
  car, carEvent,
  ...railResources,
  ...invoiceResources,
  ...yardResources,
  invitation, partnerRailContract, partnerRailOrder, partnerRailNomination, partnerRailShipment, partnerTicket,
  trip, railStation, railRate, stcc,
  billOfLading, billOfLadingAttachment,
  ...scheduleResources,
  ...auditResources,
  notification,
  report,
];

export const registry: ReadonlyMap<string, Resource> = new Map(resources.map((r) => [r.name, r]));

setAdditionalTargets(resources.filter(takesAdditionalFields)
  .map((r) => [r.name, `${r.pluralLabel} (${r.name})`] as const)
  .sort((a, b) => a[1].localeCompare(b[1])));

export function getResource(name: string): Resource {
  const r = registry.get(name);
  if (!r) throw new Error(`Unknown resource "${name}"`);
  return r;
}
