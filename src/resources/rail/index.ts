/** The rail area's declarations (docs/rail.md), in the order the registry lists them. */
import { bolNumber } from './bolnumber';
import { codeGenerator } from './code-generator';
import { contract } from './contract';
import { railSchedule, railScheduleEntry } from './rail-schedule';

export const railResources = [bolNumber, codeGenerator, contract, railSchedule, railScheduleEntry];
