/** The rail area's declarations (docs/rail.md), in the order the registry lists them. */
import { bolNumber } from './bolnumber';
import { codeGenerator } from './code-generator';
import { contract } from './contract';
import { contractDefaults } from './contract-defaults';
import { gaugeTable } from './gauge-table';
import { loadedRailCar } from './loaded-rail-car';
import { railSchedule, railScheduleEntry } from './rail-schedule';
import { railShipment, railShipmentTemplate } from './rail-shipment';
import { waybill } from './waybill';

export const railResources = [bolNumber, codeGenerator, contract, contractDefaults, railSchedule, railScheduleEntry, railShipment, loadedRailCar, railShipmentTemplate, waybill, gaugeTable];
