/** Offers a reload when a newer backend or frontend is out (see version-check.ts). */
import { useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { apiFetch } from '../dataProvider/api-fetch';
import { FRONTEND_VERSION } from '../lib/app-version';
import { BACKEND_COOKIE, FRONTEND_COOKIE, cookieString, readCookie, updateNeeded } from '../notify/version-check';

const CHECK_EVERY_MS = 5 * 60 * 1000;

async function backendVersion(): Promise<string | null> {
  try {
    const res = await apiFetch<{ version?: string }>('user/backend_version/');
    return res?.version ?? null;
  } catch {
    return null; // offline or signed out: no verdict
  }
}

export function VersionBanner() {
  const [stale, setStale] = useState(false);

  useEffect(() => {
    let live = true;
    let bootBackend: string | null = null;
    backendVersion().then((v) => {
      bootBackend = v;
      if (v) document.cookie = cookieString(BACKEND_COOKIE, v);
      document.cookie = cookieString(FRONTEND_COOKIE, FRONTEND_VERSION);
    });
    const check = async () => {
      const current = await backendVersion();
      if (!live) return;
      setStale(updateNeeded({
        storedBackend: bootBackend ?? readCookie(document.cookie, BACKEND_COOKIE),
        currentBackend: current,
        storedFrontend: readCookie(document.cookie, FRONTEND_COOKIE),
        currentFrontend: FRONTEND_VERSION,
      }));
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => { if (document.visibilityState === 'visible') void check(); };
    document.addEventListener('visibilitychange', onVisible);
    return () => { live = false; clearInterval(timer); document.removeEventListener('visibilitychange', onVisible); };
  }, []);

  if (!stale) return null;
  return (
    <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="update-available"
      action={<Button color="inherit" size="small" onClick={() => window.location.reload()}>Reload</Button>}>
      A new version of the application is available.
    </Alert>
  );
}
