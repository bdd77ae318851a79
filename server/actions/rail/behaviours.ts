/** What the rail resources do beyond their declarations (docs/rail.md §6), one entry per resource. */
import { defineBehaviour } from '../../engine/behaviour';
import { contract } from '../../../src/resources/rail/contract';
import { bolNumberBehaviour, codeGeneratorBehaviour } from './numbering-config';
import { contractComputed, contractDefaultsHooks, contractHooks } from './contract-rules';
import { contractDefaults } from '../../../src/resources/rail/contract-defaults';
import { connect, createPurchase, createSale } from './contract-mirror';
import { cloneMultiple } from './contract-copies';
import { getDashboardContractList, getShipmentsCount, getShortContractList } from './contract-lists';
import { railScheduleBehaviour, railScheduleEntryBehaviour, withSchedule } from './schedule';
import { railShipment, railShipmentTemplate } from '../../../src/resources/rail/rail-shipment';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { shipmentComputed, shipmentHooks } from './shipment-rules';
import { loadedCarComputed, loadedCarHooks } from './loaded-car-rules';
import { contractShipmentActions, scheduleCarActions, scheduleShipmentActions, shipmentActions } from './shipments';
import { loadedCarActions, moreShipmentActions, templateActions } from './shipment-actions';
import { facilityBehaviour } from './facility';
import { shippingActions } from './ship';
import { bolPrintActions } from './bol-print';
import { bolSendActions } from './bol-send';
import { edi404 } from './edi-404';
import { masterBillingActions } from './master-billing';
import { addCars } from './car-paste';
import { waybillBehaviour } from './waybill';
import { gaugeTableBehaviour } from './gauge-table';
import { contractHistory, LINKS, shipmentHistory, withHistory } from './rail-history';
import { bolContractHistory } from './bol-contract-history';
import { railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { carBillToSql, carInvoiceSql, carShipDateSql } from '../invoice/invoice-cars';
import { carCrossingSql, carCustomsInvoiceSql } from '../invoice/customs-make';

export const railBehaviours = [
  bolNumberBehaviour,
  codeGeneratorBehaviour,
  defineBehaviour(contractDefaults, { hooks: contractDefaultsHooks }),
  defineBehaviour(contract, {
    hooks: withHistory(contract, withSchedule(contractHooks), LINKS.contract),
    computed: contractComputed,
    actions: { ...contractShipmentActions, create_sale: createSale, create_purchase: createPurchase, connect, clone_multiple: cloneMultiple, get_short_contract_list: getShortContractList,
      history: contractHistory, bol_contract_history: bolContractHistory,
      get_dashboard_contract_list: getDashboardContractList, get_shipments_count: getShipmentsCount,
    },
  }),
  { ...railScheduleBehaviour, actions: { ...railScheduleBehaviour.actions, ...scheduleShipmentActions, ...scheduleCarActions } },
  { ...railScheduleEntryBehaviour, hooks: withHistory(railScheduleEntry, railScheduleEntryBehaviour.hooks ?? {}, LINKS.rail_schedule_entry) },
  defineBehaviour(railShipment, {
    hooks: withHistory(railShipment, shipmentHooks, LINKS.rail_shipment),
    computed: shipmentComputed,
    actions: { ...shipmentActions, ...moreShipmentActions, ...shippingActions, ...bolPrintActions, ...bolSendActions, edi_404: edi404, ...masterBillingActions, add_cars: addCars, history: shipmentHistory },
  }),
  defineBehaviour(loadedRailCar, { hooks: withHistory(loadedRailCar, loadedCarHooks, LINKS.loaded_rail_car), computed: { ...loadedCarComputed, invoice: carInvoiceSql, bill_to: carBillToSql, ship_date: carShipDateSql, crossing: carCrossingSql, customs_invoice: carCustomsInvoiceSql }, actions: loadedCarActions }),
  defineBehaviour(railShipmentTemplate, { actions: templateActions }),
  facilityBehaviour,
  waybillBehaviour,
  gaugeTableBehaviour,
];
