/** The whole database schema: derived resource tables plus the platform's own tables. */
import { allResourceTables } from './tables';
import * as internal from './internal-tables';

export const schema = { ...allResourceTables(), ...internal };
