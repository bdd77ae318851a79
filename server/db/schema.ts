/** The whole database schema: derived resource tables plus the platform's and the areas' own tables. */
import { allResourceTables } from './tables';
import * as internal from './internal-tables';
import * as terminal from './terminal-tables';
import * as rail from './rail-tables';
import * as schedule from './schedule-tables';
import * as reports from './report-tables';

export const schema = { ...allResourceTables(), ...internal, ...terminal, ...rail, ...schedule, ...reports };
