/**
 * The browser app's error reporting (docs/security.md, Error reporting): off unless the server names
 * a DSN (`error-reporting/`, read once at start, before sign-in). Then the reporting SDK is loaded
 * (its own chunk: nothing of it in the app's bundle while reporting is off) and reports uncaught
 * errors and rejections, React's render errors, a tenth of the page loads as traces and a tenth of
 * the sessions as replays, every session with an error in full; texts and media are masked in
 * replays, and no request carries a token or body to the service.
 */
interface Settings {
  dsn: string | null; environment: string; release: string;
  tracesSampleRate: number; replaysSessionSampleRate: number; replaysOnErrorSampleRate: number;
}

type Reporter = { captureException(e: unknown, hint?: { mechanism?: { handled: boolean } }): void };
let reporter: Reporter | null = null;

/** Headers that never leave in a breadcrumb or event. */
const SECRET = /^(authorization|cookie|x-api-key)$/i;

export async function startErrorReporting(fetchSettings: () => Promise<Response> = () => fetch('/api/error-reporting/')): Promise<boolean> {
  let settings: Settings;
  try {
    const res = await fetchSettings();
    if (!res.ok) return false;
    settings = await res.json() as Settings;
  } catch {
    return false; // The app works without reporting; a server that cannot say leaves it off.
  }
  if (!settings.dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true })],
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    // Traces stay in the browser: no trace header is added to the app's own API calls.
    tracePropagationTargets: [],
    beforeSend(event) {
      const headers = event.request?.headers;
      if (headers) for (const h of Object.keys(headers)) if (SECRET.test(h)) delete headers[h];
      return event;
    },
  });
  reporter = Sentry;
  return true;
}

/** React's render errors (createRoot's handlers): reported when reporting is on, always logged. */
export function reportRenderError(error: unknown) {
  console.error(error);
  reporter?.captureException(error, { mechanism: { handled: false } });
}
