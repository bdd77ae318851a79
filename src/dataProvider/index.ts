/**
 * The app's data provider: react-admin's standard calls plus clone, count, metadata, options,
 * downloadTable, choices, autocomplete, picker, upload and callAction (see createDataProvider.ts).
 */
import { getToken } from '../authProvider/token';
import { createDataProvider } from './createDataProvider';

export type { AppDataProvider, ActionParams, Choice, DeletePreview, Suggestion } from './createDataProvider';
export { createDataProvider };

const dataProvider = createDataProvider({ apiUrl: '/api', getToken });
export default dataProvider;
