/** The API token, kept in localStorage so a reload stays signed in. */
const KEY = 'token';

export const getToken = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY));
export const setToken = (key: string) => localStorage.setItem(KEY, key);
export const clearToken = () => localStorage.removeItem(KEY);
