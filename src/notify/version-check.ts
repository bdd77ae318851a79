/**
 * The version-update flag (docs/shell.md, Version check). A fresh page load is by definition current, so it writes
 * its frontend version and the backend version it met into cookies. Later checks raise the flag when
 * the backend now answers another version, or another tab has loaded a newer frontend.
 */
export const BACKEND_COOKIE = 'backend_version';
export const FRONTEND_COOKIE = 'frontend_version';

export interface VersionState {
  storedBackend?: string | null;
  currentBackend?: string | null;
  storedFrontend?: string | null;
  currentFrontend: string;
}

export function updateNeeded(s: VersionState): boolean {
  const backendChanged = !!s.storedBackend && !!s.currentBackend && s.storedBackend !== s.currentBackend;
  const frontendChanged = !!s.storedFrontend && s.storedFrontend !== s.currentFrontend;
  return backendChanged || frontendChanged;
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export function cookieString(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
