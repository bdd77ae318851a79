/**
 * The device's position for "Near me" (docs/trace.md, Maps). A browser offers it only
 * in a secure context: a site server on its own network over plain HTTP has none, and a person may
 * refuse, or the device may not know. Each failure is only logged (the map stays where it was); a
 * browser without geolocation answers null at once.
 */
export interface Position { latitude: number; longitude: number }

const REASONS: Record<number, string> = { 1: 'permission denied', 2: 'position unavailable', 3: 'timeout' };

export function currentPosition(timeoutMs = 10_000): Promise<Position | null> {
  const geo = typeof navigator !== 'undefined' && window.isSecureContext ? navigator.geolocation : undefined;
  if (!geo) {
    console.info('Geolocation: not supported here (a secure context is needed).');
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (e) => {
        console.info(`Geolocation: ${REASONS[e.code] ?? 'unknown error'}${e.message ? ` (${e.message})` : ''}.`);
        resolve(null);
      },
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
