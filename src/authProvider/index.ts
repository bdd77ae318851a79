/**
 * The app's auth provider: token sign-in and single sign-on, the session profile (`getPermissions`),
 * canAccess from the shared permission rules, and getToken / getProfile / refreshProfile for screens.
 */
import { createAuthProvider } from './createAuthProvider';

export { createAuthProvider, LOGIN_PATH, LOGIN_ERROR_KEY } from './createAuthProvider';
export type { AppAuthProvider, Profile } from './createAuthProvider';
export { getToken } from './token';

const authProvider = createAuthProvider();
export default authProvider;
