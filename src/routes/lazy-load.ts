/**
 * Loading lazy chunks with a time limit (docs/shell.md, Errors: a script chunk load times out after 120 s), and
 * remembering what has loaded so a second visit renders at once.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`This part of the application did not load within ${Math.round(ms / 1000)} seconds.`);
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    load().then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e: unknown) => { clearTimeout(timer); reject(e instanceof Error ? e : new Error(String(e))); },
    );
  });
}

const loaded = new WeakMap<() => Promise<unknown>, unknown>();

export function cachedModule<T>(loader: () => Promise<T>): T | undefined {
  return loaded.get(loader) as T | undefined;
}

export async function loadModule<T>(loader: () => Promise<T>, ms?: number): Promise<T> {
  const hit = loaded.get(loader) as T | undefined;
  if (hit) return hit;
  const mod = await withTimeout(loader, ms);
  loaded.set(loader, mod);
  return mod;
}
