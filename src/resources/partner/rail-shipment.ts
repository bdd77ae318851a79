/**
 * Partner rail shipments (docs/partners.md, Partner shipments): the shipments a shipper makes on a
 * contract it shares with a partner, read through a view of the shipment table. The partner reads
 * those whose bill of lading is issued (shipped, reopened for correction, or since voided), never
 * the shipper's open work or what it called off; the owner reads here its shipments on shared
 * contracts. `{id}/print/` answers the bill of lading in force: the latest issued or corrected
 * copy, or the void copy of a void one, byte for byte as archived.
 */
import { defineResource } from '../define';
import { choice, date, datetime, integer, ref, text } from '../fields';
import { FREIGHT_CHARGES } from '../rail/rail-shipment';
import { SHIPMENT_STATUSES } from '../rail/rail-shipment-status';
import { partnerRecords } from './common';
import { PARTNER_CONTRACT } from './rail-contract';

export const PARTNER_SHIPMENT = 'partner/railshipment';
/** A partner's shipments: those whose bill of lading was issued. */
export const SHOWN_TO_PARTNER = ['shipped', 'in_correction', 'void'] as const;

export const partnerRailShipment = defineResource({
  name: PARTNER_SHIPMENT,
  label: 'Partner shipment',
  ...partnerRecords('wheelhouserailshipment'),
  viewOf: 'rail_shipment',
  table: 'rail_shipment',
  partner: { path: ['contract', 'party', 'platform_company'], sharedOnly: true, partnerSees: { field: 'status', values: SHOWN_TO_PARTNER } },
  timeZone: { path: ['origin', 'timezone'] },
  fields: {
    company: ref('company', { required: true, onDelete: 'cascade', readOnly: true, label: 'Shipper', help: 'The company that shipped.' }),
    shipment_number: text({ max: 30, readOnly: true, label: 'Shipment number' }),
    bol_number: text({ max: 30, readOnly: true, label: 'BOL number' }),
    bol_revision: integer({ readOnly: true, label: 'BOL revision', help: '0 = original; one more at each corrected bill of lading.' }),
    status: choice(SHIPMENT_STATUSES, { required: true, readOnly: true, chip: { shipped: 'active', void: 'inactive', cancelled: 'inactive' } }),
    contract: ref(PARTNER_CONTRACT, { readOnly: true, onDelete: 'restrict', label: 'Contract' }),
    ship_date: date({ readOnly: true, label: 'Ship date' }),
    shipped_at: datetime({ readOnly: true, label: 'Shipped at' }),
    counted_cars: integer({ readOnly: true, label: 'Cars' }),
    railroad: ref('party', { readOnly: true, onDelete: 'restrict', label: 'Railroad' }),
    origin: ref('facility', { readOnly: true, onDelete: 'restrict' }),
    destination: ref('facility', { readOnly: true, onDelete: 'restrict' }),
    product: ref('product', { readOnly: true, onDelete: 'restrict' }),
    routing: text({ max: 120, readOnly: true }),
    freight_charges: choice(FREIGHT_CHARGES, { required: true, readOnly: true, label: 'Freight charges' }),
    reference_number: text({ max: 40, readOnly: true, label: 'Reference number' }),
    shipper: ref('party', { readOnly: true, onDelete: 'restrict', label: 'Shipper (BOL)' }),
    consignee: ref('party', { readOnly: true, onDelete: 'restrict' }),
    void_reason: text({ max: 255, readOnly: true, label: 'Why void' }),
  },
  labelFields: [['bol_number', 'shipment_number', 'id']],
  list: {
    columns: ['bol_number', 'status', 'ship_date', 'contract', 'company', 'counted_cars', 'product', 'origin', 'destination', 'consignee'],
    compact: ['bol_number', 'status', 'ship_date'],
    search: ['bol_number', 'shipment_number', 'reference_number'],
    ordering: ['-ship_date', '-bol_number'],
  },
  form: {
    sections: [
      { label: 'Bill of lading', fields: ['bol_number', 'bol_revision', 'status', 'shipment_number', 'company', 'contract', 'reference_number', 'void_reason'] },
      { label: 'Route', fields: ['ship_date', 'shipped_at', 'origin', 'destination', 'railroad', 'routing', 'freight_charges'] },
      { label: 'Load', fields: ['product', 'counted_cars', 'shipper', 'consignee'] },
    ],
  },
  actions: {
    print: { on: 'detail', method: 'GET', permission: 'view', label: 'Print BOL', result: 'file' },
  },
});
